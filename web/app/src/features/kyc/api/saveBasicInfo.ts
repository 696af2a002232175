import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';
import type { FieldRefusal } from '../../../components/form/formItem';

export const SAVE_BASIC_INFO_PATH = '/v3/certify/save-basic-info';

/**
 * Saves the basic information: item code → value, the form's own fields,
 * which the document cannot list. Silent: a 400 names the bad field in
 * `data.field` and the page shows the message on that field.
 */
export function saveBasicInfo(values: Record<string, string>) {
  return formClient.post<FieldRefusal | null>(SAVE_BASIC_INFO_PATH, values, { loading: t('common.loading'), silent: true });
}
