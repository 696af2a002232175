import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const RECOMMEND_JUMP_PATH = '/v3/loan-details/recommend-jump';

/**
 * Where a recommended product leads (`url`: an http(s) address to open, or
 * an app path to navigate to). A failure toasts the server's message (spec §8).
 */
export function recommendJump(productId: number, position: number) {
  return formApi.post(
    RECOMMEND_JUMP_PATH,
    { productId, position },
    { loading: t('common.loading') },
  );
}
