import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../testing/mockApi';
import { sessionQuery } from '../query/pageQuery';
import { adoptAddressSession, forgetWebSession, hasWebSession } from './webSession';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetWebSession();
  window.history.replaceState(null, '', '/');
});

describe('the pages\' session cookie', () => {
  it('trades the address\'s session in a body, takes it out of the address and carries it nowhere after', async () => {
    window.history.replaceState(null, '', '/loanDetails?orderId=5&sessionId=tok123&deviceId=d1#top');
    sessionStorage.setItem('hiram.q.sessionId', 'tok123');
    const api = mockApi({ '/service/login/web-session': { code: '00', message: '', data: null } });
    await adoptAddressSession();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/loanDetails?orderId=5&deviceId=d1#top');
    const [url, init] = api.calls('/service/login/web-session')[0]!;
    expect(url).toBe('/pany/service/login/web-session');
    expect(init?.body).toBe('sessionId=tok123');
    expect(hasWebSession()).toBe(true);
    expect(sessionQuery().get('sessionId')).toBeNull();
    expect(sessionStorage.getItem('hiram.q.sessionId')).toBeNull();
    forgetWebSession();
    expect(hasWebSession()).toBe(false);
  });

  it('drops a session the server refuses from the address too, and has none', async () => {
    window.history.replaceState(null, '', '/home?sessionId=stale');
    mockApi({ '/service/login/web-session': { code: '401', message: 'Please log in.', data: null } });
    await adoptAddressSession();
    expect(window.location.search).toBe('');
    expect(hasWebSession()).toBe(false);
  });

  it('calls nothing when the address has no session', async () => {
    window.history.replaceState(null, '', '/home');
    const api = mockApi({});
    await adoptAddressSession();
    expect(api.calls('/service/login/web-session')).toHaveLength(0);
  });
});
