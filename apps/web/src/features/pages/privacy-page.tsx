import { useTranslation } from 'react-i18next';
import { LegalArticle } from './legal-article.tsx';
import { readSections } from './page-content.ts';
import { usePageLanguage } from './use-page-language.ts';

/** /{lang}/privacy: the privacy policy. */
export function PrivacyPage() {
  const { t } = useTranslation('pages');
  const { to } = usePageLanguage();
  const sections = readSections(t('privacy.sections', { returnObjects: true }), 'privacy');
  return (
    <LegalArticle
      idPrefix="privacy"
      title={t('privacy.title')}
      intro={t('privacy.intro')}
      updated={t('privacy.updated')}
      sections={sections}
      related={[
        { to: to('/terms'), label: t('shared.links.terms') },
        { to: to('/about-platform'), label: t('shared.links.aboutPlatform') },
        { to: to('/contact'), label: t('shared.links.contact') },
      ]}
    />
  );
}
