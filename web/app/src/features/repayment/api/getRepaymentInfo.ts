import { useQuery } from '@tanstack/react-query';
import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';

// The server's contract for /v3/installment/loan-play-detail (spec §3,
// Repayment info). Written out here until the endpoint is in openapi.json;
// then switch to components['schemas'] from schema.gen.ts.
export interface DetailRow {
  text: string;
  value: string;
}

export interface PlanRow {
  remark: string;
  title: string;
  /** Centavos. */
  amount: number;
  time: string;
}

export interface RepayChannel {
  name: string;
  logo: string;
  channel_number: number;
}

export interface PayNoticeGroup {
  title: string;
  items: { name: string; steps: string[] }[];
}

export interface DefaultPayCode {
  payCode: string;
  logo: string;
  title: string;
  payNotice: PayNoticeGroup[];
}

export interface RepaymentInfo {
  /** Centavos owed now. */
  repayAmount: number;
  /** YYYY-MM-DD. */
  repayDate: string;
  productName: string;
  productLogo: string;
  detail: DetailRow[];
  repayPlan: PlanRow[];
  repayList: RepayChannel[];
  noticeMsg: string;
  defDetail: DefaultPayCode | null;
  delayInfo: { title: string; delayAmount: number } | null;
  isShowReyTop: 0 | 1;
}

export const REPAYMENT_INFO_PATH = '/v3/installment/loan-play-detail';

export function getRepaymentInfo(productId: string, orderId: string) {
  return formClient.post<RepaymentInfo>(REPAYMENT_INFO_PATH, { productId, orderId }, { loading: t('common.loading') });
}

export function useRepaymentInfo(productId: string, orderId: string) {
  return useQuery({
    queryKey: ['repayment-info', productId, orderId] as const,
    queryFn: () => getRepaymentInfo(productId, orderId),
    enabled: orderId !== '',
  });
}
