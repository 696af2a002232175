import { formClient } from '@hiram/shared/api/request';
import { t } from '../texts';
import { targetParams, type ReminderTarget } from './setReminder';

export const CLOSE_REMINDER_PATH = '/repayment-product/close-reminder';

/** Switches the reminder off; a failure toasts the server's message. */
export function closeReminder(target: ReminderTarget) {
  return formClient.post<null>(CLOSE_REMINDER_PATH, targetParams(target), { loading: t('common.loading') });
}
