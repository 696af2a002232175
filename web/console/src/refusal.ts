import type { ApiResult } from '@hiram/shared/api/request';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from './i18n/i18n';
import { showToast } from '@hiram/shared/ui/toastStore';

/**
 * The field a refused save names (`data.field`), for the form to mark; any
 * other failure (a lost connection, a server error) is toasted instead. The
 * document has the shape (FieldRefused) but lists no 400 reply, so it may be absent.
 */
export function refusedField(result: ApiResult<unknown>): string | null {
  const field = (result.data as Partial<components['schemas']['FieldRefused']> | null)?.field;
  if (typeof field === 'string') return field;
  showToast(result.message || t('error.server'));
  return null;
}
