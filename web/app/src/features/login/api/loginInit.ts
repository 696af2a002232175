import { useQuery } from '@tanstack/react-query';
import { formClient } from '@hiram/shared/api/request';
import { CODE_RESEND_SECONDS } from '@hiram/shared/ui/useCountdown';

export interface LoginInit {
  resendSeconds: number;
  codeLength: number;
  voiceCodeAvailable: boolean;
  passwordLoginAvailable: boolean;
}

export const LOGIN_INIT_PATH = '/service/login/login-init';

/** What the page assumes until (or unless) login-init answers. */
export const LOGIN_DEFAULTS: LoginInit = {
  resendSeconds: CODE_RESEND_SECONDS,
  codeLength: 6,
  voiceCodeAvailable: false,
  passwordLoginAvailable: false,
};

export function useLoginInit(): LoginInit {
  const { data } = useQuery({
    queryKey: ['login-init'],
    queryFn: () => formClient.post<Partial<LoginInit>>(LOGIN_INIT_PATH, {}, { silent: true }),
    staleTime: Infinity,
  });
  return { ...LOGIN_DEFAULTS, ...(data?.success ? data.data : null) };
}
