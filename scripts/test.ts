/**
 * `npm test`'s last step: vitest (unit and integration) and Playwright (the browser tests) side by side,
 * each line of their output prefixed with its suite. The browser tests leave a core of a 2-core machine
 * idle much of the time (they wait on the browser), so together the two finish sooner than in turn
 * (issue 17 item 8, decision 0047). Each suite has its own demo template and its own portals, so neither
 * sees the other's data. TESTS_IN_TURN=1 runs them one after the other.
 *
 * Both always run to the end, so one run reports every failure; the exit code is the first non-zero one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Suite {
  name: string;
  /** The package's own script, run with this Node (24, from the `node` devDependency). */
  bin: string;
  args: string[];
}

const SUITES: Suite[] = [
  { name: 'vitest', bin: 'node_modules/.bin/vitest', args: ['run'] },
  { name: 'browser', bin: 'node_modules/.bin/playwright', args: ['test'] },
];

const children = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

function run(suite: Suite): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(ROOT, suite.bin), ...suite.args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const prefix = `[${suite.name}] `;
  for (const [stream, out] of [[child.stdout!, process.stdout], [child.stderr!, process.stderr]] as const) {
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(prefix + line + '\n'));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

const started = Date.now();
let results: Array<{ code: number; seconds: number }> = [];
if (process.env.TESTS_IN_TURN === '1') for (const suite of SUITES) results.push(await run(suite));
else results = await Promise.all(SUITES.map(run));

console.log('');
SUITES.forEach((s, i) => console.log(`${s.name}: ${results[i].code === 0 ? 'passed' : `FAILED (exit ${results[i].code})`} in ${results[i].seconds.toFixed(0)} s`));
console.log(`All tests: ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
