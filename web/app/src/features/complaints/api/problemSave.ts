import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const PROBLEM_SAVE_PATH = '/user-problem/problem-save';

export interface NewComplaint {
  problemType: number;
  /** 0 when the type has no sub-types. */
  problemSonType: number;
  problemDetail: string;
  /** The uploaded pictures' URLs. */
  images: readonly string[];
  orderNo: string;
}

/** Files the complaint; a success carries the message the sent modal shows. */
export function problemSave(complaint: NewComplaint) {
  return formApi.post(
    PROBLEM_SAVE_PATH,
    {
      problemType: complaint.problemType,
      problemSonType: complaint.problemSonType,
      problemDetail: complaint.problemDetail,
      problemImage: complaint.images.join(','),
      orderNo: complaint.orderNo,
    },
    { loading: t('common.loading'), idempotent: true },
  );
}
