// When the safety reminder (the specification's "Kind tips") shows: once a
// day at most, remembered in local storage, so it does not greet the
// borrower each time the app opens the page in a new web view (whose session
// storage starts empty); a new day brings it back.
import { formatDate } from '@hiram/shared/format/format';

/** Local storage: the Manila day (`YYYY-MM-DD`) the reminder was last seen. */
export const SHOW_BANK_TIP = 'showBankTip';

// Where local storage is refused (some private modes), the page remembers it
// for as long as it stays open.
let seenInMemory = '';

/** Whether the reminder is due: not seen yet on `now`'s Manila day. */
export function safetyTipDue(now: number = Date.now()): boolean {
  const today = formatDate(now);
  try {
    return localStorage.getItem(SHOW_BANK_TIP) !== today;
  } catch {
    return seenInMemory !== today;
  }
}

/** The borrower has seen the reminder (or gone on to pay, where it matters): not again today. */
export function safetyTipSeen(now: number = Date.now()): void {
  const today = formatDate(now);
  seenInMemory = today;
  try {
    localStorage.setItem(SHOW_BANK_TIP, today);
  } catch {
    // Remembered in memory only.
  }
}
