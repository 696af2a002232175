import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '../texts';

export const SET_REMINDER_PATH = '/repayment-product/set-reminder';

/** A bill (`repayProductId`) or one of the borrower's loans (`orderId`). */
export interface ReminderTarget {
  kind: 'bill' | 'order';
  id: string;
}

export function targetParams(target: ReminderTarget) {
  return target.kind === 'bill' ? { repayProductId: target.id } : { orderId: target.id };
}

/** Sets the reminder. Silent: the page shows a refusal under the time. */
export function setReminder(target: ReminderTarget, daysBefore: number, remindTime: string) {
  return formApi.post(
    SET_REMINDER_PATH,
    { ...targetParams(target), daysBefore: String(daysBefore), remindTime },
    { loading: t('common.loading'), silent: true },
  );
}
