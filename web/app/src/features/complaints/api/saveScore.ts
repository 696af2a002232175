import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const SAVE_SCORE_PATH = '/user-problem/save-score';

/**
 * The borrower's 1–5 star rating of customer care's answer; a failure toasts
 * the server's message. After 1 or 2 stars `data.nextStep` is 1, with the
 * regulator's channel: the page offers a call back rather than thanks.
 */
export function saveScore(problemId: string, score: number) {
  return formApi.post(SAVE_SCORE_PATH, { score, problemId }, { loading: t('common.loading') });
}
