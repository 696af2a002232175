// English (en-PH) message catalogue: the source of truth. It holds the texts
// that more than one page or front end shows, and every borrower page
// downloads it; a text only one borrower feature shows lives in that feature's
// texts.ts (featureTexts), a front end's own in its catalogue (layeredTexts).
// Other locales must provide every key (the type below enforces it).
// Placeholders are written {name}.
export const en = {
  'app.name': 'Hiram',
  'common.loading': 'Loading…',
  'common.close': 'Close',
  'common.back': 'Back',
  'common.copy': 'Copy',
  'common.home': 'Go to home',

  'toast.copySuccess': 'copy success',
  'toast.copyFailed': 'Could not copy. Please copy it manually.',

  'error.network': 'Network error. Please check your connection and try again.',
  'error.server': 'Something went wrong on our side. Please try again later.',

  'bridge.rateUnavailable': 'Thank you! Rating is available in the Hiram app.',

  'notFound.title': 'Page not found',
  'notFound.body': 'We could not find the page you were looking for.',

  'page.customerService': 'Customer service',
  'page.aboutUs': 'About us',
  'page.privacyPolicy': 'Privacy policy',
  'page.loanTerms': 'Loan terms and conditions',
  'page.complaint': 'Complaints and suggestions',
  'page.login': 'Log in',
  'page.home': 'Home',
  'page.mine': 'My account',
  'page.repaymentReminders': 'Repayment reminders',
  'page.bookKeeping': 'Income and expense book',
  'page.calculator': 'Loan calculator',

  'validation.required': 'This field is required.',
  'validation.phone': 'Please enter a valid mobile number.',

  'validation.captcha': 'Please enter the digits in the picture.',
  'validation.smsCode': 'Please enter the SMS code.',

  'otp.sent': 'The code has been sent. Please check your phone.',
  'otp.tooSoon': 'Please do not request the code again so soon.',

  'login.getCode': 'Get code',
  'login.countdown': '{seconds} s',

  'loanDetails.productLogo': '{name} logo',

  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.confirm': 'Confirm',
  'products.apply': 'Apply',
  'products.tags': 'Features',
  'certify.progress': '{percent}% verified',
  'certify.photoTake': 'Take a photo',
  'certify.photoRetake': 'Take it again',
  'certify.photoTaken': '{name}: the photo you took',
  'certify.photoConsent': 'Taking the photo lets Hiram keep it to check who you are, as the privacy policy says (your consent to photos).',
  'form.choose': 'Please choose',
  'form.search': 'Search',
  'form.moreResults': 'Type more letters to see other matches.',
  'form.noResults': 'Nothing matches your search.',
  'agreement.disclosure': 'Disclosure statement',
  'agreement.schedule': 'Payment schedule',
  'agreement.number': 'No.',
  'agreement.dueDate': 'Due date',
  'agreement.amount': 'Amount',
  'copyToKeep.download': 'Download your copy (PDF)',
  'copyToKeep.hint': 'Your agreement and disclosure as you accepted them, in English and Filipino, to keep.',
  'rating.label': 'Rating',
  'rating.star': '{n} star',
  'rating.stars': '{n} stars',
  'rating.choose': 'Please choose a rating.',

  // Each language is named in itself, whatever the page runs in.
  'language.label': 'Language',
  'language.en': 'English',
  'language.fil': 'Filipino',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = { readonly [K in MessageKey]: string };
