import { t } from './texts';
import type { RepayItem } from './api/repayIndex';

/** "Due 2026-03-20, in 4 days", "Due today", overdue for a loan, passed for a bill. */
export function dueText(item: RepayItem): string {
  const days = item.daysLeft;
  if (!item.dueDate || days === null || days === undefined) return t('reminders.noDue');
  if (days === 0) return t('reminders.dueToday', { date: item.dueDate });
  if (days > 0) return t('reminders.dueIn', { date: item.dueDate, n: days });
  return item.kind === 'order'
    ? t('reminders.overdue', { date: item.dueDate, n: -days })
    : t('reminders.passed', { date: item.dueDate });
}
