// The payout account page's texts, English and Filipino, in the feature's own chunk
// (featureTexts): the other borrower routes never download them.
import { featureTexts } from '@hiram/shared/i18n/i18n';

export const en = {
  'page.bindBank': 'Payout account',
  'bindBank.current': 'Loans are sent to: {account}',
  'bindBank.ownAccount': 'The account must be in your own name.',
  'bindBank.next': 'Next',
};

export type PayoutAccountKey = keyof typeof en;

export const fil: Record<PayoutAccountKey, string> = {
  'page.bindBank': 'Account na padadalhan',
  'bindBank.current': 'Dito ipinapadala ang mga loan: {account}',
  'bindBank.ownAccount': 'Dapat nakapangalan sa iyo ang account.',
  'bindBank.next': 'Susunod',
};

export const t = featureTexts(en, fil);
