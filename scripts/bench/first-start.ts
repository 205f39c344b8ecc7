/**
 * First start (issue 17 item 6): what `npm start` does on a clean clone after the build — a fresh data
 * directory, migrations, the demo town loaded, the first page served — timed from the process start,
 * and the demo town's load alone on one thread and on every core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { seedDemoTown } from '#db/seed/demo.ts';
import { startPortal } from '../../tests/support/portal.ts';

async function seedOnce(threads: number | undefined): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-bench-demo-'));
  try {
    const db = openDatabase(path.join(dir, 'portal.db'));
    migrateDatabase(db);
    const t0 = performance.now();
    await seedDemoTown(db, { filesDir: path.join(dir, 'files'), renderThreads: threads });
    const ms = performance.now() - t0;
    db.$client.close();
    return ms;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(report: (line: string) => void, buildMs: number | undefined) {
  const one = await seedOnce(1);
  const all = await seedOnce(undefined);
  report(`Demo town loaded: ${(one / 1000).toFixed(1)} s on one thread, ${(all / 1000).toFixed(1)} s on ${Math.min(os.availableParallelism(), 4)} (PDFs drawn in worker threads)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-bench-first-'));
  try {
    const t0 = performance.now();
    const portal = await startPortal({ dataDir: dir });
    const res = await fetch(`${portal.url}/`);
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    await portal.stop();
    report(`First start on an empty data directory: first page (${res.status}) ${(ms / 1000).toFixed(1)} s after the process started${buildMs === undefined ? '' : `; with this run's build (${(buildMs / 1000).toFixed(1)} s) ${((ms + buildMs) / 1000).toFixed(1)} s`}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
