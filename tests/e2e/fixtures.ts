/**
 * Playwright `test` for every browser test: each worker has a portal of its own (a copy of the demo
 * town seeded once by global-setup.ts), so test files run side by side without seeing each other's
 * changes; and a watchdog: any page error, failed same-site request or Content-Security-Policy violation
 * during a test fails it. Import { test, expect } from here in every browser test.
 */
import { test as base, expect } from '@playwright/test';
import { startPortal, type Portal } from '../support/portal.ts';

export const test = base.extend<{ watchdog: void }, { workerPortal: Portal }>({
  workerPortal: [
    async ({}, use) => {
      const portal = await startPortal();
      // Read by the helpers that look up sample records or stored files (a11y.ts query, operator-filings).
      process.env.E2E_DATA_DIR = portal.dataDir;
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ workerPortal }, use) => use(workerPortal.url),
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
