import { useQuery } from '@tanstack/react-query';
import { formClient } from '@hiram/shared/api/request';

export interface MenuItem {
  title: string;
  /** An app path, or an http(s) address. */
  path: string;
}

export const USER_MENU_PATH = '/v3/personal-center/user-menu';

export function getUserMenu() {
  // The page has its own menu to fall back on: no toast.
  return formClient.post<{ items: MenuItem[] }>(USER_MENU_PATH, {}, { silent: true });
}

export function useUserMenu() {
  return useQuery({
    queryKey: ['user-menu'],
    queryFn: async () => {
      const result = await getUserMenu();
      return result.success ? (result.data?.items ?? []) : [];
    },
    staleTime: 5 * 60_000,
  });
}
