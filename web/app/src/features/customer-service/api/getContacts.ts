import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';

export const KF_INFO_PATH = '/v3/personal-center/contact-kf-info';
export const SERVICE_INIT_PATH = '/customer-service/init';
export const KF_OVERALL = '30';

/** What the screen shows, from whichever call has it. */
export interface Contacts {
  online: string;
  email: string;
  phone: string;
  hours: string;
}

/**
 * Both calls: contact-kf-info (with the fixed overall=30, spec §7, §9) gives
 * the online (WhatsApp) contact and e-mail the spec's screen shows (it may
 * need a session, so it is silent); init adds the phone and the service hours.
 */
export function useContacts(): Contacts | null {
  const kf = useQuery({
    queryKey: ['contact-kf-info'],
    queryFn: () => formApi.post(KF_INFO_PATH, { overall: KF_OVERALL }, { silent: true }),
  });
  const init = useQuery({
    queryKey: ['customer-service-init'],
    queryFn: () => formApi.post(SERVICE_INIT_PATH, {}),
  });
  if (kf.isPending || init.isPending) return null;
  const a = kf.data?.success ? kf.data.data : null;
  const b = init.data?.success ? init.data.data : null;
  return {
    online: a?.smWa || b?.whatsapp || '',
    email: a?.email || b?.email || '',
    phone: b?.phone ?? '',
    hours: b?.serviceHours ?? '',
  };
}
