/**
 * `npm run backup [-- --out DIR]`: an online backup of the database plus the stored files and the link
 * keys under DATA_DIR, verified. Default DIR: backups/<timestamp> (BACKUP_DIR overrides the parent). Safe
 * while the portal runs.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup, verifyBackup } from '#lib/server/platform/backup.ts';
import { loadConfig } from '#lib/server/platform/config.ts';
import { GENERATED_KEYS, KEY_NAMES } from '#lib/server/platform/secrets.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const cfg = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const outDir = path.resolve(values.out ?? path.join(process.env.BACKUP_DIR || 'backups', stamp));
const t0 = performance.now();
const manifest = await createBackup({
  databasePath: cfg.databasePath,
  filesDir: cfg.filesDir,
  dataDir: cfg.dataDir,
  outDir,
});
const check = verifyBackup(outDir);
const mb = (manifest.database.bytes + manifest.files.reduce((s, f) => s + f.bytes, 0)) / 1024 / 1024;
console.log(`Backup written to ${outDir}`);
console.log(
  `  database ${(manifest.database.bytes / 1024 / 1024).toFixed(1)} MB, ${manifest.database.tables.projects ?? 0} projects; ${manifest.files.length} files; ${manifest.keys?.length ?? 0} link keys; ${mb.toFixed(1)} MB in all; ${Math.round(performance.now() - t0)} ms`,
);
if (!check.ok) {
  console.error(`Verification FAILED:\n- ${check.problems.join('\n- ')}`);
  process.exit(1);
}
console.log('  verified: database integrity ok, every file and key matches its SHA-256, every document has its file');
const fromEnv = KEY_NAMES.filter((k) => process.env[GENERATED_KEYS[k].env]).map((k) => GENERATED_KEYS[k].env);
if (fromEnv.length) console.log(`  ${fromEnv.join(' and ')} come from the environment: keep them with this backup.`);
