// The server-driven KYC form: its item shape, its sections and the rules the
// page applies before saving.
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';
import { fillProductId } from '@hiram/shared/query/pageQuery';

/** A KYC item: the shared server-driven item (cate `text`, `city`, `day` or `enum`), always marked required or not. */
export type FormItem = components['schemas']['FormItem'];
export type SectionForm = components['schemas']['Form'];

export const SECTION_KEYS = ['basic', 'personal', 'job', 'ext'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export function isSectionKey(value: string | undefined): value is SectionKey {
  return (SECTION_KEYS as readonly string[]).includes(value ?? '');
}

/** Client-side check before saving: required items must have a value. */
export function missingRequired(items: readonly FormItem[], values: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of items) {
    if (item.required && (values[item.code] ?? '').trim() === '') errors[item.code] = t('validation.required');
  }
  return errors;
}

/** The query the KYC pages carry so the borrower can go back and apply; the product in either spelling. */
export function returnQuery(search: URLSearchParams): Record<string, string> {
  const filled = fillProductId(search);
  const out: Record<string, string> = {};
  for (const name of ['productId', 'amount'] as const) {
    const value = filled.get(name);
    if (value) out[name] = value;
  }
  return out;
}
