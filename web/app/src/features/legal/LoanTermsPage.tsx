import type { Locale } from '@hiram/shared/i18n/i18n';
import { LegalPage } from './LegalPage';

// Each locale's text is its own chunk, fetched only by this page.
const load = (locale: Locale) =>
  locale === 'fil'
    ? import('./content/loanTerms.fil').then((m) => m.loanTerms)
    : import('./content/loanTerms.en').then((m) => m.loanTerms);

export default function LoanTermsPage() {
  return <LegalPage name="loanTerms" title="page.loanTerms" load={load} />;
}
