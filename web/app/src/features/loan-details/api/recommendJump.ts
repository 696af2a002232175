import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';

export const RECOMMEND_JUMP_PATH = '/v3/loan-details/recommend-jump';

export interface RecommendTarget {
  /** An http(s) address to open, or an app path to navigate to. */
  url: string;
}

/** Where a recommended product leads. A failure toasts the server's message (spec §8). */
export function recommendJump(productId: number, position: number) {
  return formClient.post<RecommendTarget>(
    RECOMMEND_JUMP_PATH,
    { productId, position },
    { loading: t('common.loading') },
  );
}
