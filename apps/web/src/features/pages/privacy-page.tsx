import { LegalPage } from './legal-article.tsx';

/** /{lang}/privacy: the privacy policy. */
export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
