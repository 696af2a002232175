import type { RepaymentInfo } from './api/getRepaymentInfo';

/** Session key under which the repayment page leaves its info for /repaymentOfCode2. */
export const REPAYMENT_INFO_KEY = 'repaymentInfo';

export function storeRepaymentInfo(info: RepaymentInfo): void {
  try {
    sessionStorage.setItem(REPAYMENT_INFO_KEY, JSON.stringify(info));
  } catch {
    // Storage full or disabled (private mode): the code page then says so.
  }
}

/** The stored info, or null when there is none or it is unreadable. */
export function readRepaymentInfo(): RepaymentInfo | null {
  try {
    const text = sessionStorage.getItem(REPAYMENT_INFO_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as RepaymentInfo) : null;
  } catch {
    return null;
  }
}
