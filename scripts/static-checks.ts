/**
 * The static checks `npm test` runs beside the test suites (scripts/test.ts): the compiler over the .astro files
 * (`astro check`) and over every .ts file (`tsc --noEmit`), the linter and the formatter's check. Each runs to the
 * end so one run reports every problem; the exit code is non-zero if any failed (decision 0082).
 *
 * `astro check` is given tsconfig.astro-check.json, whose roots are the .astro files only: with the whole project
 * as roots it checked every .ts file a second time (705 files, ~200 s on two cores, against ~25 s for the 153
 * .astro ones). The .ts files an .astro file imports are still compiled for their types, so an .astro file that
 * misuses one still fails; `tsc --noEmit` reports the .ts files' own errors.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const CHECKS: Array<{ name: string; bin: string; args: string[] }> = [
  {
    name: 'astro check',
    bin: 'node_modules/astro/bin/astro.mjs',
    args: ['check', '--minimumSeverity', 'warning', '--tsconfig', 'tsconfig.astro-check.json'],
  },
  { name: 'tsc --noEmit', bin: 'node_modules/typescript/bin/tsc', args: ['--noEmit'] },
  { name: 'eslint', bin: 'node_modules/eslint/bin/eslint.js', args: ['.', '--max-warnings', '0'] },
  {
    name: 'prettier --check',
    bin: 'node_modules/prettier/bin/prettier.cjs',
    args: ['--check', '--log-level', 'warn', '.'],
  },
];

let failed = 0;
for (const check of CHECKS) {
  const started = Date.now();
  const { status } = spawnSync(process.execPath, [path.join(ROOT, check.bin), ...check.args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`${check.name}: ${status === 0 ? 'clean' : 'FAILED'} in ${seconds} s`);
  if (status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
