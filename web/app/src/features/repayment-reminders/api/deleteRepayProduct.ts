import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '../texts';

export const DELETE_REPAY_PRODUCT_PATH = '/repayment-product/delete-repay-product';

/** Deletes one of the borrower's bills with its reminder; a failure toasts the server's message. */
export function deleteRepayProduct(repayProductId: string) {
  return formApi.post(DELETE_REPAY_PRODUCT_PATH, { repayProductId }, { loading: t('common.loading') });
}
