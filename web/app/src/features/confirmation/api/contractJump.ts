import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';

export const CONTRACT_JUMP_PATH = '/v3/contract/contract-jump';

export interface JumpInput {
  productId: string;
  scene: number;
  position: number;
  orderId: string;
}

/** Where a contract link leads: an app path such as /loanAgreement?orderId=..&doc=agreement. */
export function contractJump(input: JumpInput) {
  return formClient.post<{ contract_url: string }>(CONTRACT_JUMP_PATH, { ...input }, { loading: t('common.loading') });
}
