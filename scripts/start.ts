/**
 * Starts the portal from the built server (dist/): applies migrations, loads the demo town into an empty
 * database, then serves. `npm start` builds first; `npm run serve` skips the build.
 *
 * Flags: --no-seed (leave an empty database empty).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadConfig } from '../src/lib/server/config.ts';
import { migrateDatabase, openDatabase } from '../src/lib/server/db/index.ts';
import { isDatabaseEmpty, seedDemoTown, seedReferenceData } from '../db/seed/demo.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cfg = loadConfig();
const entry = path.join(root, 'dist/server/entry.mjs');
if (!fs.existsSync(entry)) {
  console.error('The portal is not built yet: run `npm start` (it builds), or `npm run build` first.');
  process.exit(1);
}

fs.mkdirSync(cfg.dataDir, { recursive: true });
const db = openDatabase(cfg.databasePath);
migrateDatabase(db);
await seedReferenceData(db);
let seeded = false;
// Existing data is never overwritten: the demo town only goes into an empty database.
if (isDatabaseEmpty(db) && !process.argv.includes('--no-seed') && process.env.SEED_DEMO !== 'false') {
  const t0 = performance.now();
  const summary = await seedDemoTown(db, { filesDir: cfg.filesDir });
  seeded = true;
  console.log(`Loaded the demo town (${summary.projects} projects) in ${Math.round(performance.now() - t0)} ms.`);
}
db.$client.close();

// The built server reads HOST/PORT itself; we start it so we can print the address and shut down cleanly.
process.env.HOST = cfg.host;
process.env.PORT = String(cfg.port);
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const server = (await import(pathToFileURL(entry).href)) as {
  startServer: () => { server: { server: import('node:http').Server; stop: () => Promise<void> }; done: Promise<void> };
};
const { server: http } = server.startServer();
http.server.once('listening', () => {
  console.log(`\nRotterdam Stormwater Portal is running at ${cfg.publicUrl}/`);
  console.log(`Data directory: ${cfg.dataDir}${seeded ? ' (demo town loaded)' : ''}`);
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping.`);
    http.stop().finally(() => process.exit(0));
  });
}
