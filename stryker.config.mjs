// Mutation testing of the pure rule modules (they carry the law's readings): `npm run test:mutation`, not part of
// `npm test`.
// Run one module with `npm run test:mutation -- --mutate src/lib/server/compliance/compliance.rules.ts`.
//
// Equivalent mutants (they provably change nothing) are marked inline where they are: `// Stryker disable next-line`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts' },
  concurrency: 2,
  coverageAnalysis: 'perTest',
  mutate: ['src/lib/server/**/*.rules.ts', 'src/lib/shared/fees.ts', 'src/lib/shared/days.ts'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // A score under 90% fails the run (exit code 1); then scripts/mutation-per-module.ts holds each module to it on its own.
  thresholds: { high: 90, low: 90, break: 90 },
  timeoutMS: 20_000,
};
