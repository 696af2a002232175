import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, type SwDeps } from './registerServiceWorker';

function deps(response: Response | Error, registrations = 1): SwDeps & { unregister: ReturnType<typeof vi.fn> } {
  const unregister = vi.fn().mockResolvedValue(true);
  const container = {
    getRegistrations: vi.fn().mockResolvedValue(Array.from({ length: registrations }, () => ({ unregister }))),
    register: vi.fn().mockResolvedValue({}),
  } as unknown as ServiceWorkerContainer;
  return {
    container,
    fetch: vi.fn(() => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response))),
    storage: sessionStorage,
    reload: vi.fn(),
    unregister,
  };
}

const js = () => new Response('self.x=1', { headers: { 'Content-Type': 'text/javascript' } });

describe('service worker registration', () => {
  it('registers /sw.js with scope / when it is JavaScript', async () => {
    const d = deps(js());
    await expect(registerServiceWorker(d)).resolves.toBe('registered');
    expect(d.container?.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('unregisters and reloads once when /sw.js is missing', async () => {
    const d = deps(new Response('nope', { status: 404, headers: { 'Content-Type': 'text/plain' } }));
    await expect(registerServiceWorker(d)).resolves.toBe('removed-reloading');
    expect(d.unregister).toHaveBeenCalled();
    expect(d.reload).toHaveBeenCalledTimes(1);
    // The reloaded page finds it missing again: no second reload.
    const again = deps(new Response('nope', { status: 404 }));
    await expect(registerServiceWorker(again)).resolves.toBe('removed');
    expect(again.reload).not.toHaveBeenCalled();
  });

  it('treats an HTML answer (SPA fallback) as missing', async () => {
    const d = deps(new Response('<html>', { headers: { 'Content-Type': 'text/html' } }));
    await expect(registerServiceWorker(d)).resolves.toBe('removed-reloading');
    expect(d.container?.register).not.toHaveBeenCalled();
  });

  it('does not reload when nothing was registered', async () => {
    const d = deps(new Response('nope', { status: 404 }), 0);
    await expect(registerServiceWorker(d)).resolves.toBe('removed');
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('leaves things alone when offline', async () => {
    const d = deps(new TypeError('offline'));
    await expect(registerServiceWorker(d)).resolves.toBe('unreachable');
    expect(d.unregister).not.toHaveBeenCalled();
  });
});
