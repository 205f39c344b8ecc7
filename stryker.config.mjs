// Mutation testing of the pure rule modules (issue 13): `npm run test:mutation`, not part of `npm test`.
// Run one module with `npm run test:mutation -- --mutate src/lib/server/compliance/compliance.rules.ts`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts' },
  concurrency: 2,
  coverageAnalysis: 'perTest',
  mutate: [
    'src/lib/server/**/*.rules.ts',
    'src/lib/shared/fees.ts',
    'src/lib/shared/days.ts',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  thresholds: { high: 90, low: 90, break: null },
  timeoutMS: 20_000,
};
