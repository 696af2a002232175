// Spec §7: register /sw.js; if it is missing (404) or not JavaScript,
// unregister every registration and reload once. The reload guard lives in
// sessionStorage so a broken deployment cannot cause a reload loop.
export const SW_URL = '/sw.js';
const RELOAD_GUARD = 'hiram.swReloaded';

export type SwOutcome = 'unsupported' | 'registered' | 'removed' | 'removed-reloading' | 'unreachable';

export interface SwDeps {
  container: ServiceWorkerContainer | undefined;
  fetch: typeof fetch;
  storage: Storage;
  reload: () => void;
}

function defaultDeps(): SwDeps {
  return {
    container: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    fetch: (...args) => window.fetch(...args),
    storage: window.sessionStorage,
    reload: () => window.location.reload(),
  };
}

export async function registerServiceWorker(deps: SwDeps = defaultDeps()): Promise<SwOutcome> {
  const { container } = deps;
  if (!container) return 'unsupported';
  let response: Response;
  try {
    response = await deps.fetch(SW_URL, { cache: 'no-store' });
  } catch {
    return 'unreachable'; // offline: keep whatever is installed
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 404 || !/javascript|ecmascript/i.test(type)) {
    const registrations = await container.getRegistrations();
    await Promise.all(registrations.map((r) => r.unregister()));
    if (registrations.length > 0 && deps.storage.getItem(RELOAD_GUARD) === null) {
      deps.storage.setItem(RELOAD_GUARD, '1');
      deps.reload();
      return 'removed-reloading';
    }
    return 'removed';
  }
  if (!response.ok) return 'unreachable';
  deps.storage.removeItem(RELOAD_GUARD);
  await container.register(SW_URL, { scope: '/' });
  return 'registered';
}
