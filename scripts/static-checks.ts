/**
 * The static checks `npm test` runs beside the test suites (scripts/test.ts): the compiler over .astro and .ts
 * files (`astro check`, then `tsc --noEmit` as CI would run it alone), the linter and the formatter's check. Each
 * runs to the end so one run reports every problem; the exit code is non-zero if any failed (decision 0082).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const CHECKS: Array<{ name: string; bin: string; args: string[] }> = [
  { name: 'astro check', bin: 'node_modules/astro/bin/astro.mjs', args: ['check', '--minimumSeverity', 'warning'] },
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
