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
import { spawn } from 'node:child_process';
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

/** Runs one check to its end; true when clean. */
function run(check: (typeof CHECKS)[number]): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, check.bin), ...check.args], { cwd: ROOT, stdio: 'inherit' });
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`${check.name}: ${status === 0 ? 'clean' : 'FAILED'} in ${seconds} s`);
      resolve(status === 0);
    });
  });
}

/** The checks one after another, in a lane; true when all were clean (every one still runs). */
async function lane(checks: Array<(typeof CHECKS)[number]>): Promise<boolean> {
  let clean = true;
  for (const check of checks) clean = (await run(check)) && clean;
  return clean;
}

// Two lanes side by side: the compilers in one, the linter and the formatter in the other. Run one after
// another they became the last suite to finish once the linter took type information (decision 0082); the
// suites leave about half a core idle, which the second lane takes.
const [compilers, style] = [CHECKS.slice(0, 2), CHECKS.slice(2)];
const results = await Promise.all([lane(compilers), lane(style)]);
process.exit(results.every(Boolean) ? 0 : 1);
