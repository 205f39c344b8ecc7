/**
 * `npm run setup`: the first administrator of a new town's portal (docs/operating.md, "Setting up a new
 * town"). Applies the migrations to the configured database (DATA_DIR, default data/; or DATABASE_PATH),
 * makes the administrator's account and prints, once, a link to choose a password (it works once, for
 * 24 hours). Nothing is mailed: a new town's mail is not set up yet, and whoever runs this has the server.
 *
 *   npm run setup                                           asks for the address and the name
 *   npm run setup -- --email clerk@village.example --name "Ada Clerk"
 *   SETUP_ADMIN_EMAIL=… SETUP_ADMIN_NAME=… npm run setup    the same, for scripts
 *
 * Refused once an administrator can sign in (they invite everyone else); the same address again, before
 * its link was used, prints a new link and ends the old one.
 */
import fs from 'node:fs';
import readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { createFirstAdmin } from '#lib/server/accounts/users.ts';
import { loadConfig } from '#lib/server/platform/config.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { townPublicUrl } from '#lib/server/platform/town-profile.ts';

const USAGE = `Usage: npm run setup [-- --email ADDRESS --name "FULL NAME"]

Makes the portal's first administrator and prints a one-time link to choose a password.

Options:
  --email ADDRESS   the administrator's email address (or SETUP_ADMIN_EMAIL)
  --name NAME       the administrator's name, as staff and the audit log show it (or SETUP_ADMIN_NAME)
  -h, --help        this text

Without --email or --name it asks for them (when run in a terminal).
The database is DATA_DIR/portal.db (DATA_DIR defaults to data/) or DATABASE_PATH. The link starts with
the portal's public address: PUBLIC_URL, or the one set later in the town profile.`;

let args: { email?: string; name?: string; help?: boolean };
try {
  ({ values: args } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

let email = args.email ?? process.env.SETUP_ADMIN_EMAIL ?? '';
let name = args.name ?? process.env.SETUP_ADMIN_NAME ?? '';
if ((!email || !name) && process.stdin.isTTY) {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  if (!email) email = await rl.question('The first administrator’s email address: ');
  if (!name) name = await rl.question('Their name (as staff will see it): ');
  rl.close();
}
if (!email.trim() || !name.trim()) {
  console.error(`Give the administrator's email address and name.\n\n${USAGE}`);
  process.exit(2);
}

const cfg = loadConfig();
fs.mkdirSync(cfg.dataDir, { recursive: true });
const db = openDatabase(cfg.databasePath);
migrateDatabase(db);
const result = await createFirstAdmin(asyncOf(db), { email, name }, townPublicUrl(db));
db.$client.close();
if (!result.ok) {
  console.error(result.message);
  process.exit(1);
}

console.log(
  `${result.again ? 'A new link for the first administrator' : 'The first administrator'}, ${email.trim().toLowerCase()}, in ${cfg.databasePath}.`,
);
console.log(
  '\nOpen this link to choose a password (it works once, until ' +
    result.expiresAt.toISOString().replace(/\.\d+Z$/, 'Z') +
    '; it is not shown again):\n',
);
console.log(`  ${result.url}\n`);
console.log('Start the portal first if it is not running (npm start, or npm run serve after a build).');
