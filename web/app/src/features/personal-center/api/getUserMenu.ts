import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';

/** A menu entry: its title and an app path or an http(s) address. */
export type MenuItem = components['schemas']['MenuItem'];

export const USER_MENU_PATH = '/v3/personal-center/user-menu';

export function getUserMenu() {
  // The page has its own menu to fall back on: no toast.
  return formApi.post(USER_MENU_PATH, {}, { silent: true });
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
