import { defineConfig, devices } from '@playwright/test';

/**
 * Two workers, each with a portal of its own (tests/e2e/fixtures.ts) on a copy of the demo town seeded
 * once (tests/e2e/global-setup.ts): the browser tests spend much of their time waiting on the server
 * and the browser, so two run side by side on this 2-core machine. E2E_WORKERS overrides the count.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  // Generous limits: the suite must pass while other work keeps both cores busy; waits are for conditions.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-sandbox'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
