// The native bridge (decision D2). See docs/bridge.md for the protocol.
// iOS:     window.webkit.messageHandlers.<action>.postMessage(payloadJSON)
// Android: window.HiramBridge.<action>(payloadJSON)
// Browser: a fallback for every action; always in a messaging app's browser,
// where no shell of ours hosts the page.
import { formApi } from '../api/endpoints';
import { messagingApp } from '../browser/messagingApp';
import { t } from '../i18n/i18n';
import { withCarriedQuery } from '../query/pageQuery';
import { forgetWebSession } from '../session/webSession';
import { showToast } from '../ui/toastStore';

export interface BridgePayloads {
  /** Open a page: an in-app path (`/repaymentByPeriod?...`) or an absolute URL. */
  to: { url: string };
  closeWebview: Record<string, never>;
  /** Open a product's detail screen. */
  toP: { productId: string };
  toHome: Record<string, never>;
  toMine: Record<string, never>;
  /** Log out and show the login screen. */
  offToLogin: Record<string, never>;
  callTelephone: { phone: string };
  /** Ask the store's rate-app prompt. */
  toRate: Record<string, never>;
  /** Analytics event (spec "confirmBurialPoint"). */
  confirmBurialPoint: { productId: string; moduleId: number; positionId: number };
  /** Start the bank-account binding session. */
  startBank: { productId: string; source?: string };
  /** End the bank-account binding session. */
  endBank: Record<string, never>;
}

export type BridgeAction = keyof BridgePayloads;

export const BRIDGE_ACTIONS: readonly BridgeAction[] = [
  'to',
  'closeWebview',
  'toP',
  'toHome',
  'toMine',
  'offToLogin',
  'callTelephone',
  'toRate',
  'confirmBurialPoint',
  'startBank',
  'endBank',
];

interface IosHandler {
  postMessage(message: string): void;
}

type AndroidBridge = Partial<Record<BridgeAction, (payloadJson: string) => void>>;

declare global {
  interface Window {
    webkit?: { messageHandlers?: Partial<Record<string, IosHandler>> };
    HiramBridge?: AndroidBridge;
  }
}

export interface BridgeEnvironment {
  /** In-app navigation (react-router's navigate); defaults to location.assign. */
  navigate: (path: string) => void;
  /** Leaves the app for another address (tel:, store page, external site). */
  openUrl: (url: string) => void;
  back: () => void;
  /** Store page for the rate fallback; without one the fallback thanks with a toast. */
  rateUrl: string;
}

const defaults: BridgeEnvironment = {
  navigate: (path) => window.location.assign(path),
  openUrl: (url) => window.location.assign(url),
  back: () => window.history.back(),
  rateUrl: import.meta.env.VITE_RATE_URL ?? '',
};

let env: BridgeEnvironment = { ...defaults };

/** Wires the fallbacks to the page (called once by the app root; tests too). */
export function configureBridge(overrides: Partial<BridgeEnvironment>): void {
  env = { ...defaults, ...overrides };
}

export type BridgeChannel = 'ios' | 'android' | 'browser';

/**
 * The shell's handler for `action`, if the page is in our shell: never in a
 * messaging app's browser, whose own scripts may define handlers of the same
 * names that are not ours to call.
 */
function nativeHandler(action: BridgeAction): { ios: IosHandler } | { android: (payloadJson: string) => void } | null {
  if (messagingApp() !== null) return null;
  const ios = window.webkit?.messageHandlers?.[action];
  if (ios) return { ios };
  const android = window.HiramBridge?.[action];
  if (typeof android === 'function') return { android: (payloadJson) => android.call(window.HiramBridge, payloadJson) };
  return null;
}

/** Which channel an action would take right now. */
export function bridgeChannel(action: BridgeAction): BridgeChannel {
  const handler = nativeHandler(action);
  if (handler === null) return 'browser';
  return 'ios' in handler ? 'ios' : 'android';
}

/** The bind-bank page, which starts the bank session itself when it opens. */
const BIND_BANK_PATH = '/bindBank';

const fallbacks: { [A in BridgeAction]: (payload: BridgePayloads[A]) => void | Promise<void> } = {
  to: ({ url }) => {
    if (/^https?:/i.test(url)) env.openUrl(url);
    else env.navigate(withCarriedQuery(url));
  },
  closeWebview: () => {
    if (window.history.length > 1) env.back();
    else env.navigate(withCarriedQuery('/home'));
  },
  toP: ({ productId }) => env.navigate(withCarriedQuery('/productDetail', { productId })),
  toHome: () => env.navigate(withCarriedQuery('/home')),
  toMine: () => env.navigate(withCarriedQuery('/mine')),
  offToLogin: () => {
    forgetWebSession();
    env.navigate('/login');
  },
  callTelephone: ({ phone }) => env.openUrl(`tel:${phone.replace(/[^\d+]/g, '')}`),
  toRate: () => {
    if (env.rateUrl) env.openUrl(env.rateUrl);
    else showToast(t('bridge.rateUnavailable'));
  },
  confirmBurialPoint: async (payload) => {
    await formApi.post('/service/event/save', payload, { silent: true });
  },
  // A browser has no bank session: startBank only opens the bind page, and
  // does nothing when the bind page itself announces the session on opening.
  startBank: ({ productId, source }) => {
    if (window.location.pathname === BIND_BANK_PATH) return;
    env.navigate(withCarriedQuery(BIND_BANK_PATH, source ? { productId, source } : { productId }));
  },
  // Nothing to end in a browser: after endBank the bind page closes itself
  // (closeWebview, i.e. back) or goes to the order page, so a navigation here
  // would race with that one.
  endBank: () => {},
};

/** Calls a native action, or its browser fallback when the shell lacks it. */
export async function callNative<A extends BridgeAction>(action: A, payload: BridgePayloads[A]): Promise<BridgeChannel> {
  const handler = nativeHandler(action);
  if (handler === null) {
    await fallbacks[action](payload);
    return 'browser';
  }
  const json = JSON.stringify(payload);
  if ('ios' in handler) {
    handler.ios.postMessage(json);
    return 'ios';
  }
  handler.android(json);
  return 'android';
}
