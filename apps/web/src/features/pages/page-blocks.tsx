import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../shared/lib/format.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import type { LucideIcon } from '../../shared/ui/icons.tsx';
import type { ContentCard } from './page-content.ts';
import { usePageLanguage } from './use-page-language.ts';

/** The top of a static page: its one <h1>, a lead paragraph and optional meta text. */
export function PageHeader({ id, title, lead, meta }: { id?: string; title: string; lead: string; meta?: ReactNode }) {
  return (
    <header id={id} className="scroll-mt-24 border-b border-slate-200 bg-linear-to-b from-primary/5 to-white">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <h1 className="text-3xl font-extrabold leading-tight text-primary sm:text-4xl">{title}</h1>
        <p className="mt-4 max-w-3xl text-lg leading-8 text-slate-700">{lead}</p>
        {meta ? <div className="mt-4 text-sm text-slate-500">{meta}</div> : null}
      </div>
    </header>
  );
}

/** A titled band of a static page, with its heading linked through aria-labelledby. */
export function PageSection({
  id,
  heading,
  intro,
  children,
  className,
}: {
  id: string;
  heading: string;
  intro?: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cx('scroll-mt-24 py-10 sm:py-12', className)}>
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <h2 id={headingId} className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {heading}
        </h2>
        {intro ? <p className="mt-3 max-w-3xl text-base leading-7 text-slate-600">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

/** A white card of a page, labelled by its h2 (the contact details, the contact mail form). */
export function Panel({ headingId, heading, children }: { headingId: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** Paragraphs of running text at a readable measure. */
export function Prose({ paragraphs }: { paragraphs: readonly string[] }) {
  if (paragraphs.length === 0) return null;
  return (
    <div className="max-w-3xl space-y-4 text-base leading-8 text-slate-700">
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

/** Cards with an icon each (icons repeat when there are more cards than icons). */
export function CardGrid({
  cards,
  icons,
  columns = 'sm:grid-cols-2 lg:grid-cols-3',
}: {
  cards: readonly ContentCard[];
  icons: readonly LucideIcon[];
  columns?: string;
}) {
  if (cards.length === 0) return null;
  return (
    <ul className={cx('grid gap-4', columns)}>
      {cards.map((card, index) => {
        const Icon = icons.length > 0 ? icons[index % icons.length] : undefined;
        return (
          <li key={card.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            {Icon ? (
              <span className="mb-3 inline-flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
            ) : null}
            <h3 className="text-lg font-semibold text-slate-900">{card.title}</h3>
            <p className="mt-2 text-sm leading-7 text-slate-600">{card.description}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** Numbered steps; the numbers come from the list itself, so no digits live in the JSON. */
export function StepList({ steps }: { steps: readonly ContentCard[] }) {
  const { lang } = usePageLanguage();
  if (steps.length === 0) return null;
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
          >
            {formatNumber(index + 1, lang)}
          </span>
          <div>
            <h3 className="text-base font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-1.5 text-sm leading-7 text-slate-600">{step.description}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export type PageLink = { to: string; label: string };

/**
 * A page's closing call to action: its texts are `{page}.cta.heading/body/primary/secondary`,
 * and the two links go to the app paths `primary` and `secondary` in the page's language.
 */
export function CallToAction({
  page,
  primary: primaryPath,
  secondary: secondaryPath,
}: {
  page: 'about' | 'aboutPlatform';
  primary: string;
  secondary: string;
}) {
  const { t } = useTranslation('pages');
  const { to } = usePageLanguage();
  const heading = t(`${page}.cta.heading`);
  const body = t(`${page}.cta.body`);
  const primary: PageLink = { to: to(primaryPath), label: t(`${page}.cta.primary`) };
  const secondary: PageLink = { to: to(secondaryPath), label: t(`${page}.cta.secondary`) };
  return (
    <section aria-label={heading} className="px-4 py-12 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-5xl rounded-3xl bg-primary px-6 py-10 text-center text-primary-foreground sm:px-10">
        <h2 className="text-2xl font-bold sm:text-3xl">{heading}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-base leading-7 text-primary-foreground/90">{body}</p>
        <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to={primary.to} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            {primary.label}
          </Link>
          <Link to={secondary.to} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            {secondary.label}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** "Related pages": a short list of links to the other static pages. */
export function RelatedLinks({ heading, links }: { heading: string; links: readonly PageLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={heading} className="mt-12 border-t border-slate-200 pt-6">
      <h2 className="text-sm font-semibold text-slate-500">{heading}</h2>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="font-medium text-primary underline-offset-4 hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
