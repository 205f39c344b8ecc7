/**
 * `npm run restore -- <backup dir> [--force]`: verify a backup, then restore it into DATA_DIR
 * (or DATABASE_PATH), with the link keys it holds. Refuses to overwrite an existing database unless
 * --force. Stop the portal first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '#lib/server/platform/backup.ts';
import { loadConfig } from '#lib/server/platform/config.ts';
import { keepPrivate } from '#lib/server/platform/private-files.ts';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup dir> [--force]');
  process.exit(2);
}
const cfg = loadConfig();
// Owner-only, whatever the umask (platform/private-files.ts).
keepPrivate(cfg.dataDir);
try {
  const manifest = restoreBackup(path.resolve(positionals[0]), {
    databasePath: cfg.databasePath,
    filesDir: cfg.filesDir,
    dataDir: cfg.dataDir,
    force: values.force,
  });
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${cfg.dataDir}: ${manifest.database.tables.projects ?? 0} projects, ${manifest.files.length} files, ${manifest.keys?.length ?? 0} link keys.`,
  );
  if (!manifest.keys?.length)
    console.log(
      'This backup holds no link keys (made before they were backed up): put back tracking-link.key from the old DATA_DIR, or links already mailed will change at the next mail.',
    );
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
