// The server-driven form item that the KYC sections and bind bank share
// (spec §3 "Bank form item"): its shape, what an input keeps of typed text,
// how a value is shown, and the field a refused save names.
import type { ApiResult } from '@hiram/shared/api/request';
import type { components } from '@hiram/shared/api/schema.gen';
import { digitsOnly, formatCardNumberInput, formatPhoneInput, phoneDigits } from '@hiram/shared/format/format';

/** A choice: its name, and `type`, the value sent for it. */
export type FormOption = components['schemas']['FormOption'];

type KycItem = components['schemas']['FormItem'];

/**
 * What a KYC item and a bank form item share: `cate` is `text`, `city` (a
 * city picker), `day` (a date) or `enum` (a picker of `note`); a text item's
 * `inputType` is `text`, `email`, or a digits-only kind: `number`, `phone`
 * (shown 0917 123 4567) or `bankCard` (shown in fours); `maxLength` counts
 * the characters kept (digits for the digits-only kinds), 0 being no limit.
 * Only KYC items say whether they are required.
 */
export type FormItemShape = Omit<KycItem, 'required'> & Partial<Pick<KycItem, 'required'>>;

const DIGIT_INPUTS = new Set(['number', 'phone', 'bankCard']);

/** Whether a text item takes digits only (its input type, or a form where every input does). */
export function takesDigits(item: FormItemShape, digitsOnlyForm = false): boolean {
  return digitsOnlyForm || DIGIT_INPUTS.has(item.inputType);
}

/**
 * What a text input keeps of typed or pasted text: digits only for the
 * digits-only kinds (a pasted `+63 917…` becomes `0917…` for phones), cut
 * at maxLength. This is also the value sent.
 */
export function cleanInput(item: FormItemShape, text: string, digitsOnlyForm = false): string {
  let kept = text;
  if (item.inputType === 'phone') kept = phoneDigits(text);
  else if (takesDigits(item, digitsOnlyForm)) kept = digitsOnly(text);
  return item.maxLength > 0 ? kept.slice(0, item.maxLength) : kept;
}

/** A kept value as the input shows it: phones 0917 123 4567, bank numbers in fours. */
export function shownInput(item: FormItemShape, value: string): string {
  if (item.inputType === 'phone') return formatPhoneInput(value);
  if (item.inputType === 'bankCard') return formatCardNumberInput(value);
  return value;
}

/** The input's own character limit: maxLength plus the spaces the grouping adds. */
export function shownMaxLength(item: FormItemShape): number | undefined {
  if (item.maxLength <= 0) return undefined;
  return shownInput(item, '9'.repeat(item.maxLength)).length;
}

/**
 * The field code a refused save names in `data.field` (a 400 whose data is
 * the document's FieldRefused), if any: a failure with no data (a lost
 * connection, a malformed request) names none.
 */
export function refusedField(result: ApiResult<unknown>): string | undefined {
  if (result.success || result.data === null || typeof result.data !== 'object' || !('field' in result.data)) return undefined;
  const field = result.data.field;
  return typeof field === 'string' && field !== '' ? field : undefined;
}
