import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'forks',
    // Generous: the suite must pass on a machine whose cores are kept busy by other work (no test races the clock).
    testTimeout: 120_000,
    hookTimeout: 300_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // One built portal on a fresh data directory for the HTTP integration tests.
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
