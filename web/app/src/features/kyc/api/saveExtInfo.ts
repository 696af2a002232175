import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const SAVE_EXT_INFO_PATH = '/v3/certify/save-ext-info-new';

/**
 * Saves the extra information: item code → value, the form's own fields
 * (KycAnswers). Silent: a 400 names the bad field in `data.field` and the
 * page shows the message on that field.
 */
export function saveExtInfo(values: Record<string, string>) {
  return formApi.post(SAVE_EXT_INFO_PATH, values, { loading: t('common.loading'), silent: true });
}
