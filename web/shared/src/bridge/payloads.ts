// The bridge's actions with their payloads, and what its browser fallbacks
// act through: beside bridge.ts so that the fallbacks' own chunk
// (browserFallbacks.ts) names them without importing the bridge back.
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

export interface BridgeEnvironment {
  /** In-app navigation (react-router's navigate); defaults to location.assign. */
  navigate: (path: string) => void;
  /** Leaves the app for another address (tel:, store page, external site). */
  openUrl: (url: string) => void;
  back: () => void;
  /** Store page for the rate fallback; without one the fallback thanks with a toast. */
  rateUrl: string;
}
