import type { ApiResult } from '@hiram/shared/api/request';
import { getBasicPersonInfo } from './api/getBasicPersonInfo';
import { getExtInfo } from './api/getExtInfo';
import { getJobInfo } from './api/getJobInfo';
import { getPersonalInfo } from './api/getPersonalInfo';
import { saveBasicInfo } from './api/saveBasicInfo';
import { saveExtInfo } from './api/saveExtInfo';
import { saveJobInfo } from './api/saveJobInfo';
import { savePersonalInfo } from './api/savePersonalInfo';
import type { SectionForm, SectionKey } from './form';

interface SectionCalls {
  load: () => Promise<ApiResult<SectionForm>>;
  /** Every section's save answers alike (null, or a 400 naming the field). */
  save: typeof saveBasicInfo;
}

/** Each KYC section's pair of endpoints. */
export const SECTION_CALLS: Record<SectionKey, SectionCalls> = {
  basic: { load: getBasicPersonInfo, save: saveBasicInfo },
  personal: { load: getPersonalInfo, save: savePersonalInfo },
  job: { load: getJobInfo, save: saveJobInfo },
  ext: { load: getExtInfo, save: saveExtInfo },
};
