import { useQuery } from '@tanstack/react-query';
import { formClient } from '@hiram/shared/api/request';

export interface UserInfo {
  phoneMasked: string;
  fullName: string;
  /** 0–100 */
  kycProgress: number;
  limitText: string;
}

export const USER_INFO_PATH = '/v3/personal-center/user-info';

export function getUserInfo() {
  return formClient.post<UserInfo>(USER_INFO_PATH, {});
}

export function useUserInfo(enabled: boolean) {
  return useQuery({ queryKey: ['user-info'], queryFn: getUserInfo, enabled });
}
