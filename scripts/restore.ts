/**
 * `npm run restore -- <backup dir> [--force]`: verify a backup, then restore it into DATA_DIR
 * (or DATABASE_PATH). Refuses to overwrite an existing database unless --force. Stop the portal first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '#lib/server/platform/backup.ts';
import { loadConfig } from '#lib/server/platform/config.ts';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup dir> [--force]');
  process.exit(2);
}
const cfg = loadConfig();
try {
  const manifest = restoreBackup(path.resolve(positionals[0]), { databasePath: cfg.databasePath, filesDir: cfg.filesDir, force: values.force });
  console.log(`Restored the backup of ${manifest.createdAt} into ${cfg.dataDir}: ${manifest.database.tables.projects ?? 0} projects, ${manifest.files.length} files.`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
