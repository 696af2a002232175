// Each borrower route is answered with its own page: the shell with the
// route's code asked for beside the entry (decision 094, issue 34), built by
// web/app's `hiram:route-pages` plugin and picked by the server.
import { expect, test } from '../test';
import { appRoutes } from '../screens';

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);

test('every route without a parameter has a page that asks for its code, and that code is there', async ({ request }) => {
  const index = await (await request.get('/app/index.html')).text();
  const shared = new Set(preloads(index));
  expect(shared.size, 'index.html asks for the app chunk beside the entry').toBeGreaterThan(0);
  const routes = appRoutes().filter((route) => route !== '*' && !route.includes(':'));
  for (const route of routes) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    const html = await response.text();
    const own = preloads(html).filter((href) => !shared.has(href));
    expect(own.length, `${route} asks for its page's code`).toBeGreaterThan(0);
    for (const href of own) expect((await request.get(href)).status(), `${route}: ${href}`).toBe(200);
    // The rest of the page is index.html's: the shell and the entry.
    expect(html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '')).toBe(index.replace(/\s*<link rel="modulepreload"[^>]*>/g, ''));
  }
  const confirmation = preloads(await (await request.get('/loanConfirm?orderId=1')).text());
  expect(confirmation.some((href) => /\/LoanConfirmPage-[\w-]+\.js$/.test(href)), 'the confirmation asks for its own page').toBe(true);
});

test('a route with a parameter, or none of the app, is answered with index.html', async ({ request }) => {
  const index = await (await request.get('/app/index.html')).text();
  for (const path of ['/certify/basic', '/noSuchPage', '/loanConfirm/']) {
    expect(await (await request.get(path)).text(), path).toBe(index);
  }
});

test('the service worker keeps index.html as its one shell, whatever route it answers', async ({ page, request }) => {
  const index = await (await request.get('/app/index.html')).text();
  await page.goto('/aboutUs');
  // Registered once the page is idle after its load (start.ts).
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  const shell = () =>
    page.evaluate(async () => {
      const cache = await caches.open('hiram-shell-v2');
      return (await (await cache.match('/app/index.html'))?.text()) ?? null;
    });
  // With no shell kept, the worker answers the route from the network and
  // fills its shell: from /app/index.html, not from the route's own page.
  await page.evaluate(async () => void (await (await caches.open('hiram-shell-v2')).delete('/app/index.html')));
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the worker answers the page').toBe(true);
  await expect.poll(shell).not.toBeNull();
  expect(await shell()).toBe(index);
  // A repeat visit is answered from that shell and still shows the route.
  await page.reload();
  await expect(page.getByRole('main')).toBeVisible();
});
