// The native bridge (decision D2). See docs/bridge.md for the protocol.
// iOS:     window.webkit.messageHandlers.<action>.postMessage(payloadJSON)
// Android: window.HiramBridge.<action>(payloadJSON)
// Browser: a fallback for every action (browserFallbacks.ts); always in a
// messaging app's browser, where no shell of ours hosts the page.
import { messagingApp } from '../browser/messagingApp';
import { whenIdle } from '../browser/whenIdle';
import type { fallbacks } from './browserFallbacks';
import type { BridgeAction, BridgeEnvironment, BridgePayloads } from './payloads';

export type { BridgeAction, BridgeEnvironment, BridgePayloads } from './payloads';

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

const defaults: BridgeEnvironment = {
  navigate: (path) => window.location.assign(path),
  openUrl: (url) => window.location.assign(url),
  back: () => window.history.back(),
  rateUrl: import.meta.env.VITE_RATE_URL ?? '',
};

let env: BridgeEnvironment = { ...defaults };

/** The browser fallbacks' chunk, fetched once. */
let browserFallbacks: Promise<{ fallbacks: typeof fallbacks }> | null = null;
const loadBrowserFallbacks = () => (browserFallbacks ??= import('./browserFallbacks'));

/**
 * Wires the fallbacks to the page (called once by the app root, after the
 * first render; tests too). Where no shell hosts the page every action takes
 * its fallback, so their chunk is fetched ahead of a tap, once the main
 * thread is idle (not in the first render's commit: issue 34).
 */
export function configureBridge(overrides: Partial<BridgeEnvironment>): void {
  env = { ...defaults, ...overrides };
  if (bridgeChannel('closeWebview') === 'browser') whenIdle(() => void loadBrowserFallbacks(), 2_000);
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

/** Calls a native action, or its browser fallback when the shell lacks it. */
export async function callNative<A extends BridgeAction>(action: A, payload: BridgePayloads[A]): Promise<BridgeChannel> {
  const handler = nativeHandler(action);
  if (handler === null) {
    const fallback = (await loadBrowserFallbacks()).fallbacks[action];
    await fallback(payload, env);
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
