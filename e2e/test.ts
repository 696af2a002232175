// The suite's `test`: Playwright's, with a watch on the browser console that
// fails a test when the page broke its Content-Security-Policy (decision
// 033), so every spec runs the pages with the CSP on and sees it hold.
import { expect, test as playwrightTest } from '@playwright/test';

export const test = playwrightTest.extend<{ contentSecurityPolicyHolds: void }>({
  contentSecurityPolicyHolds: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      expect(violations, 'the page broke its Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
