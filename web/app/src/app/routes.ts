import type { MessageKey } from '@hiram/shared/i18n/i18n';

/**
 * Screens whose behaviour arrives in later issues: each has its route and its
 * catalogue title now, and says honestly that it is not available yet.
 */
export const PENDING_SCREENS: readonly { path: string; title: MessageKey }[] = [
  { path: '/newLoanConfirm', title: 'page.newLoanConfirm' },
];
