import { afterEach, describe, expect, it, vi } from 'vitest';
import { messagingApp, type MessagingApp } from './messagingApp';

// User agents as these apps' built-in browsers send them (version numbers vary).
const SEEN: [MessagingApp, string][] = [
  [
    'Messenger',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/466.0.0.38.108;FBBV/612345678;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/5]',
  ],
  [
    'Messenger',
    'Mozilla/5.0 (Linux; Android 13; SM-A145F Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/455.0.0.44.88;]',
  ],
  [
    'Facebook',
    'Mozilla/5.0 (Linux; Android 12; CPH2269 Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/466.0.0.48.108;]',
  ],
  [
    'Facebook',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/466.0.0.35.108;FBBV/611111111;FBDV/iPhone12,1;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/2;FBID/phone;FBLC/en_US;FBOP/5]',
  ],
  [
    'Instagram',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.3.25.91 (iPhone13,2; iOS 17_4; en_PH; en; scale=3.00; 1170x2532; 597823464)',
  ],
  [
    'Viber',
    'Mozilla/5.0 (Linux; Android 11; Redmi Note 9 Pro Build/RKQ1.200826.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.99 Mobile Safari/537.36 Viber/22.4.0.0',
  ],
  [
    'WhatsApp',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 WhatsApp/24.10.78',
  ],
  [
    'WeChat',
    'Mozilla/5.0 (Linux; Android 12; V2111 Build/SP1A.210812.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/1234 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/en ABI/arm64',
  ],
  [
    'LINE',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.3.0',
  ],
];

const ORDINARY = [
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  // An ordinary web view (our own shell on Android), "Online" in a model name.
  'Mozilla/5.0 (Linux; Android 10; OnlinePad Build/QP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36',
];

afterEach(() => vi.unstubAllGlobals());

describe('messagingApp', () => {
  it.each(SEEN)('knows %s from its user agent', (app, userAgent) => {
    expect(messagingApp(userAgent)).toBe(app);
  });

  it.each(ORDINARY)('is null in an ordinary browser or web view: %s', (userAgent) => {
    expect(messagingApp(userAgent)).toBeNull();
  });

  it("reads the page's own user agent by default", () => {
    expect(messagingApp()).toBeNull();
    vi.stubGlobal('navigator', { ...navigator, userAgent: SEEN[0]![1] });
    expect(messagingApp()).toBe('Messenger');
  });
});
