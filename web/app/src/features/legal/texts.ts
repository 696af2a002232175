// The legal pages' texts, English and Filipino, in the feature's own chunk
// (featureTexts): the other borrower routes never download them.
import { featureTexts } from '@hiram/shared/i18n/i18n';

export const en = {
  'legal.effective': 'Effective {date}',
  'legal.lender': 'the lender',
  'legal.email': 'our customer service e-mail',
};

export type LegalKey = keyof typeof en;

export const fil: Record<LegalKey, string> = {
  'legal.effective': 'May bisa simula {date}',
  'legal.lender': 'ang nagpapautang',
  'legal.email': 'ang e-mail ng aming customer service',
};

export const t = featureTexts(en, fil);
