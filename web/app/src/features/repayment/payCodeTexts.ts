// The pay-code pages' texts (the code, its QR or barcode, each store's
// steps), English and Filipino, in a chunk of their own: the payment and
// extension pages, which only lead to a code, never download them. Keys
// they do not own fall through to the payment pages' texts.
import { featureTexts } from '@hiram/shared/i18n/i18n';
import { t as paymentTexts } from './texts';

export const en = {
  'page.repaymentOfCode': 'Your pay code',
  'page.repaymentOfCode2': 'Your pay code',
  'repayCode.amount': 'Amount to pay',
  'repayCode.code': 'Pay code',
  'repayCode.channel': 'Payment channel',
  'repayCode.qr': 'QR code for payment',
  'repayCode.scanTitle': 'Scan to pay',
  'repayCode.scanTip1': 'Open your e-wallet or banking app and choose Scan QR.',
  'repayCode.scanTip2': 'Scan the code above and check that the amount is correct.',
  'repayCode.scanTip3': 'Confirm the payment and keep the receipt until your loan shows as paid.',
  'repayCode.missing': 'No pay code was given. Please go back and choose a payment method again.',
  'repayCode2.contract': 'Pay code',
  'repayCode2.missing': 'No pay code was found. Please open the payment page again.',
  'repayCode2.standing': 'This pay code stays the same for every payment of this loan and does not expire. A pay code made for one payment on the payment page works too, until the time it shows.',
  'repayCode.reference': 'Pay code',
  'repayCode.scanTip2NoQr': 'The QR could not be shown here. Please go back and choose QR Ph again.',
  'repayCode.payBy': 'Pay by {at}',
  'repayCode.payByNote': 'After that, this pay code stops working: choose a payment method again for a new one.',
  'repayCode.storeSteps': 'How to pay at {store}',
  'repayCode.steps.sevenEleven.1': 'At any 7-Eleven, tell the cashier you are paying a Hiram loan.',
  'repayCode.steps.sevenEleven.2': 'Give the cashier the pay code above.',
  'repayCode.steps.sevenEleven.3': 'Pay the amount above in cash; this code is for this one payment. Keep the receipt until your loan shows as paid.',
  'repayCode.steps.cebuana.1': 'At any Cebuana Lhuillier branch, ask for a bills payment form.',
  'repayCode.steps.cebuana.2': 'Write the pay code and the amount above on it, and hand it to the teller.',
  'repayCode.steps.cebuana.3': 'Pay in cash and keep the receipt until your loan shows as paid.',
  'repayCode.steps.ecpay.1': 'Go to a shop that takes ECPay payments and say you are paying a Hiram loan.',
  'repayCode.steps.ecpay.2': 'Give the pay code and the amount above.',
  'repayCode.steps.ecpay.3': 'Pay in cash and keep the receipt until your loan shows as paid.',
};

export type PayCodeKey = keyof typeof en;

export const fil: Record<PayCodeKey, string> = {
  'page.repaymentOfCode': 'Ang iyong pay code',
  'page.repaymentOfCode2': 'Ang iyong pay code',
  'repayCode.amount': 'Halagang babayaran',
  'repayCode.code': 'Pay code',
  'repayCode.channel': 'Channel ng pagbabayad',
  'repayCode.qr': 'QR code para sa pagbabayad',
  'repayCode.scanTitle': 'I-scan para magbayad',
  'repayCode.scanTip1': 'Buksan ang iyong e-wallet o banking app at piliin ang Scan QR.',
  'repayCode.scanTip2': 'I-scan ang code sa itaas at tiyaking tama ang halaga.',
  'repayCode.scanTip3': 'Kumpirmahin ang bayad at itago ang resibo hanggang makita mong bayad na ang loan.',
  'repayCode.missing': 'Walang ibinigay na pay code. Bumalik at pumili muli ng paraan ng pagbabayad.',
  'repayCode2.contract': 'Pay code',
  'repayCode2.missing': 'Walang nakitang pay code. Buksan muli ang pahina ng pagbabayad.',
  'repayCode2.standing': 'Pareho ang pay code na ito sa bawat bayad ng loan na ito at hindi ito nag-e-expire. Gumagana rin ang pay code na ginawa para sa isang bayad sa pahina ng pagbabayad, hanggang sa oras na nakasaad dito.',
  'repayCode.reference': 'Pay code',
  'repayCode.scanTip2NoQr': 'Hindi maipakita ang QR dito. Bumalik at piliin muli ang QR Ph.',
  'repayCode.payBy': 'Bayaran hanggang {at}',
  'repayCode.payByNote': 'Pagkatapos nito, hindi na gagana ang pay code na ito: pumili muli ng paraan ng pagbabayad para sa bago.',
  'repayCode.storeSteps': 'Paano magbayad sa {store}',
  'repayCode.steps.sevenEleven.1': 'Sa kahit anong 7-Eleven, sabihin sa cashier na magbabayad ka ng Hiram loan.',
  'repayCode.steps.sevenEleven.2': 'Ibigay sa cashier ang pay code sa itaas.',
  'repayCode.steps.sevenEleven.3': 'Bayaran nang cash ang halagang nasa itaas; para sa iisang bayad lang ang code na ito. Itago ang resibo hanggang makita mong bayad na ang loan.',
  'repayCode.steps.cebuana.1': 'Sa kahit anong sangay ng Cebuana Lhuillier, humingi ng bills payment form.',
  'repayCode.steps.cebuana.2': 'Isulat dito ang pay code at ang halagang nasa itaas, at iabot sa teller.',
  'repayCode.steps.cebuana.3': 'Magbayad nang cash at itago ang resibo hanggang makita mong bayad na ang loan.',
  'repayCode.steps.ecpay.1': 'Pumunta sa tindahang tumatanggap ng bayad sa ECPay at sabihing magbabayad ka ng Hiram loan.',
  'repayCode.steps.ecpay.2': 'Ibigay ang pay code at ang halagang nasa itaas.',
  'repayCode.steps.ecpay.3': 'Magbayad nang cash at itago ang resibo hanggang makita mong bayad na ang loan.',
};

export const t = featureTexts(en, fil, paymentTexts);
