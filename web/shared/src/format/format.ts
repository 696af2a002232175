// The one formatter module: money, dates, phone numbers.
import { getLocale, type Locale } from '../i18n/i18n';
import { currencySymbol } from '../query/pageQuery';

/**
 * Integer centavos → `₱1,234.56` (en-PH grouping). The symbol follows the
 * page's `real=1` flag unless given.
 */
export function formatMoney(centavos: number, symbol: string = currencySymbol()): string {
  if (!Number.isFinite(centavos)) return '';
  const whole = Math.round(centavos);
  const negative = whole < 0;
  const abs = Math.abs(whole);
  const pesos = Math.floor(abs / 100);
  const cents = abs % 100;
  const grouped = String(pesos).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${symbol}${grouped}.${String(cents).padStart(2, '0')}`;
}

/** Parses a centavo amount from text (a query value); null if not an integer. */
export function parseCentavos(text: string | null | undefined): number | null {
  if (text == null || !/^-?\d+$/.test(text.trim())) return null;
  return Number(text.trim());
}

/**
 * A decimal typed by a person (`5,000.50`, `₱ 80`, `3.5`) → an integer count
 * of hundredths (`500050`, `8000`, `350`): centavos from pesos, basis points
 * from a percentage. String arithmetic, so no binary fraction ever touches
 * money. Spaces, `₱` and thousands commas are ignored; at most 2 decimals and
 * 13 whole digits (exact as a number). Null for anything else, negatives
 * included.
 */
export function parseHundredths(text: string): number | null {
  const m = /^(\d{1,13})(?:\.(\d{0,2}))?$/.exec(text.replace(/[\s,₱]/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Basis points as a percentage with two decimals: `567` → `5.67%`, `10000` → `100.00%`, `-100` → `-1.00%`. */
export function formatPercent(basisPoints: number): string {
  const sign = basisPoints < 0 ? '-' : '';
  const abs = Math.abs(basisPoints);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`;
}

/** Hundredths back to the text a person would type: `150050` → `1500.5`, `400` → `4`, `7` → `0.07`. */
export function hundredthsText(value: number): string {
  const whole = Math.trunc(value / 100);
  const rest = String(Math.abs(value % 100)).padStart(2, '0').replace(/0+$/, '');
  const sign = value < 0 && whole === 0 ? '-' : '';
  return rest ? `${sign}${whole}.${rest}` : String(whole);
}

// The Philippines keeps UTC+8 all year (no daylight saving since 1978), so a
// fixed offset gives Asia/Manila wall-clock time without Intl time-zone data.
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

function manilaParts(value: Date | number | string): string[] | null {
  const date = value instanceof Date ? value : new Date(value);
  const ms = date.getTime();
  if (Number.isNaN(ms)) return null;
  const m = new Date(ms + MANILA_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return [
    String(m.getUTCFullYear()),
    pad(m.getUTCMonth() + 1),
    pad(m.getUTCDate()),
    pad(m.getUTCHours()),
    pad(m.getUTCMinutes()),
    pad(m.getUTCSeconds()),
  ];
}

/** `YYYY-MM-DD` in Asia/Manila. Numbers are epoch milliseconds. */
export function formatDate(value: Date | number | string): string {
  const p = manilaParts(value);
  return p ? `${p[0]}-${p[1]}-${p[2]}` : '';
}

/** `YYYY-MM-DD HH:mm:ss` in Asia/Manila. Numbers are epoch milliseconds. */
export function formatDateTime(value: Date | number | string): string {
  const p = manilaParts(value);
  return p ? `${p[0]}-${p[1]}-${p[2]} ${p[3]}:${p[4]}:${p[5]}` : '';
}

// The months as en-PH and fil-PH write them short. Written out rather than
// asked of Intl.DateTimeFormat: building one costs a slow phone a long task
// at start-up (issue 34), and the words no longer depend on the phone's ICU.
const MONTHS: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  fil: ['Ene', 'Peb', 'Mar', 'Abr', 'May', 'Hun', 'Hul', 'Ago', 'Set', 'Okt', 'Nob', 'Dis'],
};

/**
 * A calendar day as the server sends it (`2026-01-15`: a due date, a
 * payment date) as a borrower reads it: `Jan 15, 2026`, in Filipino
 * `Ene 15, 2026`. Any other text is returned as it is.
 */
