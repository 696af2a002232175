import type { Locale } from '@hiram/shared/i18n/i18n';
import { useRuleSetInForce } from './api/getGeneralTerms';
import { LegalPage } from './LegalPage';
import { ruleSetValues } from './ruleSetValues';

// Each locale's text is its own chunk, fetched only by this page.
const load = (locale: Locale) =>
  locale === 'fil'
    ? import('./content/loanTerms.fil').then((m) => m.loanTerms)
    : import('./content/loanTerms.en').then((m) => m.loanTerms);

/**
 * The general loan terms, with the ceilings of the rule set of the law in
 * force today as the server states them (`/v3/contract/agreement`), never
 * figures written into the text.
 */
export default function LoanTermsPage() {
  const rules = useRuleSetInForce();
  const ruleSet = rules === undefined ? undefined : rules && ruleSetValues(rules);
  return <LegalPage name="loanTerms" title="page.loanTerms" load={load} ruleSet={ruleSet} />;
}
