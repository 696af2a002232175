import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

/** Legacy path (decision D6): an alias of /v3/loan-details/recommend-jump, typed as it. */
export const PRODUCT_TARGET_PATH = '/gopia/goya/define';

/** Where a product of the failure page leads: an http(s) address or an app path. */
export function productTarget(productId: number) {
  return formApi.post(PRODUCT_TARGET_PATH, { productId }, { loading: t('common.loading') });
}
