import type { LoanDetailsKey } from './texts';
import type { IconKind } from '../../components/StatusIcon';

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

/**
 * Spec §4's colours, but for 180 and 200, which read the wrong way round
 * there: an overdue loan (180) was a quiet grey, as if closed, and a loan
 * fully paid (200) the amber of a warning. Overdue takes the amber, beside
 * its warning icon; fully paid a calm green (the `--ok` shade, darker than
 * 174's, so a loan settled does not look like one still running).
 */
const BANNER_COLOURS: Partial<Record<number, string>> = {
  21: '#A94AFF',
  151: '#A94AFF',
  110: '#E15050',
  174: '#3E9A60',
  180: '#EEA71D',
  200: '#2E7D4A',
};

/** Banner colours white text cannot be read on even when large (under 3:1): their text is dark. */
const DARK_INK = new Set(['#EEA71D']);

const KNOWN = new Set<number>(Object.values(STATUS));

/** The status whose look a status takes: itself, or 21 when unknown (spec §4). */
export function lookStatus(status: number): number {
  return KNOWN.has(status) ? status : STATUS.REVIEW;
}

/** Banner colour per spec §4: 170 has none; unknown statuses take the 21 look. */
export function bannerColour(status: number): string | null {
  return BANNER_COLOURS[lookStatus(status)] ?? null;
}

/** Whether the status's banner is written in dark text (decision 047). */
export function darkInk(status: number): boolean {
  return DARK_INK.has(bannerColour(status) ?? '');
}

const ICONS: Partial<Record<number, IconKind>> = {
  21: 'review',
  151: 'approved',
  110: 'failed',
  174: 'disbursed',
  180: 'overdue',
};

/** The banner icon; 200's icon is also the default (spec §4), so 170 takes it. */
export function statusIcon(status: number): IconKind {
  return ICONS[lookStatus(status)] ?? 'done';
}

/**
 * Statuses that list recommended products instead of buttons (spec §4),
 * but for an application under review (21, and the statuses that take its
 * look): the borrower waits for our answer, and other lenders' loans pushed
 * at them then are a second application before the first is decided.
 */
export function showsRecommendations(status: number): boolean {
  const look = lookStatus(status);
  return look === STATUS.APPROVED || look === STATUS.REJECTED;
}

/** Statuses of a loan the borrower accepted, whose signed documents there is a copy of (decision 089). */
export function hasCopyToKeep(status: number): boolean {
  const accepted: readonly number[] = [STATUS.DISBURSING, STATUS.REPAYING, STATUS.OVERDUE, STATUS.REPAID];
  return accepted.includes(status);
}

export type OrderAction = 'repay' | 'rollover' | 'repayment' | 'borrowAgain' | 'bindAccount';

export const ACTION_LABELS: Record<OrderAction, LoanDetailsKey> = {
  repay: 'loanDetails.repay',
  rollover: 'loanDetails.rollover',
  repayment: 'loanDetails.repayment',
  borrowAgain: 'loanDetails.borrowAgain',
  bindAccount: 'loanDetails.card.bind',
};

/**
 * The button area of spec §4, except at 170 (decision 045): the money has
 * not reached the borrower, so there is nothing to repay yet; when it waits
 * for an account (cardNeedPop 1) the one button adds it, under a banner that
 * asks for it, rather than a popup over a banner that says the money is on
 * its way.
 */
export function orderActions(status: number, isDelay: string, cardNeedPop: number): OrderAction[] {
  if (status === STATUS.REPAYING || status === STATUS.OVERDUE) {
    return isDelay === '1' ? ['repay', 'rollover'] : ['repayment'];
  }
  if (status === STATUS.DISBURSING) return cardNeedPop === 1 ? ['bindAccount'] : [];
  if (status === STATUS.REPAID) return ['borrowAgain'];
  return [];
}
