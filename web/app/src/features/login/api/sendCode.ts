import { formApi } from '@hiram/shared/api/endpoints';

export type CodePurpose = 'login' | 'reset_pwd';
export type CodeChannel = 'sms' | 'voice';

export const SEND_CODE_PATHS = {
  sms: '/service/login/send-sms-code-new',
  voice: '/service/login/send-voice-code',
} as const satisfies Record<CodeChannel, string>;

/**
 * `resendSeconds` on success; a 429 (too soon) carries `retryAfterSeconds`
 * instead. Failures (400 invalid number, 429) are toasted by the helper with
 * the server's message.
 */
export function sendCode(channel: CodeChannel, phone: string, purpose: CodePurpose = 'login') {
  return formApi.post(SEND_CODE_PATHS[channel], { phone, purpose });
}
