import { useCallback, useEffect, useState } from 'react';

/** The resend wait of a one-time code (spec §9, D5). */
export const CODE_RESEND_SECONDS = 60;

/**
 * A one-second countdown for a "Get code" button. `left` is 0 when idle; the
 * label shows it while running, and at 1 the next tick returns to idle
 * (spec §4: the button never shows 0).
 */
export function useCountdown(): { left: number; running: boolean; start: (seconds?: number) => void } {
  const [left, setLeft] = useState(0);
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((n) => (n <= 1 ? 0 : n - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const start = useCallback((seconds: number = CODE_RESEND_SECONDS) => {
    setLeft(Math.max(1, Math.floor(seconds)));
  }, []);
  return { left, running, start };
}
