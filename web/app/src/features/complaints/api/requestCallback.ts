import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const REQUEST_CALLBACK_PATH = '/user-problem/request-callback';

/**
 * After a rating of 1 or 2 stars: asks for a supervisor's call back; the
 * success's message says by when. A refusal toasts the server's message.
 */
export function requestCallback(problemId: string) {
  return formApi.post(REQUEST_CALLBACK_PATH, { problemId }, { loading: t('common.loading') });
}
