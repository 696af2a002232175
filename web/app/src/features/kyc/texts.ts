// The verification pages' texts, English and Filipino, in the feature's own chunk
// (featureTexts): the other borrower routes never download them.
import { featureTexts } from '@hiram/shared/i18n/i18n';

export const en = {
  'page.certify': 'Verify your identity',
  'certify.done': 'Done',
  'certify.todo': 'To do',
  'certify.continue': 'Continue',
  'certify.complete': 'Your details are complete. You can now apply.',
  'certify.backToProduct': 'Back to your loan',
  'certify.save': 'Save and continue',
  'certify.photoUploading': 'Sending the photo…',
};

export type CertifyKey = keyof typeof en;

export const fil: Record<CertifyKey, string> = {
  'page.certify': 'I-verify ang iyong pagkakakilanlan',
  'certify.done': 'Tapos na',
  'certify.todo': 'Gagawin pa',
  'certify.continue': 'Magpatuloy',
  'certify.complete': 'Kumpleto na ang iyong mga detalye. Maaari ka nang mag-apply.',
  'certify.backToProduct': 'Bumalik sa iyong loan',
  'certify.save': 'I-save at magpatuloy',
  'certify.photoUploading': 'Ipinapadala ang litrato…',
};

export const t = featureTexts(en, fil);
