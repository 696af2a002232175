import { formApi, type Fields } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const CONTRACT_JUMP_PATH = '/v3/contract/contract-jump';

/** Which contract of which order: the product, the scene (3 on the confirm page) and its position. */
export type JumpInput = Fields<'/pany/v3/contract/contract-jump', 'post'>;

/** Where a contract link leads: an app path such as /loanAgreement?orderId=..&doc=agreement. */
export function contractJump(input: JumpInput) {
  return formApi.post(CONTRACT_JUMP_PATH, { ...input }, { loading: t('common.loading') });
}
