/**
 * `npm test`'s last step: vitest (unit and integration), Playwright (the browser tests) and the static checks
 * side by side, each line of their output prefixed with its suite. So `npm test` type-checks (`astro check`,
 * `tsc --noEmit`), lints (`eslint`) and checks formatting (`prettier --check`), through scripts/static-checks.ts
 * (decision 0082). The browser tests leave a core of a 2-core machine idle much of the time (they wait on the
 * browser), so together they finish sooner than in turn (decision 0047). The demo town is seeded once, here, into
 * a template both test suites copy (each used to seed its own, at the same moment); each suite has its own
 * portals, so neither sees the other's data. TESTS_IN_TURN=1 runs them one after the other.
 *
 * All always run to the end, so one run reports every failure; the exit code is the first non-zero one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sharedDemoTemplate } from '../tests/support/portal.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Suite {
  name: string;
  /** The package's own script, run with this Node (24, from the `node` devDependency). */
  bin: string;
  args: string[];
  /**
   * Niceness for the suite and every process it starts. The browser tests run in one line and finish last;
   * vitest, a little nicer, takes the cores whenever the browser waits, so the two end closer together.
   */
  nice: number;
}

const SUITES: Suite[] = [
  { name: 'vitest', bin: 'node_modules/.bin/vitest', args: ['run'], nice: 5 },
  { name: 'browser', bin: 'node_modules/.bin/playwright', args: ['test'], nice: 0 },
  // The compiler, the linter and the formatter's check: the nicest, so they take what the suites leave idle.
  { name: 'checks', bin: 'scripts/static-checks.ts', args: [], nice: 10 },
];

const children = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

function run(suite: Suite): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(ROOT, suite.bin), ...suite.args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  // Set before the suite starts its workers and portals, which inherit it.
  if (suite.nice && child.pid) os.setPriority(child.pid, suite.nice);
  const prefix = `[${suite.name}] `;
  for (const [stream, out] of [
    [child.stdout!, process.stdout],
    [child.stderr!, process.stderr],
  ] as const) {
    readline
      .createInterface({ input: stream, crlfDelay: Infinity })
      .on('line', (line) => out.write(prefix + line + '\n'));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

// Node's compile cache for every process the suites start (portals, test workers, the checkers): the
// TypeScript each portal imports is stripped once, and modules load from V8's cached code, a third less
// machine time per portal start.
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'rsp-node-compile-cache');

const started = Date.now();
// Sets RSP_DEMO_TEMPLATE, which both suites' global setups (and their workers) inherit.
const template = await sharedDemoTemplate('rsp-test-template-');
console.log(`Demo town seeded for both suites in ${((Date.now() - started) / 1000).toFixed(1)} s`);
let results: Array<{ code: number; seconds: number }> = [];
if (process.env.TESTS_IN_TURN === '1') for (const suite of SUITES) results.push(await run(suite));
else results = await Promise.all(SUITES.map(run));

template.remove();
console.log('');
SUITES.forEach((s, i) =>
  console.log(
    `${s.name}: ${results[i].code === 0 ? 'passed' : `FAILED (exit ${results[i].code})`} in ${results[i].seconds.toFixed(0)} s`,
  ),
);
console.log(`All tests: ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
