// Where the header's back control leads. Inside the app, back is the
// browser's history; at the first page of a session (nothing of ours behind
// it) a shell's web view is closed, and a plain browser goes home rather than
// leaving for whatever site came before. Home itself, opened first in a
// browser, has nowhere to go back to, so it shows no back control.

export type BackAction = 'history' | 'closeWebview' | 'home' | 'none';

export interface BackContext {
  /** The entry's place in this session's history (react-router's `idx`); 0 at the first page. */
  historyIndex: number;
  /** Whether a native shell handles `closeWebview` (the page is in our web view). */
  inShell: boolean;
  /** Whether the page is home. */
  atHome: boolean;
}

export function backAction({ historyIndex, inShell, atHome }: BackContext): BackAction {
  if (historyIndex > 0) return 'history';
  if (inShell) return 'closeWebview';
  return atHome ? 'none' : 'home';
}

/**
 * The current entry's place in the session's history: react-router's browser
 * history writes `idx` into each entry's state (0 for the entry it started
 * on); an entry it did not write (a full page load) counts as the first.
 */
export function historyIndex(state: unknown = window.history.state): number {
  if (state !== null && typeof state === 'object' && 'idx' in state) {
    const idx = (state as { idx: unknown }).idx;
    if (typeof idx === 'number' && Number.isInteger(idx) && idx > 0) return idx;
  }
  return 0;
}

/** The app's home path. */
export const HOME_PATH = '/home';
