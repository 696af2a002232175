// Staff set banner times in Manila wall-clock time (datetime-local inputs);
// the server keeps instants. The Philippines keeps UTC+8 all year.

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** An instant as a datetime-local value in Manila (`2025-12-01T08:00`); empty for none. */
export function toManilaInput(instant: string | null | undefined): string {
  if (!instant) return '';
  const ms = new Date(instant).getTime();
  if (Number.isNaN(ms)) return '';
  return new Date(ms + MANILA_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Manila time, in RFC 3339 (`2025-12-01T08:00:00+08:00`); empty for none. */
export function fromManilaInput(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+08:00` : '';
}
