// A borrower call answered 401 in its envelope (D7): the session the page
// went with has ended (idle or absolute expiry, a log-out elsewhere) or never
// was (a forged or stale link). The pages then say so and offer to log in
// again, rather than showing empty figures that read as lost money
// (issue 33). Usable outside React: the request helper marks it.
import { useSyncExternalStore } from 'react';

let ended = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (ended === value) return;
  ended = value;
  listeners.forEach((listener) => listener());
}

/** A call was refused for want of a session. */
export function markSessionEnded(): void {
  set(true);
}

/** A new session (log-in): the notice goes. */
export function clearSessionEnded(): void {
  set(false);
}

export function isSessionEnded(): boolean {
  return ended;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the session has ended, re-rendering when that changes. */
export function useSessionEnded(): boolean {
  return useSyncExternalStore(subscribe, isSessionEnded, isSessionEnded);
}
