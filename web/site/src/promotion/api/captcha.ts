import { jsonApi } from '@hiram/shared/api/endpoints';
import { API_PREFIX } from '@hiram/shared/api/request';

export const GET_SID_PATH = '/api/v2/youmi/promotion/get-sid';
export const CAPTCHA_PATH = '/api/v2/youmi/promotion/get-captcha';
export const CAPTCHA_AUDIO_PATH = '/api/v2/youmi/promotion/get-captcha-audio';

/** Code "0" gives the sid; the helper shows any other code's message, or the network error. */
export function getSid() {
  return jsonApi.get(GET_SID_PATH, {});
}

/** The captcha picture; a new timestamp makes a new picture (and a new answer). */
export function captchaUrl(sid: string, timestamp: number = Date.now()): string {
  return `${API_PREFIX}${CAPTCHA_PATH}?${new URLSearchParams({ sid, t: String(timestamp) }).toString()}`;
}

/** The same captcha as tones (decision 047); a new timestamp draws a new answer, replacing the picture's. */
export function captchaAudioUrl(sid: string, timestamp: number = Date.now()): string {
  return `${API_PREFIX}${CAPTCHA_AUDIO_PATH}?${new URLSearchParams({ sid, t: String(timestamp) }).toString()}`;
}
