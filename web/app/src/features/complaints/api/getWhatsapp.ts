import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';

export type WhatsApp = components['schemas']['WhatsApp'];

export const GET_WHATSAPP_PATH = '/user-problem/get-whatsapp';

export const whatsappQuery = {
  queryKey: ['complaint-whatsapp'],
  queryFn: () => formApi.post(GET_WHATSAPP_PATH, {}, { silent: true }),
  staleTime: 5 * 60_000,
};

/** Customer care's WhatsApp chat link, or null; the page does without it, so no toast. */
export function useWhatsapp() {
  const { data } = useQuery(whatsappQuery);
  return data?.success ? data.data : null;
}
