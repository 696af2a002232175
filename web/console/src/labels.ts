import { t, type MessageKey } from '@hiram/shared/i18n/i18n';

const STATUS_LABELS: Record<string, MessageKey> = {
  all: 'console.status.all',
  open: 'console.status.open',
  answered: 'console.status.answered',
  closed: 'console.status.closed',
  pending: 'console.status.pending',
  matched: 'console.status.matched',
  rejected: 'console.status.rejected',
};

/** A complaint's or queued payment's status for people; any other key as it is. */
export function statusLabel(status: string): string {
  const key = STATUS_LABELS[status];
  return key ? t(key) : status;
}
