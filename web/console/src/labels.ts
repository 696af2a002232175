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

const ORDER_STATUS_LABELS: Record<number, MessageKey> = {
  21: 'console.order.status.21',
  151: 'console.order.status.151',
  110: 'console.order.status.110',
  170: 'console.order.status.170',
  174: 'console.order.status.174',
  180: 'console.order.status.180',
  200: 'console.order.status.200',
};

/** The order statuses of D3, in the order a loan lives them. */
export const ORDER_STATUSES = [21, 151, 170, 174, 180, 200, 110] as const;

/** An order status code with its name: `174 · Repayment open`. */
export function orderStatusLabel(code: number): string {
  const key = ORDER_STATUS_LABELS[code];
  return key ? `${code} · ${t(key)}` : String(code);
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
