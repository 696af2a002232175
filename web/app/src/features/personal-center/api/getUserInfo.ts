import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';

export const USER_INFO_PATH = '/v3/personal-center/user-info';

/** The masked number, the name, KYC progress (0–100) and the borrowing limit as text. */
export function getUserInfo() {
  return formApi.post(USER_INFO_PATH, {});
}

export function useUserInfo(enabled: boolean) {
  return useQuery({ queryKey: ['user-info'], queryFn: getUserInfo, enabled });
}
