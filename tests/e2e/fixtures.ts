/**
 * Playwright `test` with a watchdog: any page error, failed same-site request or Content-Security-Policy
 * violation during a test fails it. Import { test, expect } from here in every browser test.
 */
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ watchdog: void }>({
  watchdog: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      page.on('console', (msg) => {
        const text = msg.text();
        if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(text)) problems.push(`CSP: ${text}`);
      });
      await use();
      expect(problems, 'page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
