import { formClient } from '@hiram/shared/api/request';

export type CodePurpose = 'login' | 'reset_pwd';
export type CodeChannel = 'sms' | 'voice';

export const SEND_CODE_PATHS: Record<CodeChannel, string> = {
  sms: '/service/login/send-sms-code-new',
  voice: '/service/login/send-voice-code',
};

/** `resendSeconds` on success; a 429 carries `retryAfterSeconds` instead. */
export interface SendCodeAnswer {
  resendSeconds?: number;
  expiresInSeconds?: number;
  retryAfterSeconds?: number;
}

/** Failures (400 invalid number, 429 too soon) are toasted by the helper with the server's message. */
export function sendCode(channel: CodeChannel, phone: string, purpose: CodePurpose = 'login') {
  return formClient.post<SendCodeAnswer>(SEND_CODE_PATHS[channel], { phone, purpose });
}
