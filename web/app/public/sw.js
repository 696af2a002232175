/* Hiram borrower app service worker, served at /sw.js with scope /.
 * - Borrower page navigations (top-level, not in a frame): stale-while-revalidate
 *   on one cached app shell (the app's index.html, refreshed from its own
 *   address), so a repeat visit paints at once.
 * - /app/assets/* (content-hashed): cache-first.
 * - Never touches /pany/ (API), /api/, /console, /site/, / or /promotion, nor
 *   /sandbox/ (the server's test payment gateway pages: not the app, and their
 *   HTML must never be cached as the app shell).
 */
// v2: drops any shell cached from a /sandbox/ page by v1.
const VERSION = 'v2';
const SHELL_CACHE = `hiram-shell-${VERSION}`;
const ASSET_CACHE = `hiram-assets-${VERSION}`;
const SHELL_KEY = '/app/index.html';
const NOT_APP = /^\/(pany|api|console|site|promotion|sandbox)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.add(new Request(SHELL_KEY, { cache: 'reload' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith('hiram-') && k !== SHELL_CACHE && k !== ASSET_CACHE)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function isHtml(response) {
  return response.ok && (response.headers.get('content-type') || '').includes('text/html');
}

async function shell(event) {
  const cache = await caches.open(SHELL_CACHE);
  // The one shell is kept fresh from its own address, not from the page
  // navigated to: a route's page asks for that route's code beside the
  // entry (decision 094), which another route shown from the cache would
  // download for nothing.
  const refresh = fetch(SHELL_KEY, { cache: 'no-cache' })
    .then((response) => (isHtml(response) ? cache.put(SHELL_KEY, response) : undefined))
    .catch(() => undefined);
  event.waitUntil(refresh);
  const cached = await cache.match(SHELL_KEY);
  if (cached) return cached;
  const response = await fetch(event.request).catch(() => undefined);
  return response || Response.error();
}

async function asset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (path.startsWith('/app/assets/')) {
    event.respondWith(asset(request));
    return;
  }
  // Top-level pages only: a page in a frame (the site's legal pages) must
  // come with its own headers, whose CSP lets the site frame it; the shell's
  // says frame-ancestors 'none', and served for a frame it was blocked.
  if (request.mode === 'navigate' && request.destination === 'document' && path !== '/' && !NOT_APP.test(path)) {
    event.respondWith(shell(event));
  }
});
