import type { Reply } from '@hiram/shared/api/endpoints';
import { formClient } from '@hiram/shared/api/request';

export type CodePurpose = 'login' | 'reset_pwd';
export type CodeChannel = 'sms' | 'voice';

export const SEND_CODE_PATHS = {
  sms: '/service/login/send-sms-code-new',
  voice: '/service/login/send-voice-code',
} as const satisfies Record<CodeChannel, string>;

/** A 429's data: how long until a code may be asked for again (the document lists no 429 reply). */
interface RetryLater {
  retryAfterSeconds: number;
}

/** `resendSeconds` on success; a 429 carries `retryAfterSeconds` instead. */
export type SendCodeAnswer = Partial<Reply<'/pany/service/login/send-sms-code-new', 'post'> & RetryLater>;

/** Failures (400 invalid number, 429 too soon) are toasted by the helper with the server's message. */
export function sendCode(channel: CodeChannel, phone: string, purpose: CodePurpose = 'login') {
  return formClient.post<SendCodeAnswer>(SEND_CODE_PATHS[channel], { phone, purpose });
}
