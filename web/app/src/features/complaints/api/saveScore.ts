import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const SAVE_SCORE_PATH = '/user-problem/save-score';

/** The borrower's 1–5 star rating of customer care's answer; a failure toasts the server's message. */
export function saveScore(problemId: string, score: number) {
  return formApi.post(SAVE_SCORE_PATH, { score, problemId }, { loading: t('common.loading') });
}
