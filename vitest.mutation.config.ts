import { defineConfig } from 'vitest/config';

// Stryker runs only the unit tests: the rule modules it mutates are pure, and their tests need no built server.
export default defineConfig({
  test: {
    pool: 'forks',
    include: ['tests/unit/**/*.test.ts'],
    exclude: ['tests/unit/layering.test.ts'],
    testTimeout: 120_000,
  },
});
