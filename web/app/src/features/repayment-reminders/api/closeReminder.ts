import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '../texts';
import { targetParams, type ReminderTarget } from './setReminder';

export const CLOSE_REMINDER_PATH = '/repayment-product/close-reminder';

/** Switches the reminder off; a failure toasts the server's message. */
export function closeReminder(target: ReminderTarget) {
  return formApi.post(CLOSE_REMINDER_PATH, targetParams(target), { loading: t('common.loading') });
}
