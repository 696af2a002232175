import { readCarried, rememberCarried } from '../query/pageQuery';
import { readCookie, setCookie } from './cookies';
import { RANDOM_ID_PATTERN, randomId } from './randomId';

/** The cookie that keeps a browser's own device id. */
export const DEVICE_ID_COOKIE = 'hiram_device_id';

/**
 * The device id every call carries: the shell's (the `deviceId` query), else
 * the one this browser was given on an earlier visit (a cookie), else a new
 * random id, kept in the cookie for next time. Remembered for the session
 * as the shell's would be, so the request helper sends it.
 */
export function ensureDeviceId(): string {
  const fromShell = readCarried('deviceId');
  if (fromShell) return fromShell;
  const kept = readCookie(DEVICE_ID_COOKIE);
  const id = kept !== null && RANDOM_ID_PATTERN.test(kept) ? kept : randomId();
  if (id !== kept) setCookie(DEVICE_ID_COOKIE, id);
  rememberCarried('deviceId', id);
  return id;
}
