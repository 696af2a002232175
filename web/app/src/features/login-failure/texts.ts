// The declined application page's texts, English and Filipino, in the feature's own chunk
// (featureTexts): the other borrower routes never download them.
import { featureTexts } from '@hiram/shared/i18n/i18n';

export const en = {
  'page.loginFailure': 'Loan application',
  'loginFailure.notice': 'Application result',
  'loginFailure.products': 'Other loan products',
};

export type LoginFailureKey = keyof typeof en;

export const fil: Record<LoginFailureKey, string> = {
  'page.loginFailure': 'Aplikasyon sa loan',
  'loginFailure.notice': 'Resulta ng aplikasyon',
  'loginFailure.products': 'Iba pang produktong pautang',
};

export const t = featureTexts(en, fil);
