import { formApi } from '@hiram/shared/api/endpoints';

/** Legacy tracking path (decision D6): an alias of /service/event/save, typed as it. */
export const TRACK_TAP_PATH = '/gopia/goya/because';

/** Records a tap on a product of the failure page; the answer is ignored. */
export function trackProductTap(productId: number, position: number, orderId: string) {
  return formApi.post(TRACK_TAP_PATH, { productId, position, orderId }, { silent: true });
}
