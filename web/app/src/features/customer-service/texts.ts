// The customer service page's texts, English and Filipino, in the feature's own chunk
// (featureTexts): the other borrower routes never download them.
import { featureTexts } from '@hiram/shared/i18n/i18n';

export const en = {
  'cs.intro': 'We are here to help with your loan, repayment or account.',
  'cs.online': 'Online service (WhatsApp)',
  'cs.email': 'E-mail',
  'cs.phone': 'Phone',
  'cs.hours': 'Service hours',
};

export type CustomerServiceKey = keyof typeof en;

export const fil: Record<CustomerServiceKey, string> = {
  'cs.intro': 'Narito kami para tumulong sa iyong loan, pagbabayad o account.',
  'cs.online': 'Online na serbisyo (WhatsApp)',
  'cs.email': 'E-mail',
  'cs.phone': 'Telepono',
  'cs.hours': 'Oras ng serbisyo',
};

export const t = featureTexts(en, fil);
