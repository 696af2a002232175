// My account's texts, English and Filipino, in the feature's own chunk
// (featureTexts): the other borrower routes never download them.
import { featureTexts } from '@hiram/shared/i18n/i18n';

export const en = {
  'mine.logout': 'Log out',
  'mine.profile': 'Your profile',
  'mine.limit': 'Borrowing limit',
  'mine.kyc': 'Identity verification',
  'mine.orders': 'My loans',
  'mine.noOrders': 'You have no loans yet.',
  'mine.menu': 'More',
  'mine.delete': 'Delete my account',
  'mine.deleteTitle': 'Delete your account?',
  'mine.deleteText': 'Your account will be closed and you will be logged out. Records the law requires us to keep are kept for the required period.',
  'mine.deleteConfirm': 'Delete',
  'mine.deleted': 'Your account has been deleted.',
};

export type MineKey = keyof typeof en;

export const fil: Record<MineKey, string> = {
  'mine.logout': 'Mag-log out',
  'mine.profile': 'Ang iyong profile',
  'mine.limit': 'Limit sa paghiram',
  'mine.kyc': 'Pag-verify ng pagkakakilanlan',
  'mine.orders': 'Aking mga loan',
  'mine.noOrders': 'Wala ka pang loan.',
  'mine.menu': 'Iba pa',
  'mine.delete': 'Burahin ang aking account',
  'mine.deleteTitle': 'Burahin ang iyong account?',
  'mine.deleteText': 'Isasara ang iyong account at ila-log out ka. Ang mga rekord na kailangang itago ayon sa batas ay itatago sa itinakdang panahon.',
  'mine.deleteConfirm': 'Burahin',
  'mine.deleted': 'Nabura na ang iyong account.',
};

export const t = featureTexts(en, fil);
