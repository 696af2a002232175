// The book's rules as the pages apply them; the server checks them again
// (hiram_domain::book_keeping). Money stays in integer centavos: a typed
// amount is read digit by digit, never through a floating-point number.
import { formatDate, formatMoney, parseHundredths } from '@hiram/shared/format/format';
import { getLocale } from '@hiram/shared/i18n/i18n';
import type { BookKey } from './texts';

/** ₱10,000,000.00, the largest entry the server takes. */
export const MAX_AMOUNT_CENTAVOS = 1_000_000_000;
/** Characters of a note; the field stops there. */
export const MAX_NOTE_CHARS = 100;
/** The earliest date the server takes. */
export const EARLIEST_DATE = '2000-01-01';
/** How long the Undo toast stays; the server keeps the entry for 10 minutes. */
export const UNDO_TOAST_MS = 6000;

export type Kind = 'income' | 'expense';

export type AmountCheck = { ok: true; centavos: number } | { ok: false; message: BookKey };

/**
 * Pesos as typed (`1,250.5`, `₱ 80`) → centavos, exactly (the one decimal
 * parser): more than zero and at most ₱10,000,000.00.
 */
export function pesosToCentavos(text: string): AmountCheck {
  const centavos = parseHundredths(text);
  if (centavos === null) return { ok: false, message: 'book.amountInvalid' };
  if (centavos <= 0) return { ok: false, message: 'book.amountZero' };
  if (centavos > MAX_AMOUNT_CENTAVOS) return { ok: false, message: 'book.amountTooLarge' };
  return { ok: true, centavos };
}

/** The note cut to the cap, counted in characters as the server counts them. */
export function capNote(text: string): string {
  const chars = Array.from(text);
  return chars.length > MAX_NOTE_CHARS ? chars.slice(0, MAX_NOTE_CHARS).join('') : text;
}

export function noteLength(text: string): number {
  return Array.from(text).length;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today in Manila, `YYYY-MM-DD`. */
export function todayInManila(now: number = Date.now()): string {
  return formatDate(now);
}

/** The latest date an entry may have: tomorrow in Manila (a phone's clock may run a little ahead). */
export function latestDate(now: number = Date.now()): string {
  return formatDate(now + DAY_MS);
}

/** Whether `date` is a `YYYY-MM-DD` the server will take today. */
export function isAllowedDate(date: string, now: number = Date.now()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) return false;
  return date >= EARLIEST_DATE && date <= latestDate(now);
}

/** `YYYY-MM` moved by `by` months. */
export function shiftMonth(month: string, by: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function monthDate(month: string): Date {
  return new Date(`${month}-01T00:00:00Z`);
}

function intlLocale(): string {
  return getLocale() === 'fil' ? 'fil' : 'en-PH';
}

/** `2026-05` → `May 2026` (`Mayo 2026` in Filipino). */
export function monthTitle(month: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    monthDate(month),
  );
}

/** `2026-05` → `May`: the chart's labels. */
export function monthShort(month: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { month: 'short', timeZone: 'UTC' }).format(monthDate(month));
}


/** The date a new entry starts with: today, or the first day of an earlier month being viewed. */
export function defaultDate(viewedMonth: string, now: number = Date.now()): string {
  const today = todayInManila(now);
  return /^\d{4}-\d{2}$/.test(viewedMonth) && viewedMonth < today.slice(0, 7) ? `${viewedMonth}-01` : today;
}

/** An entry's amount with its direction: `+₱15,000.00` in, `-₱125.50` out. */
export function signedAmount(record: { kind: string; amount: number }): string {
  return record.kind === 'income' ? `+${formatMoney(record.amount)}` : formatMoney(-record.amount);
}
