import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageModule } from '../lib/lazyPage';

const page: PageModule = { default: () => null };
vi.mock('./AppRoutes', () => ({ preloadPageAt: vi.fn(() => Promise.resolve(page)) }));
vi.mock('./App', () => ({ App: () => null }));

const { prepare } = await import('./start');

/** Whether `promise` has settled once the timers and the tasks queued before now have run. */
async function settledAfter(ms: number, promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

afterEach(() => {
  vi.useRealTimers();
  delete page.prefetch;
});

describe('the start-up', () => {
  it("waits for the page's first calls before the first render", async () => {
    vi.useFakeTimers();
    let answer: () => void = () => undefined;
    page.prefetch = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const prepared = prepare();
    expect(await settledAfter(500, prepared)).toBe(false);
    expect(page.prefetch).toHaveBeenCalledTimes(1);
    answer();
    expect(await settledAfter(0, prepared)).toBe(true);
  });

  it('renders after a second without a slow answer: the page shows its loading indicator', async () => {
    vi.useFakeTimers();
    page.prefetch = vi.fn(() => new Promise<void>(() => undefined));
    const prepared = prepare();
    expect(await settledAfter(900, prepared)).toBe(false);
    expect(await settledAfter(200, prepared)).toBe(true);
  });

  it.each([
    ['fails', () => Promise.reject(new Error('offline'))],
    ['cannot start', () => {
      throw new Error('no client');
    }],
  ])('renders when a first call %s: the page shows the failure itself', async (_, prefetch) => {
    vi.useFakeTimers();
    page.prefetch = vi.fn(prefetch);
    expect(await settledAfter(100, prepare())).toBe(true);
  });

  it('does not wait for a page that makes no first call', async () => {
    vi.useFakeTimers();
    expect(await settledAfter(100, prepare())).toBe(true);
  });
});
