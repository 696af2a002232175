// The log-in page's and the session notice's texts, English and Filipino, in the feature's own chunk
// (featureTexts): the other borrower routes never download them.
import { featureTexts } from '@hiram/shared/i18n/i18n';

export const en = {
  'validation.code': 'Please enter the {length}-digit code.',
  'validation.password': 'Please enter your password.',
  'validation.newPassword': 'Your password must be {min} to {max} characters.',
  'otp.calling': 'We are calling you now. Answer the call to hear your code.',
  'session.title': 'Log in',
  'session.ended.heading': 'You were logged out',
  'session.ended.body':
    'For your safety we log you out after a while without use. Your loans and payments are just as they were: log in again to see them.',
  'session.ended.logIn': 'Log in again',
  'session.none.heading': 'Log in to continue',
  'session.none.body': 'Log in with your mobile number to see your loans and payments.',
  'session.none.logIn': 'Log in',
  'login.tab.code': 'Log in with code',
  'login.tab.password': 'Log in with password',
  'login.phone': 'Mobile number',
  'login.code': 'Verification code',
  'login.voice': 'Call me with the code',
  'login.password': 'Password',
  'login.newPassword': 'New password (8 to 64 characters)',
  'login.agree': 'By continuing you agree to the {terms} and {privacy}.',
  'login.agree.terms': 'Loan Terms and Conditions',
  'login.agree.privacy': 'Privacy Policy',
  'login.submit': 'Log in',
  'login.forgot': 'Forgot password?',
  'login.backToLogin': 'Back to log in',
  'login.reset.title': 'Reset your password',
  'login.reset.submit': 'Change password',
  'login.reset.done': 'Your password has been changed. Please log in.',
};

export type LoginKey = keyof typeof en;

export const fil: Record<LoginKey, string> = {
  'validation.code': 'Pakilagay ang {length}-digit na code.',
  'validation.password': 'Pakilagay ang iyong password.',
  'validation.newPassword': 'Dapat {min} hanggang {max} character ang iyong password.',
  'otp.calling': 'Tinatawagan ka namin ngayon. Sagutin ang tawag para marinig ang iyong code.',
  'session.title': 'Mag-log in',
  'session.ended.heading': 'Na-log out ka',
  'session.ended.body':
    'Para sa iyong kaligtasan, nila-log out ka namin kapag matagal nang hindi ginagamit. Walang nagbago sa iyong mga loan at bayad: mag-log in muli para makita ang mga ito.',
  'session.ended.logIn': 'Mag-log in muli',
  'session.none.heading': 'Mag-log in para magpatuloy',
  'session.none.body': 'Mag-log in gamit ang iyong mobile number para makita ang iyong mga loan at bayad.',
  'session.none.logIn': 'Mag-log in',
  'login.tab.code': 'Mag-log in gamit ang code',
  'login.tab.password': 'Mag-log in gamit ang password',
  'login.phone': 'Numero ng mobile',
  'login.code': 'Code ng beripikasyon',
  'login.voice': 'Tawagan ako para sa code',
  'login.password': 'Password',
  'login.newPassword': 'Bagong password (8 hanggang 64 na character)',
  'login.agree': 'Sa pagpapatuloy, sumasang-ayon ka sa {terms} at sa {privacy}.',
  'login.agree.terms': 'Mga Tuntunin at Kundisyon ng Loan',
  'login.agree.privacy': 'Patakaran sa Privacy',
  'login.submit': 'Mag-log in',
  'login.forgot': 'Nakalimutan ang password?',
  'login.backToLogin': 'Bumalik sa pag-log in',
  'login.reset.title': 'I-reset ang iyong password',
  'login.reset.submit': 'Palitan ang password',
  'login.reset.done': 'Napalitan na ang iyong password. Paki-log in.',
};

export const t = featureTexts(en, fil);
