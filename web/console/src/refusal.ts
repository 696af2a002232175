import type { ApiResult } from '@hiram/shared/api/request';
import { t } from './i18n/i18n';
import { showToast } from '@hiram/shared/ui/toastStore';

/**
 * The field a refused save names (`data.field`), for the form to mark; any
 * other failure (a lost connection, a server error) is toasted instead.
 */
export function refusedField(result: ApiResult<unknown>): string | null {
  const field = (result.data as { field?: unknown } | null)?.field;
  if (typeof field === 'string') return field;
  showToast(result.message || t('error.server'));
  return null;
}
