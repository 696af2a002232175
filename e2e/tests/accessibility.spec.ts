// axe-core on every screen of the three front ends (issue 20): no serious
// and no critical violation, each one printed when there is one.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../test';
import {
  appRoutes,
  borrowerScreens,
  borrowerState,
  CONSOLE_ROLES,
  consoleSections,
  consoleSignIn,
  newStaff,
  settle,
  SITE_SCREENS,
  type Screen,
} from '../screens';

/** Runs axe on the page as it is and fails with each serious or critical violation and where it is. */
async function expectNoSeriousViolations(page: Page, screen: string) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`);
  // Soft: the run goes on to the next screen, so one run lists them all.
  expect.soft(serious, `axe on ${screen} (${page.url()})`).toEqual([]);
}

/** Checks each screen in turn. */
async function checkScreens(page: Page, screens: Screen[]) {
  for (const screen of screens) {
    await test.step(screen.name, async () => {
      await page.goto(screen.path);
      if (screen.then) await screen.then(page);
      await expectNoSeriousViolations(page, screen.name);
    });
  }
}

test('every borrower screen has no serious or critical axe violation', async ({ page, request }) => {
  // Some 50 screens at a few seconds of axe each; on a loaded two-core
  // machine that has taken over 4 minutes.
  test.setTimeout(600_000);
  const screens = borrowerScreens(await borrowerState(request));
  const covered = new Set(screens.map((s) => s.route));
  expect(appRoutes().filter((route) => !covered.has(route)), 'routes of AppRoutes.tsx with no screen').toEqual([]);
  await checkScreens(page, screens);
});

test('the marketing site and the promotion page have no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(120_000);
  await checkScreens(page, SITE_SCREENS);
});

test.describe('the console at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('its sign-in form has no serious or critical axe violation', async ({ page }) => {
    await checkScreens(page, [{ name: 'console-sign-in', route: '/console', path: '/console' }]);
  });

  for (const role of CONSOLE_ROLES) {
    test(`every section the ${role} opens has no serious or critical axe violation`, async ({ page }) => {
      test.setTimeout(300_000);
      expect((await consoleSignIn(page, newStaff(role))).status()).toBe(200);
      const sections = await consoleSections(page);
      expect(sections.length).toBeGreaterThan(1);
      await checkScreens(page, sections);
    });
  }
});
