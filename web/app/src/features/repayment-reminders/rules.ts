// The rules of a bill and a reminder as the server applies them
// (hiram_domain::reminder); the page checks the same before sending.
import { parseHundredths } from '@hiram/shared/format/format';

export const MAX_NAME_CHARS = 40;
export const MAX_NOTE_CHARS = 200;
/** ₱10,000,000.00, the largest bill. */
export const MAX_AMOUNT_CENTAVOS = 1_000_000_000;
/** Reminders go out only from 08:00 to 21:00, Manila. */
export const FIRST_TIME = '08:00';
export const LAST_TIME = '21:00';
export const DEFAULT_TIME = '09:00';
export const DAYS_BEFORE_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export const REPEATS = ['none', 'weekly', 'monthly'] as const;
export type RepeatKey = (typeof REPEATS)[number];

/**
 * Pesos as typed (`1,234.5`, `₱ 80`) → whole centavos, exactly (the one
 * decimal parser); null when it is not an amount within ₱0.01–₱10,000,000.00.
 */
export function pesosToCentavos(text: string): number | null {
  const centavos = parseHundredths(text);
  return centavos !== null && centavos >= 1 && centavos <= MAX_AMOUNT_CENTAVOS ? centavos : null;
}

/** Whether `HH:MM` lies within the SMS hours (the server decides too). */
export function withinSmsHours(time: string): boolean {
  return /^\d{2}:\d{2}$/.test(time) && time >= FIRST_TIME && time <= LAST_TIME;
}
