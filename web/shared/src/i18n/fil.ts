// Filipino catalogue. Loaded lazily; must carry every key of en.ts.
import type { Catalogue } from './en';

export const fil: Catalogue = {
  'app.name': 'Hiram',
  'common.loading': 'Naglo-load…',
  'common.close': 'Isara',
  'common.back': 'Bumalik',
  'common.copy': 'Kopyahin',
  'common.home': 'Pumunta sa unang pahina',

  'toast.copySuccess': 'Nakopya na',
  'toast.copyFailed': 'Hindi makopya. Pakikopya ito nang mano-mano.',

  'error.network': 'May problema sa network. Pakitingnan ang iyong koneksyon at subukang muli.',
  'error.server': 'May nangyaring mali sa aming panig. Pakisubukang muli mamaya.',

  'bridge.rateUnavailable': 'Salamat! Makakapag-rate ka sa Hiram app.',

  'notFound.title': 'Hindi nahanap ang pahina',
  'notFound.body': 'Hindi namin mahanap ang pahinang hinahanap mo.',

  'page.customerService': 'Serbisyo sa customer',
  'page.aboutUs': 'Tungkol sa amin',
  'page.privacyPolicy': 'Patakaran sa privacy',
  'page.loanTerms': 'Mga tuntunin at kondisyon ng loan',
  'page.complaint': 'Mga reklamo at mungkahi',
  'page.login': 'Mag-log in',
  'page.home': 'Unang pahina',
  'page.mine': 'Aking account',
  'page.repaymentReminders': 'Mga paalala sa bayarin',
  'page.bookKeeping': 'Talaan ng kita at gastos',
  'page.calculator': 'Kalkulador ng loan',

  'validation.required': 'Kailangang punan ang field na ito.',
  'validation.phone': 'Pakilagay ang tamang numero ng mobile.',

  'validation.captcha': 'Pakilagay ang mga numerong nasa larawan.',
  'validation.smsCode': 'Pakilagay ang SMS code.',

  'otp.sent': 'Naipadala na ang code. Pakitingnan ang iyong telepono.',
  'otp.tooSoon': 'Huwag munang humingi ulit ng code. Maghintay sandali.',

  'login.getCode': 'Kunin ang code',
  'login.countdown': '{seconds} s',

  'loanDetails.productLogo': 'Logo ng {name}',

  'common.ok': 'Sige',
  'common.cancel': 'Kanselahin',
  'common.confirm': 'Kumpirmahin',
  'products.apply': 'Mag-apply',
  'products.tags': 'Mga katangian',
  'certify.progress': '{percent}% na-verify',
  'certify.photoTake': 'Kumuha ng litrato',
  'certify.photoRetake': 'Kunan muli',
  'certify.photoTaken': '{name}: ang litratong kinuha mo',
  'certify.photoConsent': 'Sa pagkuha ng litrato, pinapayagan mong itago ito ng Hiram para suriin kung sino ka, gaya ng sinasabi ng patakaran sa privacy (ang pahintulot mo sa mga litrato).',
  'form.choose': 'Pumili',
  'form.search': 'Maghanap',
  'form.moreResults': 'Mag-type pa ng mga letra para makita ang iba pang tugma.',
  'form.noResults': 'Walang tumugma sa iyong hinanap.',
  'agreement.disclosure': 'Disclosure statement',
  'agreement.schedule': 'Iskedyul ng bayad',
  'agreement.number': 'Blg.',
  'agreement.dueDate': 'Takdang petsa',
  'agreement.amount': 'Halaga',
  'copyToKeep.download': 'I-download ang kopya mo (PDF)',
  'copyToKeep.hint': 'Ang kasunduan at disclosure mo gaya ng pagpayag mo, sa Ingles at Filipino, para itago.',
  'rating.label': 'Marka',
  'rating.star': '{n} bituin',
  'rating.stars': '{n} bituin',
  'rating.choose': 'Pumili ng rating.',

  'language.label': 'Wika',
  'language.en': 'English',
  'language.fil': 'Filipino',
};
