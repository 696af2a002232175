import type { MessageKey } from '@hiram/shared/i18n/i18n';

/** Order status codes (decision D3). */
export const STATUS = {
  REVIEW: 21,
  APPROVED: 151,
  REJECTED: 110,
  DISBURSING: 170,
  REPAYING: 174,
  OVERDUE: 180,
  REPAID: 200,
} as const;

const BANNER_COLOURS: Partial<Record<number, string>> = {
  21: '#A94AFF',
  151: '#A94AFF',
  110: '#E15050',
  174: '#3E9A60',
  180: '#969696',
  200: '#EEA71D',
};

const KNOWN = new Set<number>(Object.values(STATUS));

/** Banner colour per spec §4: 170 has none; unknown statuses take the 21 look. */
export function bannerColour(status: number): string | null {
  if (!KNOWN.has(status)) return BANNER_COLOURS[STATUS.REVIEW] ?? null;
  return BANNER_COLOURS[status] ?? null;
}

export type OrderAction = 'repay' | 'rollover' | 'repayment' | 'borrowAgain';

export const ACTION_LABELS: Record<OrderAction, MessageKey> = {
  repay: 'loanDetails.repay',
  rollover: 'loanDetails.rollover',
  repayment: 'loanDetails.repayment',
  borrowAgain: 'loanDetails.borrowAgain',
};

/** The button area of spec §4. */
export function orderActions(status: number, isDelay: string): OrderAction[] {
  if (status === STATUS.REPAYING || status === STATUS.OVERDUE) {
    return isDelay === '1' ? ['repay', 'rollover'] : ['repayment'];
  }
  if (status === STATUS.DISBURSING) return ['repayment'];
  if (status === STATUS.REPAID) return ['borrowAgain'];
  return [];
}
