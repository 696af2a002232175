import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';

/** Legacy path (decision D6), not in the document. */
export const PRODUCT_TARGET_PATH = '/gopia/goya/define';

/** Where a product of the failure page leads: an http(s) address or an app path. */
export function productTarget(productId: number) {
  return formClient.post<{ url: string }>(PRODUCT_TARGET_PATH, { productId }, { loading: t('common.loading') });
}
