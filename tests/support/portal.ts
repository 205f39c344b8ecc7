/**
 * Start the built portal (scripts/start.ts) as a real child process on a free port with its own data
 * directory, the way `npm start` runs it. Used by the vitest global setup and by tests that need a
 * server of their own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Portal {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code, or the signal's name when a signal ended the process. */
  stop: (signal?: NodeJS.Signals) => Promise<number | NodeJS.Signals | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix = 'rsp-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The demo town seeded once per test run (by the vitest global setup), copied for each portal that
 * needs its own data, which is much faster than seeding again.
 */
export function demoTemplate(): string | undefined {
  const dir = process.env.RSP_DEMO_TEMPLATE;
  return dir && fs.existsSync(path.join(dir, 'portal.db')) ? dir : undefined;
}

/**
 * Seed the demo town into a new directory (a portal started on it, then stopped) and make it the template
 * that later startPortal calls copy (RSP_DEMO_TEMPLATE, inherited by the test workers started after).
 * Used by the vitest and the Playwright global setups.
 */
export async function seedDemoTemplate(prefix = 'rsp-template-'): Promise<string> {
  const template = tempDir(prefix);
  const seeding = await startPortal({ dataDir: template });
  await seeding.stop();
  process.env.RSP_DEMO_TEMPLATE = template;
  return template;
}

/**
 * The demo template for a test run: the one `npm test` seeded for both suites before starting them
 * (RSP_DEMO_TEMPLATE, scripts/test.ts), else one seeded now. `remove` deletes it only if this call
 * seeded it. Portals copy the template and never write to it, so the suites may share it.
 */
export async function sharedDemoTemplate(prefix?: string): Promise<{ dir: string; remove: () => void }> {
  const given = demoTemplate();
  if (given) return { dir: given, remove: () => {} };
  const dir = await seedDemoTemplate(prefix);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The Node flags `npm start` and `npm run serve` give the server (package.json), so tests and the bench run
 * it the same way. A 512 MB old space keeps memory flat under load: without a cap V8 lets the heap grow
 * towards a quarter of the machine's memory before collecting in earnest. 32 MB semi-spaces let a page's
 * garbage die young rather than be copied and promoted (decision 0053). The old generation may grow to
 * three times what a full collection kept before the next one (`--heap-growing-percent=200`, decision
 * 0060): under the 512 MB cap V8 allows ~1.4 times, and with the large young generation it began marking
 * again as soon as it had finished. The module hooks save half a second of every start
 * (scripts/module-hooks.ts; the path is relative to the project root, the cwd).
 */
export const MODULE_HOOKS_FLAG = '--import=./scripts/module-hooks.ts';
export const SERVER_NODE_FLAGS = [
  '--max-old-space-size=512',
  '--max-semi-space-size=32',
  '--heap-growing-percent=200',
  MODULE_HOOKS_FLAG,
];

export async function startPortal(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    args?: string[];
    fromTemplate?: boolean;
    /** The same address as a portal stopped before (a browser test's connection returning); else a free one. */
    port?: number;
  } = {},
): Promise<Portal> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) {
    throw new Error('The portal is not built: run `npm run build` (npm test does) before these tests.');
  }
  const dataDir = options.dataDir ?? tempDir();
  const template = options.fromTemplate === false || options.dataDir ? undefined : demoTemplate();
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(ROOT, 'scripts/start.ts'), ...(options.args ?? [])],
    {
      cwd: ROOT,
      // GEOCODER=town: tests never reach for the network (the Census Bureau geocoder is the default in production).
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        ASTRO_TELEMETRY_DISABLED: '1',
        GEOCODER: 'town',
        // Stripped TypeScript and compiled modules cached across the run's portals (scripts/test.ts sets it too).
        NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(os.tmpdir(), 'rsp-node-compile-cache'),
        // A seeded test portal has the demo PDFs' words at once (the search tests look for them).
        DEMO_PDF_TEXTS: 'now',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Portal did not start in time:\n${out}`)), 240_000);
    const check = () => {
      if (out.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Portal exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    dataDir,
    process: child,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode ?? child.signalCode);
        child.once('exit', (code, signal) => resolve(code ?? signal));
        child.kill(signal);
      }),
  };
}
