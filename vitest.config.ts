import { defineConfig } from 'vitest/config';
import { MODULE_HOOKS_FLAG } from './tests/support/portal.ts';

export default defineConfig({
  test: {
    pool: 'forks',
    // Vitest's default outside watch mode is one worker fewer than the cores: one, on this 2-core machine,
    // which ran every file in turn. Most integration time is spent waiting on a portal (a child process),
    // so two files at a time fill the cores (decision 0047). Files that count on a portal's state not
    // moving under them have a portal of their own.
    maxWorkers: Number(process.env.VITEST_WORKERS) || 2,
    // Each test file's process imports drizzle-orm natively: half a second saved per file (scripts/module-hooks.ts).
    execArgv: [MODULE_HOOKS_FLAG],
    // Generous: the suite must pass on a machine whose cores are kept busy by other work (no test races the clock).
    testTimeout: 120_000,
    hookTimeout: 300_000,
    projects: [
      // The rules and small modules: one module graph per worker, not per file (importing it was two
      // thirds of the unit tests' time). A unit test keeps no state between files: each opens its own
      // :memory: database and sets what it needs.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/postgres-*.test.ts'],
          // One built portal on a fresh data directory for the HTTP integration tests.
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
      // PostgreSQL's own tests (decision 0080): each file starts its server (tests/support/postgres.ts) and
      // needs no portal, so not the integration project's global setup.
      { extends: true, test: { name: 'postgres', include: ['tests/integration/postgres-*.test.ts'] } },
    ],
  },
});
