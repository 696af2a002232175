// The glossary: one name, in English and in Filipino, for each thing a
// borrower meets on more than one page (decision 086). The catalogues keep
// their sentences; a test (web/app/src/app/glossary.test.ts, through
// `offGlossary` and `mislabelled` in ../testing/catalogues.ts) fails when a
// borrower text calls one of these things by another name, or when a title,
// label or button that is the name says it otherwise. Order statuses are
// names only, so the pages take them from here (`statusName`).
import { getLocale, type Locale } from './i18n';

/** A name the catalogues must not use: a phrase (any case, whole words) or a pattern. */
export type OtherName = string | RegExp;

export interface Term {
  /** What the thing is, for whoever writes a text about it. */
  readonly thing: string;
  /** The name as it reads inside a sentence. */
  readonly en: string;
  readonly fil: string;
  /**
   * Catalogue keys whose whole text is this name (a title, a label, a
   * button): each reads `label` when given, else the name with a capital.
   */
  readonly labels?: readonly string[];
  readonly label?: { readonly en: string; readonly fil: string };
  /** Other names for the thing, which no borrower text may use. */
  readonly avoid: { readonly en: readonly OtherName[]; readonly fil: readonly OtherName[] };
}

export const GLOSSARY = {
  payCode: {
    thing: 'The code a borrower pays with at a store, an e-wallet or a bank (the QR and barcode carry it too).',
    en: 'pay code',
    fil: 'pay code',
    labels: [
      'repayCode.code',
      'repayCode2.contract',
      'repayCode.reference',
      'repay.payCode',
    ],
    avoid: {
      en: ['repayment code', 'payment code', 'reference number', 'reference no', 'contract number', 'contract no'],
      fil: ['code sa pagbabayad', 'code ng pagbabayad', 'numero ng reference', 'numero ng kontrata', 'reference number', 'contract number'],
    },
  },
  pay: {
    thing: 'The one button that starts paying a loan, wherever it is (order details, the channel sheet).',
    en: 'pay',
    fil: 'magbayad',
    labels: ['loanDetails.repay', 'loanDetails.repayment', 'repay.pay'],
    avoid: {
      // The specification's button names: shouted, or a second word for the same tap.
      en: [/\bREPAY\b/, /^repayment$/i, 'rollover repayment'],
      fil: [/\bMAGBAYAD\b/, 'rollover na pagbabayad'],
    },
  },
  extension: {
    thing: 'Moving the due dates later by paying what extending costs (an overdue loan may too); the specification calls it a rollover.',
    en: 'extension',
    fil: 'extension',
    labels: ['testPreview.link.extension'],
    avoid: {
      en: ['rollover', 'roll over', 'rolled over', 'rolling over'],
      fil: ['rollover', 'roll over'],
    },
  },
  payForExtension: {
    thing: 'The button and the page where the borrower pays for an extension.',
    en: 'pay for an extension',
    fil: 'magbayad para sa extension',
    labels: ['loanDetails.rollover', 'page.repayDelay'],
    avoid: { en: ['extension payment'], fil: ['bayad para sa extension'] },
  },
  payoutAccount: {
    thing: 'The bank or e-wallet account, in the borrower’s name, that loans are sent to.',
    en: 'payout account',
    fil: 'account na padadalhan',
    labels: ['page.bindBank', 'testPreview.link.bindBank'],
    avoid: {
      // "Bind the card": the specification's words for adding it.
      en: [/\bbind(ing)?\b/i, /\bcards?\b/i, 'payment account', 'bank account information'],
      fil: [/\bi-bind\b/i, /\bcard\b/i, 'account na pambayad', 'pag-link ng bangko'],
    },
  },
  addPayoutAccount: {
    thing: 'The button that opens the form for the payout account when a loan waits for one (status 170).',
    en: 'add your payout account',
    fil: 'idagdag ang iyong account na padadalhan',
    labels: ['loanDetails.card.bind'],
    avoid: { en: ['go and bind'], fil: ['pumunta at i-bind'] },
  },
  dueDate: {
    thing: 'The day a payment falls due.',
    en: 'due date',
    fil: 'takdang petsa',
    labels: ['agreement.dueDate', 'confirm.repaymentDate', 'bill.dueDate'],
    avoid: {
      en: ['repayment date', 'payment date'],
      fil: ['petsa ng pagbabayad', 'petsa ng bayaran', 'due date'],
    },
  },
  paymentSchedule: {
    thing: 'The list of payments of a loan, each with its due date and amount.',
    en: 'payment schedule',
    fil: 'iskedyul ng bayad',
    labels: ['agreement.schedule', 'confirm.plan', 'product.plan'],
    avoid: {
      en: ['plan list', 'repayment plan', 'repayment schedule', 'payment plan'],
      fil: ['listahan ng plano', 'plano ng pagbabayad', 'plano ng bayad'],
    },
  },
  loan: {
    thing: 'The loan itself. Filipino says "loan", as the server and the documents do; "utang" is what is owed.',
    en: 'loan',
    fil: 'loan',
    avoid: {
      en: [],
      // "Utang" stays where it means a debt ("ang prinsipal na utang mo pa").
      fil: [/\b(kasunduan sa|dokumento ng|halaga ng|gastos ng) utang\b/i, 'utang na ito', 'aking mga utang', 'wala ka pang utang', 'handa na ang iyong utang'],
    },
  },
  loanDetails: {
    thing: 'The page of one loan (the specification\'s "order details") and the number it is known by; a borrower has loans, not orders.',
    en: 'loan details',
    fil: 'detalye ng loan',
    labels: ['page.loanDetails', 'testPreview.link.loanDetails'],
    avoid: {
      en: ['order details', 'order number', 'order ID', 'order status', 'your orders'],
      fil: ['detalye ng order', 'numero ng order', 'ID ng order', 'status ng order', 'mga order'],
    },
  },
  complaintNumber: {
    thing: 'The number a complaint is known by (HC-0001234): on filing, in the list and the details, and in the text that says customer care answered. Not a pay code, nor the reference number of a payment receipt.',
    en: 'complaint number',
    fil: 'numero ng reklamo',
    labels: ['complaint.number'],
    avoid: {
      en: ['ticket number', 'case number', 'complaint reference', 'complaint ID'],
      fil: ['numero ng tiket', 'numero ng kaso', 'reference ng reklamo'],
    },
  },
  callBack: {
    thing: 'A supervisor calling the borrower about a complaint whose answer they rated 1 or 2 stars, when they ask for it.',
    en: 'call back',
    fil: 'call back',
    avoid: { en: ['callback', 'call-back', 'return call'], fil: ['callback', 'call-back', 'tawag pabalik'] },
  },
} as const satisfies Record<string, Term>;

