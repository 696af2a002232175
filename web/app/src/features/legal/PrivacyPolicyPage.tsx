import type { Locale } from '@hiram/shared/i18n/i18n';
import { LegalPage } from './LegalPage';

// Each locale's text is its own chunk, fetched only by this page.
const load = (locale: Locale) =>
  locale === 'fil'
    ? import('./content/privacyPolicy.fil').then((m) => m.privacyPolicy)
    : import('./content/privacyPolicy.en').then((m) => m.privacyPolicy);

export default function PrivacyPolicyPage() {
  return <LegalPage name="privacyPolicy" title="page.privacyPolicy" load={load} />;
}
