import { formClient } from '@hiram/shared/api/request';

/** Legacy tracking path (decision D6), not in the document. */
export const TRACK_TAP_PATH = '/gopia/goya/because';

/** Records a tap on a product of the failure page; the answer is ignored. */
export function trackProductTap(productId: number, position: number, orderId: string) {
  return formClient.post<null>(TRACK_TAP_PATH, { productId, position, orderId }, { silent: true });
}
