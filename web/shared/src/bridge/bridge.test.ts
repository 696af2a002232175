import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '../ui/toastStore';
import { BRIDGE_ACTIONS, bridgeChannel, callNative, configureBridge, type BridgeAction, type BridgePayloads } from './bridge';

const SAMPLE: { [A in BridgeAction]: BridgePayloads[A] } = {
  to: { url: '/repaymentByPeriod?orderId=1' },
  closeWebview: {},
  toP: { productId: '4' },
  toHome: {},
  toMine: {},
  offToLogin: {},
  callTelephone: { phone: '+639171234567' },
  toRate: {},
  confirmBurialPoint: { productId: '4', moduleId: 30, positionId: 0 },
  startBank: { productId: '4', source: 'loanDetail' },
  endBank: {},
};

let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
let openUrl: ReturnType<typeof vi.fn<(url: string) => void>>;
let back: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  navigate = vi.fn();
  openUrl = vi.fn();
  back = vi.fn();
  configureBridge({ navigate, openUrl, back, rateUrl: '' });
  hideToast();
  window.history.replaceState(null, '', '/loanDetails?sessionId=s1&orderId=1');
});

afterEach(() => {
  delete window.webkit;
  delete window.HiramBridge;
  vi.unstubAllGlobals();
});

describe('iOS', () => {
  it.each(BRIDGE_ACTIONS)('%s posts its JSON payload to the message handler', async (action) => {
    const postMessage = vi.fn();
    window.webkit = { messageHandlers: { [action]: { postMessage } } };
    expect(bridgeChannel(action)).toBe('ios');
    await expect(callNative(action, SAMPLE[action])).resolves.toBe('ios');
    expect(postMessage).toHaveBeenCalledWith(JSON.stringify(SAMPLE[action]));
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('Android', () => {
  it.each(BRIDGE_ACTIONS)('%s calls HiramBridge with its JSON payload', async (action) => {
    const method = vi.fn();
    window.HiramBridge = { [action]: method };
    expect(bridgeChannel(action)).toBe('android');
    await expect(callNative(action, SAMPLE[action])).resolves.toBe('android');
    expect(method).toHaveBeenCalledWith(JSON.stringify(SAMPLE[action]));
  });

  it('falls back when the shell lacks that one action', async () => {
    window.HiramBridge = { toMine: vi.fn() };
    await expect(callNative('toHome', {})).resolves.toBe('browser');
    expect(navigate).toHaveBeenCalledWith('/home?sessionId=s1');
  });
});

describe('in a messaging app\'s browser', () => {
  const MESSENGER =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/466.0.0.38.108;FBBV/612345678;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/5]';

  it.each(BRIDGE_ACTIONS)('%s takes the browser fallback, not a handler of the same name', async (action) => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: MESSENGER });
    const postMessage = vi.fn();
    const method = vi.fn();
    window.webkit = { messageHandlers: { [action]: { postMessage } } };
    window.HiramBridge = { [action]: method };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: '00', message: '', data: null }))));
    expect(bridgeChannel(action)).toBe('browser');
    await expect(callNative(action, SAMPLE[action])).resolves.toBe('browser');
    expect(postMessage).not.toHaveBeenCalled();
    expect(method).not.toHaveBeenCalled();
  });

  it('closeWebview there goes back in history', async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: MESSENGER });
    window.webkit = { messageHandlers: { closeWebview: { postMessage: vi.fn() } } };
    window.history.pushState(null, '', '/x');
    await callNative('closeWebview', {});
    expect(back).toHaveBeenCalled();
  });
});

describe('browser fallbacks', () => {
  it('to: navigates in the app with the session query', async () => {
    await callNative('to', { url: '/repaymentByPeriod?orderId=1' });
    expect(navigate).toHaveBeenCalledWith('/repaymentByPeriod?orderId=1&sessionId=s1');
  });

  it('to: opens absolute addresses', async () => {
    await callNative('to', { url: 'https://example.ph/pay' });
    expect(openUrl).toHaveBeenCalledWith('https://example.ph/pay');
  });

  it('closeWebview: goes back in history', async () => {
    window.history.pushState(null, '', '/x');
    await callNative('closeWebview', {});
    expect(back).toHaveBeenCalled();
  });

  it('toP: opens the product detail', async () => {
    await callNative('toP', { productId: '4' });
    expect(navigate).toHaveBeenCalledWith('/productDetail?sessionId=s1&productId=4');
  });

  it('toHome and toMine: open those screens', async () => {
    await callNative('toHome', {});
    await callNative('toMine', {});
    expect(navigate.mock.calls).toEqual([['/home?sessionId=s1'], ['/mine?sessionId=s1']]);
  });

  it('offToLogin: forgets the session and opens login', async () => {
    await callNative('offToLogin', {});
    expect(navigate).toHaveBeenCalledWith('/login');
    window.history.replaceState(null, '', '/home');
    await callNative('toHome', {});
    expect(navigate).toHaveBeenLastCalledWith('/home');
  });

  it('callTelephone: opens a tel: link', async () => {
    await callNative('callTelephone', { phone: '+63 917 123 4567' });
    expect(openUrl).toHaveBeenCalledWith('tel:+639171234567');
  });

  it('toRate: opens the rate link when configured', async () => {
    configureBridge({ navigate, openUrl, back, rateUrl: 'https://example.ph/rate' });
    await callNative('toRate', {});
    expect(openUrl).toHaveBeenCalledWith('https://example.ph/rate');
  });

  it('toRate: thanks with a toast otherwise', async () => {
    await callNative('toRate', {});
    expect(openUrl).not.toHaveBeenCalled();
    expect(getToast()?.message).toBe('Thank you! Rating is available in the Hiram app.');
  });

  it('confirmBurialPoint: records the event through /pany/service/event/save', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify({ code: '0', data: null })));
    vi.stubGlobal('fetch', fetch);
    await callNative('confirmBurialPoint', { productId: '4', moduleId: 30, positionId: 0 });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/pany/service/event/save?sessionId=s1');
    expect(init.body).toBe('productId=4&moduleId=30&positionId=0');
  });

  it('startBank: opens /bindBank from another page', async () => {
    await callNative('startBank', { productId: '4', source: 'loanDetail' });
    expect(navigate).toHaveBeenCalledWith('/bindBank?sessionId=s1&productId=4&source=loanDetail');
  });

  it('startBank: does nothing when the bind page announces its own session', async () => {
    window.history.replaceState(null, '', '/bindBank?sessionId=s1&productId=4&orderId=1&source=loanDetail');
    await callNative('startBank', { productId: '4', source: 'loanDetail' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('endBank: leaves the leaving to the page (closeWebview or its own navigation)', async () => {
    window.history.pushState(null, '', '/bindBank?sessionId=s1&productId=4');
    await callNative('endBank', {});
    expect(navigate).not.toHaveBeenCalled();
    expect(back).not.toHaveBeenCalled();
  });
});
