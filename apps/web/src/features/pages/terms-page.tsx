import { LegalPage } from './legal-article.tsx';

/** /{lang}/terms: the terms and conditions. */
export function TermsPage() {
  return <LegalPage document="terms" />;
}
