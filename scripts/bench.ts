/**
 * `npm run bench`: builds, seeds a 10,000-project database (cached between runs), starts the built
 * server and measures each scenario. Numbers go to stdout; nothing here is a pass/fail test.
 *
 * Options: --no-build, --fresh (reseed), --duration <s> (default 10), --connections <n> (default 10).
 * BENCH_DATA_DIR overrides where the 10,000-project data set lives.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { seedReferenceData } from '#db/seed/demo.ts';
import { seedLargeTown } from '#db/seed/large.ts';
import { ROOT, startPortal } from '../tests/support/portal.ts';
import * as publicPages from './bench/public-pages.ts';
import * as officerDesk from './bench/officer-desk.ts';
import * as search from './bench/search.ts';
import * as compliance from './bench/compliance.ts';
import * as recordsRequests from './bench/records-requests.ts';
import * as mixedLoad from './bench/mixed-load.ts';
import * as openData from './bench/open-data.ts';
import * as firstStart from './bench/first-start.ts';
import * as asyncFace from './bench/async-face.ts';
import { untilIdle } from './bench/lib.ts';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    projects: { type: 'string', default: '10000' },
    /** Comma-separated scenarios to run (asyncface,firststart,public,opendata,officer,search,compliance,requests,load); default all. */
    only: { type: 'string', default: '' },
    'load-duration': { type: 'string', default: '60' },
  },
});
const only = new Set(
  args.only
    ? args.only.split(',')
    : ['asyncface', 'firststart', 'public', 'opendata', 'officer', 'search', 'compliance', 'requests', 'load'],
);
const projects = Number(args.projects);
const dataDir = process.env.BENCH_DATA_DIR || path.join(os.tmpdir(), `rsp-bench-${projects}`);
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.log(line);
};

let buildMs: number | undefined;
if (!args['no-build']) {
  console.log('Building…');
  const t0 = performance.now();
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  buildMs = performance.now() - t0;
  report(`Build: ${(buildMs / 1000).toFixed(1)} s`);
}

if (only.has('asyncface')) {
  report('\nThe asynchronous face (decision 0080)');
  await asyncFace.run(report);
}
// The scenarios above need no 10,000-project data set: with only them asked for, none is seeded.
const needsTown = [...only].some((s) => s !== 'asyncface' && s !== 'firststart');

if (only.has('firststart')) {
  report('\nFirst start (demo town)');
  await firstStart.run(report, buildMs);
}

if (!needsTown) {
  console.log('\nSummary\n' + lines.join('\n'));
  process.exit(0);
}

const marker = path.join(dataDir, 'bench-seeded.json');
if (args.fresh || !fs.existsSync(marker)) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(path.join(dataDir, 'portal.db'));
  migrateDatabase(db);
  await seedReferenceData(db);
  const t0 = performance.now();
  await seedLargeTown(db, { projects, filesDir: path.join(dataDir, 'files') });
  const ms = performance.now() - t0;
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  fs.writeFileSync(marker, JSON.stringify({ projects, seededMs: Math.round(ms) }));
  report(`Seeded ${projects.toLocaleString('en-US')} projects in ${(ms / 1000).toFixed(1)} s`);
} else {
  report(`Using the ${projects.toLocaleString('en-US')}-project data set in ${dataDir} (--fresh to reseed)`);
}

const db = openDatabase(path.join(dataDir, 'portal.db'));
// A cached data set may predate newer migrations.
migrateDatabase(db);
const sample = db.$client
  .prepare(
    "select slug from projects where status = 'active' order by id limit 1 offset (select count(*) / 2 from projects where status = 'active')",
  )
  .get() as { slug: string };
// Every published slug, shuffled the same way each run: the cache-miss measurements visit each page once.
const allSlugs = db.$client
  .prepare('select slug from projects where published = 1 order by (id * 7919) % 10007')
  .pluck()
  .all() as string[];
db.$client.close();

const requests = await recordsRequests.prepare(dataDir);
report(
  `Records requests: ${requests.total.toLocaleString('en-US')} in the database (${requests.open.toLocaleString('en-US')} open)${requests.added ? `, ${requests.added.toLocaleString('en-US')} added now` : ''}${requests.removed ? `; ${requests.removed.toLocaleString('en-US')} left by earlier bench runs removed` : ''}`,
);

// The bench posts many requests from one address: lift the per-IP limit for this server only.
const portal = await startPortal({ dataDir, args: ['--no-seed'], env: { REQUESTS_PER_IP_PER_HOUR: '100000000' } });
const untilIdleMs = await untilIdle(portal.process.pid!);
const ctx = {
  url: portal.url,
  dataDir,
  duration: Number(args.duration),
  connections: Number(args.connections),
  report,
};
report(`\nMachine: ${os.cpus().length} cores, Node ${process.version}`);
// This VM's speed drifts (up to 2× within an hour): a fixed loop, timed, says how fast it was during this run.
report(
  `CPU reference: a fixed loop of 200M additions, fastest of 3: ${Math.round(Math.min(...[1, 2, 3].map(cpuReferenceMs)))} ms`,
);
report(`Server settled (start-up work done) ${(untilIdleMs / 1000).toFixed(1)} s after it answered`);
try {
  if (only.has('public')) {
    report(`\nPublic pages (${ctx.connections} connections, ${ctx.duration} s each)`);
    await publicPages.run(ctx, sample, allSlugs, portal.process.pid!);
  }
  if (only.has('opendata')) {
    report(`\nOpen data and the map (${ctx.connections} connections, ${ctx.duration} s each)`);
    await openData.run(ctx);
  }
  if (only.has('officer')) {
    report(`\nThe officer's desk (${ctx.connections} connections, ${ctx.duration} s each for pages)`);
    await officerDesk.run(ctx);
  }
  if (only.has('search')) await search.run(ctx);
  if (only.has('compliance')) await compliance.run(ctx, portal);
  if (only.has('requests')) {
    report(`\nRecords requests (${ctx.connections} connections, ${ctx.duration} s each)`);
    await recordsRequests.run(ctx, requests.sample);
  }
  if (only.has('load')) {
    report('');
    await mixedLoad.run(ctx, { pid: portal.process.pid!, duration: Number(args['load-duration']) });
  }
} catch (err) {
  // A scenario that fails shows what the server said (a crash, an out-of-memory), not only the client's error.
  console.error(
    `\nThe server's last output (exit code ${portal.process.exitCode ?? 'none: still running'}):\n${portal.output().slice(-4000)}`,
  );
  throw err;
} finally {
  await portal.stop();
  recordsRequests.forgetBenchMail(dataDir);
}
console.log('\nSummary\n' + lines.join('\n'));

/** Milliseconds for a fixed, allocation-free loop: the machine's speed at the moment, for reading the figures. */
function cpuReferenceMs(): number {
  const t0 = performance.now();
  let x = 0;
  for (let i = 0; i < 200_000_000; i++) x = (x + i) % 1_000_003;
  if (x < 0) console.log(x);
  return performance.now() - t0;
}
