/**
 * Starts the portal from the built server (dist/): applies migrations, loads the demo town into an empty
 * database, then serves. `npm start` builds first; `npm run serve` skips the build.
 *
 * Flags: --no-seed (leave an empty database empty).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadConfig } from '#lib/server/platform/config.ts';
import { keepPrivate, makeTreePrivate } from '#lib/server/platform/private-files.ts';
import { town, townMailFrom } from '#lib/server/platform/town-profile.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { referencedFiles } from '#lib/server/platform/files/references.ts';
import { sweepOrphanFiles } from '#lib/server/platform/files/store.ts';
import { hasActiveAdmin, hasAnyAccount } from '#lib/server/accounts/users.ts';
import { DEMO_PASSWORD, presentDemoAccounts, seedDemoAccounts } from '#db/seed/accounts.ts';
import { seedReferenceData } from '#db/seed/reference.ts';
import { isDatabaseEmpty } from '#db/seed/summary.ts';
import { createTransport } from '#lib/server/platform/mail/transport.ts';
import { startOutboxWorker } from '#lib/server/platform/mail/worker.ts';
import { startJobs } from '#lib/server/jobs/schedule.ts';
import { applyHolidayRules } from '#lib/server/records-requests/holiday-rules.ts';
import { acceptOneClickUnsubscribe } from '#lib/server/public/alerts/one-click.ts';
import { acceptOpen311Posts } from '#lib/server/public/open311.ts';
import { hashPlainUnsubscribeTokens } from '#lib/server/public/alerts/subscriptions.ts';
import { ensureGeneratedKeys, GENERATED_KEYS } from '#lib/server/platform/secrets.ts';
import { addSecurityHeaders } from '#lib/server/platform/http/security-headers.ts';
import {
  serveCachedPagesFirst,
  staticPathsUnder,
  type BuiltServer,
} from '#lib/server/platform/http/cached-pages-first.ts';
import { trackResponses } from '#lib/server/platform/http/backpressure.ts';
import { loadStaticFiles } from '#lib/server/platform/http/static-files.ts';
import { runShutdownHooks } from '#lib/server/platform/shutdown.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cfg = loadConfig();
const entry = path.join(root, 'dist/server/entry.mjs');
if (!fs.existsSync(entry)) {
  console.error('The portal is not built yet: run `npm start` (it builds), or `npm run build` first.');
  process.exit(1);
}

// Owner-only, whatever the umask: the database, files and keys are private (platform/private-files.ts).
keepPrivate(cfg.dataDir);
makeTreePrivate(cfg.dataDir);
// The keys of the private links, before anything can need one (a full disk now must not leave a short
// key that breaks every later records request; see platform/secrets.ts). If the disk is full, say so and
// serve anyway: the key is tried again at first use, and /healthz reports it missing meanwhile.
try {
  const created = ensureGeneratedKeys(cfg.dataDir);
  if (created.length)
    console.log(
      `Created ${created.map((k) => GENERATED_KEYS[k].file).join(' and ')} in ${cfg.dataDir} (keep with backups).`,
    );
} catch (err) {
  console.error(
    `Could not write the link keys in ${cfg.dataDir}: ${(err as Error).message}. Records requests and alerts will fail until there is room.`,
  );
}
const db = openDatabase(cfg.databasePath);
migrateDatabase(db);
// Alert subscriptions made before unsubscribe tokens were hashed (migration 0012 renamed the column).
const hashed = hashPlainUnsubscribeTokens(db);
if (hashed) console.log(`Hashed the unsubscribe tokens of ${hashed} alert subscription(s).`);
await seedReferenceData(db);
let seeded = false;
// Existing data is never overwritten: the demo town only goes into an empty database.
// Nor into a new town's database that `npm run setup` gave its first administrator before any project.
if (
  isDatabaseEmpty(db) &&
  !(await hasAnyAccount(asyncOf(db))) &&
  !process.argv.includes('--no-seed') &&
  process.env.SEED_DEMO !== 'false'
) {
  const t0 = performance.now();
  // Only an empty database needs the demo town's seed (it draws PDFs and photos): most starts skip loading it.
  const { seedDemoTown } = await import('#db/seed/demo.ts');
  // The PDFs' words are read by the running server unless asked for now (the tests' template: DEMO_PDF_TEXTS=now):
  // reading 1,268 PDFs would make a first start three times as long (decision 0105).
  const summary = await seedDemoTown(db, {
    filesDir: cfg.filesDir,
    pdfTexts: process.env.DEMO_PDF_TEXTS === 'now' ? 'now' : 'later',
  });
  await seedDemoAccounts(db, { filesDir: cfg.filesDir });
  seeded = true;
  console.log(`Loaded the demo town (${summary.projects} projects) in ${Math.round(performance.now() - t0)} ms.`);
}
// A new release may carry a changed table of GCL §24 holidays: open requests' due dates follow it (decision 0092).
const moved = (await applyHolidayRules(asyncOf(db), { label: 'system' }, {}, new Date())).changed;
if (moved.length)
  console.log(`Moved the due dates of ${moved.length} open records request(s) to a changed holiday table.`);
// Fresh planner statistics (cheap when nothing changed): the query plans at 10,000 projects depend on them.
db.$client.pragma('optimize=0x10002');
// After a crash: no half-written uploads, no stored file that no row refers to.
const swept = sweepOrphanFiles(referencedFiles(db), cfg.filesDir);
if (swept.tmp || swept.orphans)
  console.log(
    `Removed ${swept.tmp} unfinished upload(s) and ${swept.orphans} unreferenced file(s) left by an interrupted run.`,
  );
const demoAccounts = presentDemoAccounts(db);
const firstRun = !(await hasActiveAdmin(asyncOf(db)));
// The console names the portal as its pages do: from the town profile (a village's, a city's), never a fixed name.
const portalName = town(db).portalName;
db.$client.close();

// The built server reads HOST/PORT itself; we start it so we can print the address and shut down cleanly.
process.env.HOST = cfg.host;
process.env.PORT = String(cfg.port);
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const server = (await import(pathToFileURL(entry).href)) as {
  startServer: () => { server: { server: import('node:http').Server }; done: Promise<void> };
  handler: BuiltServer['astro'];
};
// The adapter runs in middleware mode (astro.config.mjs): `handler` is Astro alone, and startServer still
// gives the standalone server, which serves dist/client's files before handing a request to Astro.
const { server: http } = server.startServer();
// Cache hits for anonymous visitors are answered here, before Astro is entered (its own connection); a
// request no static file can answer skips the standalone server's file lookup. Scripts and styles are
// answered from their copies compressed at build (platform/http/static-files.ts).
serveCachedPagesFirst(http.server, openDatabase(cfg.databasePath, { for: 'request' }), {
  astro: server.handler,
  staticPaths: staticPathsUnder(path.join(root, 'dist/client')),
  staticFiles: loadStaticFiles(path.join(root, 'dist/client')),
});
// Security headers on every response, static files and the adapter's own answers included.
addSecurityHeaders(http.server);
// Long downloads built while sent (a request's ZIP) wait for the client to take what was written.
trackResponses(http.server, (pathname) => pathname.endsWith('/files.zip'));
// RFC 8058 one-click unsubscribe posts come without an Origin header (see the module).
acceptOneClickUnsubscribe(http.server);
// Open311 clients post from their servers without an Origin header; the API key authorizes (see the module).
acceptOpen311Posts(http.server);
http.server.once('listening', () => {
  console.log(`\n${portalName} is running at ${cfg.publicUrl}/`);
  console.log(`Data directory: ${cfg.dataDir}${seeded ? ' (demo town loaded)' : ''}`);
  console.log(
    cfg.smtpUrl
      ? 'Mail: SMTP'
      : `Mail: written as .eml files under ${cfg.mailDir} (no SMTP_URL); admins see it at /staff/mail`,
  );
  if (demoAccounts.length) {
    console.log(`\nDemo accounts (password "${DEMO_PASSWORD}" unless changed), sign in at ${cfg.publicUrl}/signin:`);
    for (const a of demoAccounts) console.log(`  ${a.roles.join(', ').padEnd(10)} ${a.email}`);
  }
  if (firstRun) {
    console.log(
      "\nNo administrator can sign in yet: run `npm run setup` (same DATA_DIR) for the first one's one-time link.",
    );
  }
});

// The outbox worker lives in the server process, on its own connection.
const worker = startOutboxWorker(
  openDatabase(cfg.databasePath, { for: 'background' }),
  createTransport({ smtpUrl: cfg.smtpUrl, mailDir: cfg.mailDir }),
  {
    from: townMailFrom,
    retryBaseMs: Number(process.env.MAIL_RETRY_BASE_MS) || undefined,
    pollMs: Number(process.env.MAIL_POLL_MS) || undefined,
  },
);
// Periodic jobs (digests, alerts, clean-ups), also on their own connection.
const jobs = startJobs(
  openDatabase(cfg.databasePath, { for: 'background' }),
  undefined,
  Number(process.env.JOBS_TICK_MS) || undefined,
);

/**
 * Graceful shutdown: stop accepting connections, let requests in flight finish (up to 10 s), let the
 * outbox worker finish the message it is sending, stop the search index's worker (up to 10 s more), then exit.
 */
function closeGracefully(server: import('node:http').Server, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), timeoutMs).unref();
  });
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: finishing requests in flight, then stopping.`);
    // The search index's worker is stopped once the requests that may ask it have finished (platform/shutdown.ts).
    const served = closeGracefully(http.server).then(() => runShutdownHooks());
    void Promise.allSettled([served, worker.stop(), jobs.stop()]).finally(() => {
      console.log('Stopped.');
      process.exit(0);
    });
  });
}
