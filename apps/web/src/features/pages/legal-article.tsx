import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/lib/format.ts';
import { ArrowUp } from '../../shared/ui/icons.tsx';
import { PageHeader, type PageLink, RelatedLinks } from './page-blocks.tsx';
import { type LegalSection, readSections } from './page-content.ts';
import { usePageLanguage } from './use-page-language.ts';

export type LegalArticleProps = {
  /** Prefix of the element ids (`{idPrefix}-top`, `{idPrefix}-toc`). */
  idPrefix: string;
  title: string;
  intro: string;
  updated: string;
  sections: readonly LegalSection[];
  related: readonly PageLink[];
};

/**
 * The layout of a legal document (privacy policy, terms): the title and date, a table of contents
 * whose anchor links point at the section ids (a sticky side column from lg up), then the numbered
 * sections with their paragraphs, bullet lists and closing paragraphs.
 */
export function LegalArticle({ idPrefix, title, intro, updated, sections, related }: LegalArticleProps) {
  const { t } = useTranslation('pages');
  const { lang } = usePageLanguage();
  const topId = `${idPrefix}-top`;
  const tocId = `${idPrefix}-toc`;

  return (
    <article>
      <PageHeader id={topId} title={title} lead={intro} meta={<p>{updated}</p>} />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12 lg:px-8">
        {sections.length > 0 ? (
          <nav aria-labelledby={tocId} className="mb-10 lg:mb-0">
            <div className="rounded-2xl border border-slate-200 bg-surface p-5 lg:sticky lg:top-24 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto">
              <h2 id={tocId} className="text-sm font-bold text-slate-900">
                {t('shared.toc')}
              </h2>
              <ol className="mt-3 list-decimal space-y-2 ps-5 text-sm leading-6 marker:text-slate-400">
                {sections.map((section) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="text-slate-700 underline-offset-4 hover:text-primary hover:underline"
                    >
                      {section.heading}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
        ) : null}
        <div className="max-w-3xl">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24 border-b border-slate-100 py-6 first:pt-0 last:border-b-0"
            >
              <h2 id={`${section.id}-heading`} className="flex items-baseline gap-3 text-xl font-bold text-slate-900">
                <span aria-hidden="true" className="text-base font-semibold text-primary tabular-nums">
                  {formatNumber(index + 1, lang)}.
                </span>
                <span>{section.heading}</span>
              </h2>
              <div className="mt-3 space-y-4 text-base leading-8 text-slate-700">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {section.items.length > 0 ? (
                  <ul className="list-disc space-y-2 ps-6 marker:text-primary">
                    {section.items.map((item) => (
                      <li key={item} className="ps-1">
                        {item}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {section.closing.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}
          <p className="mt-8">
            <a
              href={`#${topId}`}
              className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              <ArrowUp aria-hidden="true" className="size-4" />
              {t('shared.backToTop')}
            </a>
          </p>
          <RelatedLinks heading={t('shared.related')} links={related} />
        </div>
      </div>
    </article>
  );
}

/** Each legal document links to the other one. */
const OTHER_DOCUMENT = { privacy: 'terms', terms: 'privacy' } as const;

/**
 * /{lang}/privacy or /{lang}/terms: the document's texts from the pages namespace, laid out by
 * `LegalArticle`, with links to the other document, how the platform works and contact.
 */
export function LegalPage({ document }: { document: keyof typeof OTHER_DOCUMENT }) {
  const { t } = useTranslation('pages');
  const { to } = usePageLanguage();
  const other = OTHER_DOCUMENT[document];
  const sections = readSections(t(`${document}.sections`, { returnObjects: true }), document);
  return (
    <LegalArticle
      idPrefix={document}
      title={t(`${document}.title`)}
      intro={t(`${document}.intro`)}
      updated={t(`${document}.updated`)}
      sections={sections}
      related={[
        { to: to(`/${other}`), label: t(`shared.links.${other}`) },
        { to: to('/about-platform'), label: t('shared.links.aboutPlatform') },
        { to: to('/contact'), label: t('shared.links.contact') },
      ]}
    />
  );
}
