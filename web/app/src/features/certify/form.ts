// The server-driven KYC form: its item shape, its sections and the rules the
// page applies before saving.
import { t } from '@hiram/shared/i18n/i18n';

export interface FormOption {
  name: string;
  /** The value sent for this option. */
  type: string;
}

export interface FormItem {
  code: string;
  title: string;
  subtitle: string;
  cate: 'text' | 'city' | 'day' | 'enum';
  inputType: 'text' | 'number' | 'email';
  /** The current value: text, an option's type, a city's type, or YYYY-MM-DD. */
  value: string;
  note: FormOption[];
  required: boolean;
  maxLength: number;
}

export interface SectionForm {
  title: string;
  items: FormItem[];
}

/** A 400 from a save names the first bad field. */
export interface SaveRefusal {
  field?: string;
}

export const SECTION_KEYS = ['basic', 'personal', 'job', 'ext'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export function isSectionKey(value: string | undefined): value is SectionKey {
  return (SECTION_KEYS as readonly string[]).includes(value ?? '');
}

/** What an input keeps of typed text: digits only for number items, cut to maxLength. */
export function cleanInput(item: FormItem, text: string): string {
  const kept = item.inputType === 'number' ? text.replace(/\D/g, '') : text;
  return item.maxLength > 0 ? kept.slice(0, item.maxLength) : kept;
}

/** Client-side check before saving: required items must have a value. */
export function missingRequired(items: readonly FormItem[], values: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of items) {
    if (item.required && (values[item.code] ?? '').trim() === '') errors[item.code] = t('validation.required');
  }
  return errors;
}

/** The query the KYC pages carry so the borrower can go back and apply. */
export function returnQuery(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['productId', 'amount'] as const) {
    const value = search.get(name);
    if (value) out[name] = value;
  }
  return out;
}
