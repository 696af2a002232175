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
  const data = result.data;
  const field = data !== null && typeof data === 'object' && 'field' in data ? data.field : undefined;
  if (typeof field === 'string') return field;
  showToast(result.message || t('error.server'));
  return null;
}
