/**
 * `npm run seed`: load the demo town into the configured database (DATA_DIR, default data/; or
 * DATABASE_PATH), after applying migrations.
 *
 *   npm run seed                      the 28-project demo town
 *   npm run seed -- --projects 10000  a large generated town, for benchmarks
 *   npm run seed -- --reset           delete the database (and its -wal/-shm) and stored files first
 *   npm run seed -- --now 2026-06-15T14:00:00Z   derive every date from a fixed instant
 *   npm run seed -- --town village-demo          the second demo municipality (the Village of Pinebrook)
 *   npm run seed -- --help                       every option
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

/** The municipalities --town knows; the first is the default. */
const SEED_TOWNS = ['rotterdam-demo', 'village-demo'] as const;

let args: { reset?: boolean; projects?: string; now?: string; town?: string; help?: boolean };
try {
  ({ values: args } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      projects: { type: 'string' },
      now: { type: 'string' },
      town: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (err) {
  console.error(`${(err as Error).message} (npm run seed -- --help lists every option)`);
  process.exit(2);
}

if (args.help) {
  console.log(`Usage: npm run seed [-- OPTIONS]

Loads a demonstration municipality into the configured database (DATA_DIR/portal.db, DATA_DIR defaulting
to data/; or DATABASE_PATH), after applying the migrations. Refuses a database that already has projects.

Options:
  --town NAME       which municipality: ${SEED_TOWNS.join(' or ')} (default ${SEED_TOWNS[0]})
                      ${SEED_TOWNS[0]}    the Town of Rotterdam's 28 demo projects, documents and requests
                      ${SEED_TOWNS[1]}  the Village of Pinebrook: its own profile, law, fees and projects
  --projects N      a large generated town of N projects instead, for benchmarks (not with --town)
  --now INSTANT     derive every date from this ISO instant, e.g. 2026-06-15T14:00:00Z (default: now)
  --reset           first delete the database (with its -wal and -shm) and the stored files
  -h, --help        this text

No account is made: \`npm run start\` adds the demo town's demo accounts when it loads it itself, and
\`npm run setup\` makes the first administrator of any other database.`);
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

if (args.town !== undefined && !(SEED_TOWNS as readonly string[]).includes(args.town)) {
  console.error(`--town knows ${SEED_TOWNS.join(' and ')} (got "${args.town}"); see npm run seed -- --help.`);
  process.exit(2);
}
if (args.town !== undefined && projects !== undefined) {
  console.error('--projects makes a generated town: give it without --town.');
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

if (args.town === 'village-demo') {
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
