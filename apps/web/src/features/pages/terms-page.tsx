import { useTranslation } from 'react-i18next';
import { LegalArticle } from './legal-article.tsx';
import { readSections } from './page-content.ts';
import { usePageLanguage } from './use-page-language.ts';

/** /{lang}/terms: the terms and conditions. */
export function TermsPage() {
  const { t } = useTranslation('pages');
  const { to } = usePageLanguage();
  const sections = readSections(t('terms.sections', { returnObjects: true }), 'terms');
  return (
    <LegalArticle
      idPrefix="terms"
      title={t('terms.title')}
      intro={t('terms.intro')}
      updated={t('terms.updated')}
      sections={sections}
      related={[
        { to: to('/privacy'), label: t('shared.links.privacy') },
        { to: to('/about-platform'), label: t('shared.links.aboutPlatform') },
        { to: to('/contact'), label: t('shared.links.contact') },
      ]}
    />
  );
}