export function formatDay(day: string, locale: Locale = getLocale()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!m) return day;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (date.toISOString().slice(0, 10) !== day.trim()) return day;
  return `${MONTHS[locale][date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * A time the server writes without a zone (`2026-11-28 19:25`, `YYYY-MM-DD
 * HH:MM:SS`) is Manila's wall clock: it becomes the same moment with
 * `+08:00`, so no browser reads it in its own zone. Other text is unchanged.
 */
function manilaWallTime(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?$/.exec(text.trim());
  return m ? `${m[1]}T${m[2]}${m[3] ?? ':00'}+08:00` : text;
}

/**
 * A moment the server sends (RFC 3339: when a pay code stops working) as a
 * borrower reads it, in Manila time: the day as formatDay writes it, then
 * the hour on the 12-hour clock the Philippines reads, `Oct 16, 2025,
 * 11:59 PM` (Filipino `Okt 16, 2025, 11:59 PM`). A time without a zone
 * (`2026-11-28 19:25`) is read as Manila's. '' when it is not a time.
 */
export function formatDayTime(value: Date | number | string, locale: Locale = getLocale()): string {
  const p = manilaParts(typeof value === 'string' ? manilaWallTime(value) : value);
  if (!p) return '';
  const hour = Number(p[3]);
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${p[4]} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${formatDay(`${p[0]}-${p[1]}-${p[2]}`, locale)}, ${clock}`;
}

const FILIPINO_DAYS: Record<string, string> = {
  monday: 'Lunes', tuesday: 'Martes', wednesday: 'Miyerkules', thursday: 'Huwebes', friday: 'Biyernes', saturday: 'Sabado', sunday: 'Linggo',
  mon: 'Lun', tue: 'Mar', tues: 'Mar', wed: 'Miy', thu: 'Huw', thur: 'Huw', thurs: 'Huw', fri: 'Biy', sat: 'Sab', sun: 'Lin',
};
const DAY = `(?:${Object.keys(FILIPINO_DAYS).join('|')})`;

/**
 * Service hours as staff typed them (`Mon–Sat, 8:00 AM – 8:00 PM`), with
 * the days of the week in Filipino on a Filipino page (`Lun–Sab, 8:00 AM –
 * 8:00 PM`; "Mon to Sat" becomes "Lun–Sab"); hours and other words stay as
 * written. In English the text is unchanged.
 */
export function formatServiceHours(text: string, locale: Locale = getLocale()): string {
  if (locale !== 'fil') return text;
  return text
    .replace(new RegExp(`\\b(${DAY})(\\.?)\\s+to\\s+(?=${DAY}\\b)`, 'gi'), '$1$2–')
    .replace(new RegExp(`\\b${DAY}\\b`, 'gi'), (day) => FILIPINO_DAYS[day.toLowerCase()] ?? day);
}

/**
 * A Philippine mobile number as typed (`09171234567`, `+63 917 123 4567`,
 * `639171234567`) → E.164 `+639171234567`, or null when it is not one.
 */
export function toE164(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  let m = /^09(\d{9})$/.exec(digits);
  if (m) return `+639${m[1]}`;
  m = /^\+?639(\d{9})$/.exec(digits);
  if (m) return `+639${m[1]}`;
  return null;
}

/** The D1 rule: 11 digits starting 09, or +63 9XXXXXXXXX. */
export function isValidPhMobile(input: string): boolean {
  const compact = input.replace(/[\s-]/g, '');
  return /^09\d{9}$/.test(compact) || /^\+639\d{9}$/.test(compact);
}

/** E.164 (or any accepted form) → `0917 123 4567`; other text is returned unchanged. */
export function formatPhone(input: string): string {
  const e164 = toE164(input);
  if (!e164) return input;
  const local = `0${e164.slice(3)}`;
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}

/** Most digits a mobile number field accepts (`09171234567`). */
export const PHONE_MAX_DIGITS = 11;

/**
 * What a mobile number field keeps of the typed or pasted text: digits only,
 * at most 11; a pasted `+63 917 …` becomes `0917…`.
 */
export function phoneDigits(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (/^639\d{9}$/.test(digits)) digits = `0${digits.slice(2)}`;
  return digits.slice(0, PHONE_MAX_DIGITS);
}

/** Digits shown as typed, grouped like `0917 123 4567` (D1). */
export function formatPhoneInput(digits: string): string {
  const d = phoneDigits(digits);
  return [d.slice(0, 4), d.slice(4, 7), d.slice(7)].filter(Boolean).join(' ');
}

/** The digits of typed or pasted text, at most `max` of them (no limit when 0). */
export function digitsOnly(text: string, max = 0): string {
  const digits = text.replace(/\D/g, '');
  return max > 0 ? digits.slice(0, max) : digits;
}

/** A bank account or card number as typed, grouped in fours: `0012 3456 7890`. */
export function formatCardNumberInput(text: string): string {
  return digitsOnly(text).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * A pay code as the cashier keys it in: its characters without spaces
 * (`1234 5678 9012` → `123456789012`). What Copy puts on the clipboard. Other
 * characters stay: a provider's code may hold letters or a dash.
 */
export function payCodeText(code: string): string {
  return code.replace(/\s/g, '');
}

/**
 * A pay code shown in groups of four, from the left: `123456789012` →
 * `1234 5678 9012`, `ABCD12345` → `ABCD 1234 5`. Spaces already in it are
 * dropped first, so grouping twice changes nothing.
 */
export function groupPayCode(code: string): string {
  return payCodeText(code).replace(/(.{4})(?=.)/g, '$1 ');
}
