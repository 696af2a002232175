import { formatDay } from '@hiram/shared/format/format';
import { t } from './texts';
import type { RepayItem } from './api/repayIndex';

/** "Due Mar 20, 2026, in 4 days", "Due today", overdue for a loan, passed for a bill. */
export function dueText(item: RepayItem): string {
  const days = item.daysLeft;
  if (!item.dueDate || days === null || days === undefined) return t('reminders.noDue');
  const date = formatDay(item.dueDate);
  if (days === 0) return t('reminders.dueToday', { date });
  if (days > 0) return t('reminders.dueIn', { date, n: days });
  return item.kind === 'order' ? t('reminders.overdue', { date, n: -days }) : t('reminders.passed', { date });
}

/** When the next reminder text goes: `2026-03-18 09:30` as `Mar 18, 2026 09:30`; other text as it is. */
export function nextTextAt(at: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(at.trim());
  return m ? `${formatDay(m[1]!)} ${m[2]}` : at;
}
