import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetCarried, sessionQuery } from '../query/pageQuery';
import { readCookie, setCookie } from './cookies';
import { DEVICE_ID_COOKIE, ensureDeviceId } from './deviceId';
import { RANDOM_ID_PATTERN } from './randomId';

const clearCookie = () => {
  document.cookie = `${DEVICE_ID_COOKIE}=; expires=${new Date(0).toUTCString()}; path=/`;
};

beforeEach(() => {
  forgetCarried();
  clearCookie();
  window.history.replaceState(null, '', '/home');
});
afterEach(clearCookie);

describe('ensureDeviceId', () => {
  it("keeps the shell's device id and sets no cookie", () => {
    window.history.replaceState(null, '', '/home?deviceId=shell-device-1');
    expect(ensureDeviceId()).toBe('shell-device-1');
    expect(readCookie(DEVICE_ID_COOKIE)).toBeNull();
  });

  it('gives a browser without one a random id, kept in a cookie and sent with the calls', () => {
    const id = ensureDeviceId();
    expect(id).toMatch(RANDOM_ID_PATTERN);
    expect(readCookie(DEVICE_ID_COOKIE)).toBe(id);
    expect(sessionQuery().get('deviceId')).toBe(id);
  });

  it('gives the same id on a later visit', () => {
    const first = ensureDeviceId();
    forgetCarried();
    expect(ensureDeviceId()).toBe(first);
  });

  it('replaces a cookie that is not one of its ids', () => {
    setCookie(DEVICE_ID_COOKIE, 'not-an-id');
    const id = ensureDeviceId();
    expect(id).toMatch(RANDOM_ID_PATTERN);
    expect(readCookie(DEVICE_ID_COOKIE)).toBe(id);
  });
});
