// The home and loan product pages' texts, English and Filipino, in the feature's own chunk
// (featureTexts): the other borrower routes never download them.
import { featureTexts } from '@hiram/shared/i18n/i18n';

export const en = {
  'page.productDetail': 'Product details',
  'home.account': 'Account',
  'home.products': 'Loan products',
  'home.empty': 'No loan products are available right now. Please check back later.',
  'home.tools': 'Tools',
  'product.amount': 'Loan amount',
  'product.decrease': 'Decrease amount',
  'product.increase': 'Increase amount',
  'product.belowLimit': 'Your current borrowing limit is below this product’s minimum amount.',
  'product.term': 'Term: {days} days, paid at once at the end',
  'product.termPeriods': 'Term: {days} days, in {periods} payments every {every} days',
  'product.quote': 'What this loan costs',
  'product.costs': 'Loan costs',
  'product.interest': 'Interest',
  'product.fees': 'Service fee',
  'product.netProceeds': 'You receive',
  'product.financeCharge': 'Finance charge',
  'product.totalRepayable': 'Total repayment',
  'product.effectiveRate': 'Effective interest rate a month',
  'product.plan': 'Payment schedule',
  'product.planRow': 'Payment {n}, due {days} days after you receive the money',
  'product.lender': 'Lender: {company} · SEC Reg. No. {sec} · CA No. {coa}',
  'product.unavailable': 'This product is not taking applications right now.',
  'product.apply': 'Apply now',
};

export type MarketplaceKey = keyof typeof en;

export const fil: Record<MarketplaceKey, string> = {
  'page.productDetail': 'Detalye ng produkto',
  'home.account': 'Account',
  'home.products': 'Mga produktong pautang',
  'home.empty': 'Walang available na produktong pautang ngayon. Pakibalikan mamaya.',
  'home.tools': 'Mga kagamitan',
  'product.amount': 'Halaga ng loan',
  'product.decrease': 'Bawasan ang halaga',
  'product.increase': 'Dagdagan ang halaga',
  'product.belowLimit': 'Mas mababa ang iyong kasalukuyang limit kaysa sa pinakamababang halaga ng produktong ito.',
  'product.term': 'Termino: {days} araw, babayaran nang isahan sa dulo',
  'product.termPeriods': 'Termino: {days} araw, sa {periods} bayad tuwing {every} araw',
  'product.quote': 'Magkano ang loan na ito',
  'product.costs': 'Mga gastos ng loan',
  'product.interest': 'Interes',
  'product.fees': 'Service fee',
  'product.netProceeds': 'Matatanggap mo',
  'product.financeCharge': 'Finance charge',
  'product.totalRepayable': 'Kabuuang babayaran',
  'product.effectiveRate': 'Epektibong interes kada buwan',
  'product.plan': 'Iskedyul ng bayad',
  'product.planRow': 'Bayad {n}, dapat bayaran {days} araw matapos mong matanggap ang pera',
  'product.lender': 'Nagpapautang: {company} · SEC Reg. No. {sec} · CA No. {coa}',
  'product.unavailable': 'Hindi tumatanggap ng aplikasyon ang produktong ito ngayon.',
  'product.apply': 'Mag-apply na',
};

export const t = featureTexts(en, fil);
