// Test helper: a fetch stub that answers /pany calls (or another prefix's,
// such as /api/console) by path. An answer is a reply body, a list of bodies
// (one per call, the last repeats) or a function of the request.
import { vi } from 'vitest';

export type MockAnswer = unknown | unknown[] | ((url: string, init?: RequestInit) => unknown);

export function mockApi(routes: Record<string, MockAnswer>, prefix = '/pany') {
  const seen: Record<string, number> = {};
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const bare = url.split('?')[0]!;
    const path = bare.startsWith(prefix) ? bare.slice(prefix.length) : bare;
    const answer = routes[path];
    let body: unknown;
    if (typeof answer === 'function') body = (answer as (u: string, i?: RequestInit) => unknown)(url, init);
    else if (Array.isArray(answer)) {
      const n = seen[path] ?? 0;
      seen[path] = n + 1;
      body = answer[Math.min(n, answer.length - 1)];
    } else body = answer ?? { code: '404', message: 'Not found', data: null };
    return new Response(JSON.stringify(body));
  });
  vi.stubGlobal('fetch', fetch);
  /** The calls made to one path: [url, init] pairs. */
  const calls = (path: string) =>
    fetch.mock.calls.filter(([url]) => url.split('?')[0] === `${prefix}${path}`) as [string, RequestInit | undefined][];
  return { fetch, calls };
}
