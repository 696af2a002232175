import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const SAVE_BASIC_INFO_PATH = '/v3/certify/save-basic-info';

/**
 * Saves the basic information: item code → value, the form's own fields
 * (KycAnswers). Silent: a 400 names the bad field in `data.field` and the
 * page shows the message on that field.
 */
export function saveBasicInfo(values: Record<string, string>) {
  return formApi.post(SAVE_BASIC_INFO_PATH, values, { loading: t('common.loading'), silent: true });
}
