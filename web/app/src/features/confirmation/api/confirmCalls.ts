import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';
import { contractJump } from './contractJump';
import { CONFIRM_SCENE, getContracts } from './getContracts';
import { getLoanConfirm } from './getLoanConfirm';
import { pushLoan } from './pushLoan';

/**
 * The four calls a confirmation page makes: its data, the documents to agree
 * to, one document's address, and the acceptance. The two pages differ in
 * the paths they call, not in what the calls do.
 */
export interface ConfirmCalls {
  /** Keeps each page's cached replies apart. */
  key: 'current' | 'legacy';
  loanConfirm: typeof getLoanConfirm;
  contracts: typeof getContracts;
  contractJump: typeof contractJump;
  push: typeof pushLoan;
}

/** Loan confirmation V3 (spec §7 "Loans" and "Contracts"). */
export const CURRENT_CALLS: ConfirmCalls = {
  key: 'current',
  loanConfirm: getLoanConfirm,
  contracts: getContracts,
  contractJump,
  push: pushLoan,
};

/**
 * The older page (spec §7 "Older confirm variant", form-encoded): POST
 * satire, GET cultures, GET misunderstood, POST depush; on the server each
 * is an alias of the V3 call's handler (decision D6).
 */
export const LEGACY_CALLS: ConfirmCalls = {
  key: 'legacy',
  loanConfirm: (productId, orderId) =>
    formApi.post('/gopia/goya/satire', { productId, orderId }, { loading: t('common.loading') }),
  contracts: (productId, orderId) => formApi.get('/gopia/goya/cultures', { productId, scene: String(CONFIRM_SCENE), orderId }),
  contractJump: (input) => formApi.get('/gopia/goya/misunderstood', { ...input }, { loading: t('common.loading') }),
  push: (input) => formApi.post('/gopia/goya/depush', { ...input }, { loading: t('common.loading') }),
};
