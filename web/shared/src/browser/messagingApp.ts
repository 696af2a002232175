// The messaging-app browser (spec §1, §9): a page opened from a link in a
// chat opens in the app's own browser, which the user agent names. There the
// pages call no native bridge (no shell of ours hosts them) and the download
// page asks the visitor to open it in their phone's browser, where the store
// links work.

/** The messaging apps whose built-in browsers people in the Philippines open links in. */
export type MessagingApp = 'Messenger' | 'Facebook' | 'Instagram' | 'Viber' | 'WhatsApp' | 'WeChat' | 'LINE';

// Order matters: Messenger's browser also carries Facebook's FBAN/FBAV marks.
const SIGNATURES: readonly [MessagingApp, RegExp][] = [
  ['Messenger', /MessengerForiOS|MessengerLiteForiOS|Orca-Android|FB_IAB\/MESSENGER/i],
  ['Instagram', /\bInstagram\b/i],
  ['Facebook', /\bFBAN\/|\bFBAV\/|\bFB_IAB\/|\bFBIOS\b|\bFB4A\b/i],
  ['Viber', /\bViber\b/i],
  ['WhatsApp', /\bWhatsApp\b/i],
  ['WeChat', /\bMicroMessenger\//i],
  ['LINE', /\bLine\/\d/i],
];

/** The messaging app whose browser this is, from its user agent; null in an ordinary browser or a shell. */
export function messagingApp(userAgent: string = navigator.userAgent): MessagingApp | null {
  return SIGNATURES.find(([, signature]) => signature.test(userAgent))?.[0] ?? null;
}
