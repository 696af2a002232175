// The payment guide's texts, English and Filipino, in the feature's own chunk
// (featureTexts): the other borrower routes never download them.
import { featureTexts } from '@hiram/shared/i18n/i18n';

export const en = {
  'page.paymentInstructions': 'How to pay',
  'guide.intro': 'You can pay with your pay code through an e-wallet\'s bill payment or at a store counter. Tap a picture to see it larger.',
  'guide.enlarge': 'Enlarge the picture: {name}',
  'guide.gcash.title': 'Pay with GCash (Bills)',
  'guide.gcash.picture': 'A phone with the e-wallet\'s menu, the Bills tile marked, then the payment form with your pay code and the amount',
  'guide.gcash.step1': 'Open GCash and tap Bills.',
  'guide.gcash.step2': 'Choose Loans, then Hiram.',
  'guide.gcash.step3': 'Enter your pay code (without spaces) and the amount.',
  'guide.gcash.step4': 'Check the details, confirm, and keep the receipt.',
  'guide.maya.title': 'Pay with Maya (Bills)',
  'guide.maya.picture': 'A phone searching the e-wallet\'s billers for Hiram, then the payment form with your pay code and the amount',
  'guide.maya.step1': 'Open Maya and tap Bills.',
  'guide.maya.step2': 'Search for Hiram and choose it.',
  'guide.maya.step3': 'Enter your pay code (without spaces) and the amount.',
  'guide.maya.step4': 'Confirm the payment and keep the receipt.',
  'guide.store.title': 'Pay at a store counter',
  'guide.store.picture': 'A store counter: the cashier scans the barcode on your phone, the till shows the amount, and you get a receipt',
  'guide.store.step1': 'Go to the store your pay code is for (for example 7-Eleven, Cebuana Lhuillier or an ECPay partner).',
  'guide.store.step2': 'Tell the cashier you are paying a Hiram loan.',
  'guide.store.step3': 'Show the barcode, or tell the cashier your pay code, and the amount.',
  'guide.store.step4': 'Pay in cash and keep the receipt until your loan shows the payment.',
  'guide.keepReceipt': 'A payment usually shows on your loan within minutes. Keep the receipt: customer service will ask for it if a payment does not show.',
};

export type GuideKey = keyof typeof en;

export const fil: Record<GuideKey, string> = {
  'page.paymentInstructions': 'Paano magbayad',
  'guide.intro': 'Makakapagbayad ka gamit ang iyong pay code sa bill payment ng e-wallet o sa counter ng tindahan. I-tap ang larawan para makita ito nang mas malaki.',
  'guide.enlarge': 'Palakihin ang larawan: {name}',
  'guide.gcash.title': 'Magbayad gamit ang GCash (Bills)',
  'guide.gcash.picture': 'Isang telepono na may menu ng e-wallet, nakamarka ang Bills, saka ang form ng bayad na may pay code at halaga',
  'guide.gcash.step1': 'Buksan ang GCash at i-tap ang Bills.',
  'guide.gcash.step2': 'Piliin ang Loans, saka ang Hiram.',
  'guide.gcash.step3': 'Ilagay ang iyong pay code (walang espasyo) at ang halaga.',
  'guide.gcash.step4': 'Suriin ang mga detalye, kumpirmahin, at itago ang resibo.',
  'guide.maya.title': 'Magbayad gamit ang Maya (Bills)',
  'guide.maya.picture': 'Isang telepono na naghahanap ng Hiram sa mga biller ng e-wallet, saka ang form ng bayad na may pay code at halaga',
  'guide.maya.step1': 'Buksan ang Maya at i-tap ang Bills.',
  'guide.maya.step2': 'Hanapin ang Hiram at piliin ito.',
  'guide.maya.step3': 'Ilagay ang iyong pay code (walang espasyo) at ang halaga.',
  'guide.maya.step4': 'Kumpirmahin ang bayad at itago ang resibo.',
  'guide.store.title': 'Magbayad sa counter ng tindahan',
  'guide.store.picture': 'Isang counter ng tindahan: ini-scan ng cashier ang barcode sa iyong telepono, ipinapakita ng kaha ang halaga, at may resibo ka',
  'guide.store.step1': 'Pumunta sa tindahang para sa iyong pay code (halimbawa 7-Eleven, Cebuana Lhuillier o isang ECPay partner).',
  'guide.store.step2': 'Sabihin sa cashier na magbabayad ka ng Hiram loan.',
  'guide.store.step3': 'Ipakita ang barcode, o sabihin sa cashier ang iyong pay code, at ang halaga.',
  'guide.store.step4': 'Magbayad ng cash at itago ang resibo hanggang makita ang bayad sa iyong loan.',
  'guide.keepReceipt': 'Karaniwang lumalabas ang bayad sa iyong loan sa loob ng ilang minuto. Itago ang resibo: hihingin ito ng customer service kung hindi lumabas ang bayad.',
};

export const t = featureTexts(en, fil);
