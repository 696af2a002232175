// The loan confirmation pages' texts, English and Filipino, in the feature's own chunk
// (featureTexts): the other borrower routes never download them.
import { featureTexts } from '@hiram/shared/i18n/i18n';

export const en = {
  'page.loanConfirm': 'Confirm your loan',
  'page.newLoanConfirm': 'Confirm your loan',
  'page.loanAgreement': 'Loan agreement',
  'confirm.amount': 'Loan amount',
  'confirm.term': 'Term',
  'confirm.days': '{n} days',
  'confirm.firstPayment': 'First due date',
  'confirm.repaymentDate': 'Due date',
  'confirm.datesFromPayout': 'Due dates count from the day the money is sent; the dates here are for money sent today. The schedule we send with the money fixes each date.',
  'confirm.promotionTitle': 'Good to know',
  'confirm.details': 'Loan details',
  'confirm.plan': 'Payment schedule',
  'confirm.agree': 'I have read and agree to the loan documents below',
  'confirm.documents': 'Loan documents',
  'confirm.agreeAndBorrow': 'Agree and borrow {amount}',
  'confirm.agreementTitle': 'Loan agreement',
  'confirm.agreementText': 'Please read the loan agreement. Tap Agree to continue with this loan.',
  'confirm.readAgreement': 'Read the loan agreement',
  'confirm.agreeButton': 'Agree',
  'confirm.retentionTitle': 'Your loan is ready',
  'agreement.acceptedAt': 'Accepted on {at}',
};

export type ConfirmationKey = keyof typeof en;

export const fil: Record<ConfirmationKey, string> = {
  'page.loanConfirm': 'Kumpirmahin ang iyong loan',
  'page.newLoanConfirm': 'Kumpirmahin ang iyong loan',
  'page.loanAgreement': 'Kasunduan sa loan',
  'confirm.amount': 'Halaga ng loan',
  'confirm.term': 'Termino',
  'confirm.days': '{n} araw',
  'confirm.firstPayment': 'Unang takdang petsa',
  'confirm.repaymentDate': 'Takdang petsa',
  'confirm.datesFromPayout': 'Binibilang ang mga takdang petsa mula sa araw na maipadala ang pera; ang mga petsa rito ay para sa perang ipinadala ngayong araw. Ang iskedyul na ipapadala namin kasama ng pera ang magtatakda ng bawat petsa.',
  'confirm.promotionTitle': 'Mabuting malaman',
  'confirm.details': 'Mga detalye ng loan',
  'confirm.plan': 'Iskedyul ng bayad',
  'confirm.agree': 'Nabasa ko at sumasang-ayon ako sa mga dokumento ng loan sa ibaba',
  'confirm.documents': 'Mga dokumento ng loan',
  'confirm.agreeAndBorrow': 'Sumang-ayon at humiram ng {amount}',
  'confirm.agreementTitle': 'Kasunduan sa loan',
  'confirm.agreementText': 'Pakibasa ang kasunduan sa loan. I-tap ang Sumasang-ayon para ituloy ang loan na ito.',
  'confirm.readAgreement': 'Basahin ang kasunduan sa loan',
  'confirm.agreeButton': 'Sumasang-ayon',
  'confirm.retentionTitle': 'Handa na ang iyong loan',
  'agreement.acceptedAt': 'Tinanggap noong {at}',
};

export const t = featureTexts(en, fil);
