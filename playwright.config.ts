import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT || 4399);
// A fresh data directory for every run; scripts/e2e-server.ts wipes it before starting the portal.
const dataDir = process.env.E2E_DATA_DIR || path.join(os.tmpdir(), `rsp-e2e-${PORT}`);
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous limits: the suite must pass while other work keeps both cores busy; waits are for conditions.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-sandbox'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --max-old-space-size=512 scripts/e2e-server.ts',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, ASTRO_TELEMETRY_DISABLED: '1', GEOCODER: 'town' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
