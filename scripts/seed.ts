/**
 * `npm run seed`: load the demo town into the configured database (DATA_DIR, default data/; or
 * DATABASE_PATH), after applying migrations.
 *
 *   npm run seed                      the 28-project demo town
 *   npm run seed -- --projects 10000  a large generated town, for benchmarks
 *   npm run seed -- --reset           delete the database (and its -wal/-shm) and stored files first
 *   npm run seed -- --now 2026-06-15T14:00:00Z   derive every date from a fixed instant
 *   npm run seed -- --town village-demo          the second demo municipality (the Village of Pinebrook)
 *
 * Refuses to touch a database that already has projects unless --reset is given.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '#lib/server/platform/config.ts';
import { keepPrivate } from '#lib/server/platform/private-files.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { isDatabaseEmpty, seedDemoTown } from '#db/seed/demo.ts';
import { seedLargeTown } from '#db/seed/large.ts';
import { seedVillageDemo } from '#db/seed/village.ts';
import type { SeedSummary } from '#db/seed/summary.ts';

const { values: args } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    projects: { type: 'string' },
    now: { type: 'string' },
    town: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log('Usage: npm run seed [-- --reset] [-- --projects N] [-- --now ISO-instant]');
  process.exit(0);
}

const cfg = loadConfig();
// Owner-only, whatever the umask (platform/private-files.ts).
keepPrivate(cfg.dataDir);
const projects = args.projects === undefined ? undefined : Number(args.projects);
if (projects !== undefined && (!Number.isInteger(projects) || projects < 1)) {
  console.error(`--projects must be a positive whole number (got "${args.projects}").`);
  process.exit(2);
}
const now = args.now ? new Date(args.now) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`--now must be an ISO date-time such as 2026-06-15T14:00:00Z (got "${args.now}").`);
  process.exit(2);
}

if (args.reset) {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(cfg.databasePath + suffix, { force: true });
  fs.rmSync(cfg.filesDir, { recursive: true, force: true });
  console.log(`Reset: removed ${cfg.databasePath} and ${cfg.filesDir}`);
}

const db = openDatabase(cfg.databasePath);
migrateDatabase(db);
if (!isDatabaseEmpty(db)) {
  console.error(
    `The database ${cfg.databasePath} already has projects; nothing was changed.\n` +
      'Run `npm run seed -- --reset` to delete it and its stored files and seed again.',
  );
  db.$client.close();
  process.exit(1);
}

if (args.town !== undefined) {
  if (args.town !== 'village-demo') {
    console.error(`--town knows only village-demo (got "${args.town}").`);
    process.exit(2);
  }
  const { projects: n } = await seedVillageDemo(db, { now });
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  console.log(`Seeded the Village of Pinebrook (${n} projects) into ${cfg.databasePath}.`);
  process.exit(0);
}

const t0 = performance.now();
let summary: SeedSummary;
if (projects === undefined) {
  console.log(`Seeding the demo town into ${cfg.databasePath} …`);
  summary = await seedDemoTown(db, { filesDir: cfg.filesDir, now });
} else {
  console.log(`Seeding a ${projects.toLocaleString('en-US')}-project town into ${cfg.databasePath} …`);
  summary = await seedLargeTown(db, { projects, filesDir: cfg.filesDir, now });
}
const ms = performance.now() - t0;
db.$client.pragma('wal_checkpoint(TRUNCATE)');
db.$client.close();

const width = Math.max(...Object.keys(summary.counts).map((k) => k.length));
console.log(`\nDone in ${(ms / 1000).toFixed(1)} s (dates relative to ${summary.now}).`);
for (const [table, n] of Object.entries(summary.counts))
  console.log(`  ${table.padEnd(width)}  ${n.toLocaleString('en-US')}`);
console.log(
  `  ${'files stored'.padEnd(width)}  ${summary.files.toLocaleString('en-US')} (${(summary.fileBytes / 1024 / 1024).toFixed(1)} MB)`,
);
if (Object.keys(summary.notable).length) {
  console.log('\nProjects worth a look:');
  for (const [what, slug] of Object.entries(summary.notable)) console.log(`  ${what}: /projects/${slug}`);
}
