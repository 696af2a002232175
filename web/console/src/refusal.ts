import type { ApiResult } from '@hiram/shared/api/request';
import { t } from './i18n/i18n';
import { showToast } from '@hiram/shared/ui/toastStore';

/**
 * The field a refused save names (`data.field`: the document's FieldRefused,
 * which these saves list for their 400, and a link's and a staff account's
 * for their 409), for the form to mark; any other failure (a lost
 * connection, a server error) is toasted instead.
 */
export function refusedField(result: ApiResult<unknown>): string | null {
  const field = namedField(result);
  if (field === null) showToast(result.message || t('error.server'));
  return field;
}

/** The field a refusal names, if any, for a form that shows every refusal itself. */
export function namedField(result: ApiResult<unknown>): string | null {
  const data = result.data;
  const field = data !== null && typeof data === 'object' && 'field' in data ? data.field : undefined;
  return typeof field === 'string' ? field : null;
}

/** A refused save's field and the server's words for it, to show beside that field. */
export interface Refusal {
  field: string;
  text: string;
}

/** What to show beside a field after a refused save; null when no field was named (then toasted). */
export function refusalOf(result: ApiResult<unknown>): Refusal | null {
  const field = refusedField(result);
  return field === null ? null : { field, text: result.message || t('error.server') };
}

/** The text beside `field`, when the refusal names it. */
export const besideField = (refusal: Refusal | null, field: string) => (refusal?.field === field ? refusal.text : undefined);
