import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { CODE_RESEND_SECONDS } from '@hiram/shared/ui/useCountdown';

export type LoginInit = components['schemas']['LoginInit'];

export const LOGIN_INIT_PATH = '/service/login/login-init';

/** What the page assumes until (or unless) login-init answers. */
export const LOGIN_DEFAULTS: LoginInit = {
  resendSeconds: CODE_RESEND_SECONDS,
  codeLength: 6,
  voiceCodeAvailable: false,
  passwordLoginAvailable: false,
};

export const loginInitQuery = {
  queryKey: ['login-init'],
  queryFn: () => formApi.post(LOGIN_INIT_PATH, {}, { silent: true }),
  staleTime: Infinity,
};

export function useLoginInit(): LoginInit {
  const { data } = useQuery(loginInitQuery);
  return { ...LOGIN_DEFAULTS, ...(data?.success ? data.data : null) };
}
