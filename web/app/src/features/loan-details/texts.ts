// The loan details page's texts, English and Filipino, in the feature's own chunk
// (featureTexts): the other borrower routes never download them.
import { featureTexts } from '@hiram/shared/i18n/i18n';

export const en = {
  'page.loanDetails': 'Loan details',
  'loanDetails.status.unknown': 'Loan status',
  'loanDetails.repay': 'Pay',
  'loanDetails.rollover': 'Pay for an extension',
  'loanDetails.rolloverHint': 'Short of money? Pay for an extension instead: you pay what it costs now, and your due dates move later.',
  'loanDetails.overdueTitle': 'Your loan is overdue',
  'loanDetails.balanceTitle': 'Your balance',
  'loanDetails.paid': 'Paid so far',
  'loanDetails.owedToday': 'Owed today',
  'loanDetails.nextDue': 'Next payment',
  'loanDetails.nextDueValue': '{amount} by {date}',
  'loanDetails.payoffToday': 'Pay off the whole loan today',
  'loanDetails.payoffAbove': 'Owed today is the principal and the interest so far. Paying the whole loan off today costs {amount} more: the interest your agreement asks for up to its early-repayment day.',
  'loanDetails.repayment': 'Pay',
  'loanDetails.borrowAgain': 'Borrow Again',
  'loanDetails.recommended': 'Recommended products',
  'loanDetails.moreProducts': 'Click to view more products',
  'loanDetails.kindTips': 'Safety reminder',
  'loanDetails.reminder': 'Reminder',
  'loanDetails.card.bind': 'Add your payout account',
  'rating.title': 'Rate Hiram',
  'rating.text': 'How was your experience with us?',
  'rating.submit': 'Submit',
  'rating.resultTitle': 'Thank you for your feedback',
  'rating.resultText': 'We are sorry we did not do better. We read every rating and will keep improving.',
};

export type LoanDetailsKey = keyof typeof en;

export const fil: Record<LoanDetailsKey, string> = {
  'page.loanDetails': 'Detalye ng loan',
  'loanDetails.status.unknown': 'Status ng loan',
  'loanDetails.repay': 'Magbayad',
  'loanDetails.rollover': 'Magbayad para sa extension',
  'loanDetails.rolloverHint': 'Kulang ang pera? Magbayad para sa extension: babayaran mo ngayon ang halaga nito, at lilipat sa mas huling araw ang iyong mga takdang petsa.',
  'loanDetails.overdueTitle': 'Lampas na sa takdang petsa ang loan mo',
  'loanDetails.balanceTitle': 'Ang balanse mo',
  'loanDetails.paid': 'Nabayaran na',
  'loanDetails.owedToday': 'Utang ngayong araw',
  'loanDetails.nextDue': 'Susunod na bayad',
  'loanDetails.nextDueValue': '{amount} hanggang {date}',
  'loanDetails.payoffToday': 'Bayaran nang buo ang loan ngayon',
  'loanDetails.payoffAbove': 'Ang utang ngayong araw ay ang prinsipal at ang interes hanggang ngayon. Ang pagbabayad nang buo ngayon ay {amount} na mas mataas: ang interes na hinihingi ng iyong kasunduan hanggang sa araw ng maagang pagbabayad.',
  'loanDetails.repayment': 'Magbayad',
  'loanDetails.borrowAgain': 'Humiram Muli',
  'loanDetails.recommended': 'Mga inirerekomendang produkto',
  'loanDetails.moreProducts': 'I-click para makita ang iba pang produkto',
  'loanDetails.kindTips': 'Paalala sa kaligtasan',
  'loanDetails.reminder': 'Paalala',
  'loanDetails.card.bind': 'Idagdag ang iyong account na padadalhan',
  'rating.title': 'I-rate ang Hiram',
  'rating.text': 'Kumusta ang iyong karanasan sa amin?',
  'rating.submit': 'Isumite',
  'rating.resultTitle': 'Salamat sa iyong puna',
  'rating.resultText': 'Paumanhin at hindi kami naging mas mahusay. Binabasa namin ang bawat rating at patuloy kaming magpapabuti.',
};

export const t = featureTexts(en, fil);