export type TermId = keyof typeof GLOSSARY;

/**
 * The specification's field and section names, which are not words a
 * borrower uses: they stay in the API, never on screen.
 */
export const SPEC_JARGON: { readonly en: readonly OtherName[]; readonly fil: readonly OtherName[] } = {
  en: ['kind tips', 'detailed list', 'plan list', 'problem type', 'process result', 'withdraw reminder', 'order notice'],
  fil: ['detalyadong listahan', 'listahan ng plano', 'resulta ng pag-aasikaso', 'paalala sa pag-withdraw', 'abiso sa order'],
};

/**
 * One name per order status (decision D3), the same in order details, the
 * order list and the complaint picker. 170 is named for what is true both
 * while the money is sent and while the loan waits for a payout account:
 * the banner's text and its button tell which. 110 likewise, for a loan
 * refused at review and one whose payout the bank refused: the banner's
 * text tells which.
 */
export const STATUS_NAMES: Readonly<Record<number, { readonly en: string; readonly fil: string }>> = {
  21: { en: 'Under review', fil: 'Sinusuri' },
  151: { en: 'Approved', fil: 'Aprubado' },
  110: { en: 'Loan not made', fil: 'Hindi natuloy ang loan' },
  170: { en: 'Loan confirmed', fil: 'Nakumpirma ang loan' },
  174: { en: 'Loan received', fil: 'Natanggap ang loan' },
  180: { en: 'Overdue', fil: 'Lampas na sa takdang petsa' },
  200: { en: 'Fully paid', fil: 'Bayad na' },
};

/**
 * The name of an order status in the page's language; `otherwise` (the
 * server's own words) for a status the glossary does not know.
 */
export function statusName(status: number, otherwise = '', locale: Locale = getLocale()): string {
  return STATUS_NAMES[status]?.[locale] ?? otherwise;
}

/** The text a label of `term` must read in `locale`. */
export function labelText(term: Term, locale: Locale): string {
  if (term.label) return term.label[locale];
  const name = term[locale];
  return name.charAt(0).toUpperCase() + name.slice(1);
}
