import { statusName } from '@hiram/shared/i18n/glossary';
import { t, type MessageKey } from './i18n/i18n';

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

/** The order statuses of D3, in the order a loan lives them. */
export const ORDER_STATUSES = [21, 151, 170, 174, 180, 200, 110] as const;

/**
 * An order status code with the one name borrowers read for it (the
 * glossary's, decision 086), so that staff on a call say what the borrower
 * sees: `174 · Loan received`.
 */
export function orderStatusLabel(code: number): string {
  const name = statusName(code);
  return name ? `${code} · ${name}` : String(code);
}

const CONTACT_LABELS: Record<string, MessageKey> = {
  call: 'console.contact.call',
  sms: 'console.contact.sms',
  email: 'console.contact.email',
  reached: 'console.contact.reached',
  no_answer: 'console.contact.no_answer',
  promised_to_pay: 'console.contact.promised_to_pay',
  refused_to_pay: 'console.contact.refused_to_pay',
  wrong_number: 'console.contact.wrong_number',
  within_hours: 'console.contact.within_hours',
  long_past_due: 'console.contact.long_past_due',
  borrower_consent: 'console.contact.borrower_consent',
};

/** A contact's channel, outcome or ground for people; any other key as it is. */
export function contactLabel(key: string): string {
  const label = CONTACT_LABELS[key];
  return label ? t(label) : key;
}
