import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Debian's headless shell (package chromium-headless-shell): the same Blink as /usr/bin/chromium without
 * the full browser around it, a third less machine time for the same tests (decision 0048). The full
 * browser where the shell is not installed; E2E_CHROMIUM names another binary.
 */
const CHROMIUM =
  process.env.E2E_CHROMIUM ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ||
  '/usr/bin/chromium';

/**
 * Each worker has a portal of its own (tests/e2e/fixtures.ts) on a copy of the demo town seeded once
 * (tests/e2e/global-setup.ts), so files may run side by side without seeing each other's changes. One
 * worker by default: on this 2-core machine two workers gained nothing (12.8 min against 12.3 min for
 * one, measured back to back on 2026-12-02). E2E_WORKERS=2 on a machine with more cores.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 1,
  retries: 0,
  // Generous limits: the suite must pass while other work keeps both cores busy; waits are for conditions.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-sandbox',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
