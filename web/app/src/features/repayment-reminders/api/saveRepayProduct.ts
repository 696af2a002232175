import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '../texts';
import type { RepeatKey } from '../rules';

export type SavedBill = components['schemas']['SavedBill'];

export const SAVE_REPAY_PRODUCT_PATH = '/repayment-product/save-repay-product';

export interface BillDraft {
  /** Empty to add a bill. */
  repayProductId: string;
  name: string;
  /** Whole centavos. */
  amount: number;
  /** `YYYY-MM-DD`. */
  dueDate: string;
  repeat: RepeatKey;
  note: string;
}

/** Adds or changes a bill. Silent: the form shows a refusal under its fields. */
export function saveRepayProduct(bill: BillDraft) {
  return formApi.post(
    SAVE_REPAY_PRODUCT_PATH,
    {
      repayProductId: bill.repayProductId || undefined,
      name: bill.name,
      amount: String(bill.amount),
      dueDate: bill.dueDate,
      repeat: bill.repeat,
      note: bill.note,
    },
    // A new bill sent again after a lost answer is stored once.
    { loading: t('common.loading'), silent: true, idempotent: !bill.repayProductId },
  );
}
