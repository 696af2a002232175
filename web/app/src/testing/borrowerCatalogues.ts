// Every text catalogue of the borrower pages, English beside Filipino, for
// the catalogue tests (app/src/app/featureCatalogues.test.ts, glossary.test.ts):
// the shared catalogue, each feature's own (featureTexts) and the legal pages'
// long texts. A feature catalogue missing here fails those tests.
import { en as sharedEn } from '@hiram/shared/i18n/en';
import { fil as sharedFil } from '@hiram/shared/i18n/fil';
import * as about from '../features/about/texts';
import * as bookKeeping from '../features/book-keeping/texts';
import * as calculator from '../features/calculator/texts';
import * as exchange from '../features/calculator/exchangeTexts';
import * as complaints from '../features/complaints/texts';
import * as confirmation from '../features/confirmation/texts';
import * as customerService from '../features/customer-service/texts';
import * as kyc from '../features/kyc/texts';
import * as loanDetails from '../features/loan-details/texts';
import * as login from '../features/login/texts';
import * as loginFailure from '../features/login-failure/texts';
import * as marketplace from '../features/marketplace/texts';
import * as paymentGuide from '../features/payment-guide/texts';
import * as payoutAccount from '../features/payout-account/texts';
import * as personalCenter from '../features/personal-center/texts';
import * as repayment from '../features/repayment/texts';
import * as payCode from '../features/repayment/payCodeTexts';
import * as repaymentReminders from '../features/repayment-reminders/texts';
import * as testPreview from '../features/test-preview/texts';
import { loanTerms as loanTermsEn } from '../features/legal/content/loanTerms.en';
import { loanTerms as loanTermsFil } from '../features/legal/content/loanTerms.fil';
import { privacyPolicy as privacyPolicyEn } from '../features/legal/content/privacyPolicy.en';
import { privacyPolicy as privacyPolicyFil } from '../features/legal/content/privacyPolicy.fil';
import type { LegalDocument } from '../features/legal/content/types';
import * as legal from '../features/legal/texts';

type Texts = Readonly<Record<string, string>>;

export interface BorrowerCatalogue {
  name: string;
  en: Texts;
  fil: Texts;
  /** Keys whose Filipino is the English word for word on purpose (names, numbers, loan words). */
  sameInFilipino: readonly string[];
}

/**
 * A legal page's texts keyed by where they stand (`intro.0`,
 * `3.heading`, `3.body.1.2`, `5.withoutRuleSet.0`).
 */
export function legalTexts(doc: LegalDocument): Texts {
  const texts: Record<string, string> = {};
  const put = (prefix: string, body: LegalDocument['intro'] | LegalDocument['sections'][number]['body']) =>
    body.forEach((part, i) => {
      if (typeof part === 'string') texts[`${prefix}.${i}`] = part;
      else part.forEach((item, j) => (texts[`${prefix}.${i}.${j}`] = item));
    });
  put('intro', doc.intro);
  doc.sections.forEach((section, s) => {
    texts[`${s}.heading`] = section.heading;
    put(`${s}.body`, section.body);
    if (section.withoutRuleSet) put(`${s}.withoutRuleSet`, section.withoutRuleSet);
  });
  return texts;
}

/** The feature catalogues (`features/<name>/texts.ts`, a part's `<part>Texts.ts`), each with what Filipino keeps word for word. */
export const FEATURE_CATALOGUES: readonly BorrowerCatalogue[] = [
  // The regulators' own names for their registration numbers.
  { name: 'about', en: about.en, fil: about.fil, sameInFilipino: ['about.sec', 'about.coa'] },
  // A counter.
  { name: 'book-keeping', en: bookKeeping.en, fil: bookKeeping.fil, sameInFilipino: ['book.noteCounter'] },
  { name: 'calculator', en: calculator.en, fil: calculator.fil, sameInFilipino: [] },
  { name: 'calculator/exchange', en: exchange.en, fil: exchange.fil, sameInFilipino: [] },
  // A counter.
  { name: 'complaints', en: complaints.en, fil: complaints.fil, sameInFilipino: ['complaint.counter'] },
  { name: 'confirmation', en: confirmation.en, fil: confirmation.fil, sameInFilipino: [] },
  // The loanword "E-mail".
  { name: 'customer-service', en: customerService.en, fil: customerService.fil, sameInFilipino: ['cs.email'] },
  { name: 'kyc', en: kyc.en, fil: kyc.fil, sameInFilipino: [] },
  { name: 'legal', en: legal.en, fil: legal.fil, sameInFilipino: [] },
  { name: 'loan-details', en: loanDetails.en, fil: loanDetails.fil, sameInFilipino: [] },
  // The loanword "Password".
  { name: 'login', en: login.en, fil: login.fil, sameInFilipino: ['login.password'] },
  { name: 'login-failure', en: loginFailure.en, fil: loginFailure.fil, sameInFilipino: [] },
  // A loanword ("Account") and the disclosure statement's own terms.
  { name: 'marketplace', en: marketplace.en, fil: marketplace.fil, sameInFilipino: ['home.account', 'product.fees', 'product.financeCharge'] },
  { name: 'payment-guide', en: paymentGuide.en, fil: paymentGuide.fil, sameInFilipino: [] },
  { name: 'payout-account', en: payoutAccount.en, fil: payoutAccount.fil, sameInFilipino: [] },
  { name: 'personal-center', en: personalCenter.en, fil: personalCenter.fil, sameInFilipino: [] },
  // The glossary's "pay code".
  { name: 'repayment', en: repayment.en, fil: repayment.fil, sameInFilipino: ['repay.payCode'] },
  { name: 'repayment/payCode', en: payCode.en, fil: payCode.fil, sameInFilipino: ['repayCode.code', 'repayCode2.contract', 'repayCode.reference'] },
  // A loan's number.
  { name: 'repayment-reminders', en: repaymentReminders.en, fil: repaymentReminders.fil, sameInFilipino: ['reminder.loan'] },
  // The page's name and loanwords.
  { name: 'test-preview', en: testPreview.en, fil: testPreview.fil, sameInFilipino: ['page.testPreview', 'testPreview.link.extension', 'testPreview.link.customerService', 'testPreview.contact', 'testPreview.longitude', 'testPreview.latitude'] },
];

/** The legal pages' texts; Filipino keeps two headings that are loan words ("Extension", "Default"). */
export const LEGAL_CATALOGUES: readonly BorrowerCatalogue[] = [
  { name: 'loan terms', en: legalTexts(loanTermsEn), fil: legalTexts(loanTermsFil), sameInFilipino: ['9.heading', '12.heading'] },
  { name: 'privacy policy', en: legalTexts(privacyPolicyEn), fil: legalTexts(privacyPolicyFil), sameInFilipino: [] },
];

/** The shared catalogue (its Filipino list is checked in web/shared's i18n test). */
export const SHARED_CATALOGUE = { name: 'shared', en: sharedEn as Texts, fil: sharedFil as Texts };

/** Every borrower catalogue, for checks that read texts without the Filipino list. */
export const BORROWER_CATALOGUES: readonly Pick<BorrowerCatalogue, 'name' | 'en' | 'fil'>[] = [
  SHARED_CATALOGUE,
  ...FEATURE_CATALOGUES,
  ...LEGAL_CATALOGUES,
];
