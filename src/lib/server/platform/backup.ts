/**
 * Backups: SQLite's online backup of the database (consistent while the portal runs) plus the stored
 * files and the generated link keys under DATA_DIR (platform/secrets.ts: without them every tracking and
 * unsubscribe link already mailed stops working after a restore), with a manifest of SHA-256 sums;
 * verification re-reads everything; restore only into an empty place unless forced.
 *
 * The keys make a backup as sensitive as the live data directory: keep backups where only the portal's
 * operators can read them (a backup is written owner-only: folders 0700, files 0600; platform/private-files.ts).
 *
 * Order matters: the database is copied first, then the files. A file is always stored before the row
 * that references it, so every document in the copied database has its file in the copied files.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { GENERATED_KEYS, KEY_NAMES, MIN_KEY_LENGTH, readKeyFile, writeSyncedTemp } from './secrets.ts';
import { keepPrivate, makeTreePrivate } from './private-files.ts';

/** The manifest's format; older backups carry the town's name in front (decision 0038; still accepted). */
export const BACKUP_FORMAT = 'stormwater-portal-backup/1';

export interface BackupManifest {
  format: string;
  createdAt: string;
  database: { file: 'portal.db'; bytes: number; sha256: string; tables: Record<string, number> };
  files: Array<{ sha256: string; bytes: number }>;
  /** Generated key files (tracking-link.key, …) copied from DATA_DIR; absent in backups made before them. */
  keys?: Array<{ file: string; sha256: string }>;
}

const SHA = /^[a-f0-9]{64}$/;

function sha256File(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  const buf = Buffer.allocUnsafe(1 << 20);
  try {
    let n: number;
    while ((n = fs.readSync(fd, buf, 0, buf.length, null)) > 0) hash.update(buf.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

function tableCounts(db: Database.Database): Record<string, number> {
  // SQLite's own tables and drizzle's migration journal are not the portal's data.
  const names = (
    db.prepare("select name from sqlite_master where type = 'table' order by name").all() as {
      name: string;
    }[]
  ).filter(({ name }) => !name.startsWith('sqlite_') && !name.startsWith('__drizzle'));
  return Object.fromEntries(
    names.map(({ name }) => [name, (db.prepare(`select count(*) n from "${name}"`).get() as { n: number }).n]),
  );
}

/** Stored files, by walking files/<2 hex>/<sha256> (temporary uploads are skipped). */
function listStored(filesDir: string): Array<{ sha256: string; path: string }> {
  if (!fs.existsSync(filesDir)) return [];
  const out: Array<{ sha256: string; path: string }> = [];
  for (const prefix of fs.readdirSync(filesDir)) {
    if (!/^[a-f0-9]{2}$/.test(prefix)) continue;
    for (const name of fs.readdirSync(path.join(filesDir, prefix))) {
      if (SHA.test(name) && name.startsWith(prefix))
        out.push({ sha256: name, path: path.join(filesDir, prefix, name) });
    }
  }
  return out.sort((a, b) => a.sha256.localeCompare(b.sha256));
}

/** Write a key file atomically (temporary file, fsync, rename), readable by the owner only. */
function writeKeyFile(target: string, bytes: Buffer): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = writeSyncedTemp(target, bytes);
  try {
    fs.renameSync(tmp, target);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

const KEY_FILES = new Set<string>(KEY_NAMES.map((k) => GENERATED_KEYS[k].file));

export async function createBackup(opts: {
  databasePath: string;
  filesDir: string;
  dataDir: string;
  outDir: string;
}): Promise<BackupManifest> {
  if (fs.existsSync(opts.outDir) && fs.readdirSync(opts.outDir).length) throw new Error(`${opts.outDir} is not empty`);
  keepPrivate(opts.outDir);
  fs.mkdirSync(path.join(opts.outDir, 'files'), { recursive: true });
  const dbOut = path.join(opts.outDir, 'portal.db');
  const live = new Database(opts.databasePath, { readonly: true, fileMustExist: true });
  try {
    await live.backup(dbOut);
  } finally {
    live.close();
  }
  // The copy is a single file: a rollback journal instead of WAL, so opening it leaves no -wal or -shm
  // beside it (restore and the portal set WAL again when they open it).
  const copy = new Database(dbOut);
  copy.pragma('journal_mode = DELETE');
  const tables = tableCounts(copy);
  copy.close();

  const files: BackupManifest['files'] = [];
  for (const f of listStored(opts.filesDir)) {
    const target = path.join(opts.outDir, 'files', f.sha256.slice(0, 2), f.sha256);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(f.path, target, fs.constants.COPYFILE_FICLONE);
    files.push({ sha256: f.sha256, bytes: fs.statSync(target).size });
  }
  // The link keys (a key taken from the environment has no file: keep that variable with the backup).
  const keys: NonNullable<BackupManifest['keys']> = [];
  for (const name of KEY_NAMES) {
    const file = GENERATED_KEYS[name].file;
    const found = readKeyFile(path.join(opts.dataDir, file));
    if (!found.key) continue;
    const bytes = fs.readFileSync(path.join(opts.dataDir, file));
    writeKeyFile(path.join(opts.outDir, 'keys', file), bytes);
    keys.push({ file, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: { file: 'portal.db', bytes: fs.statSync(dbOut).size, sha256: sha256File(dbOut), tables },
    files,
    keys,
  };
  fs.writeFileSync(path.join(opts.outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  makeTreePrivate(opts.outDir);
  return manifest;
}

export interface Verification {
  ok: boolean;
  problems: string[];
  manifest?: BackupManifest;
}

/** Re-read everything: database checksum and integrity, every file's SHA-256, every document's file present. */
export function verifyBackup(dir: string): Verification {
  const problems: string[] = [];
  const manifestPath = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestPath)) return { ok: false, problems: ['manifest.json is missing'] };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BackupManifest;
  if (!/^([a-z]+-)?stormwater(-portal)?-backup\/1$/.test(manifest.format))
    problems.push(`unknown format ${manifest.format}`);
  const dbFile = path.join(dir, 'portal.db');
  if (!fs.existsSync(dbFile)) problems.push('portal.db is missing');
  else {
    if (sha256File(dbFile) !== manifest.database.sha256) problems.push('portal.db does not match its checksum');
    const db = new Database(dbFile, { readonly: true });
    try {
      const check = db.pragma('integrity_check', { simple: true });
      if (check !== 'ok') problems.push(`database integrity check: ${check}`);
      const have = new Set(manifest.files.map((f) => f.sha256));
      const referenced = db.prepare('select distinct sha256 from documents').all() as { sha256: string }[];
      const missing = referenced.filter((r) => !have.has(r.sha256));
      if (missing.length) problems.push(`${missing.length} documents have no file in the backup`);
    } finally {
      db.close();
    }
  }
  for (const f of manifest.files) {
    const p = path.join(dir, 'files', f.sha256.slice(0, 2), f.sha256);
    if (!fs.existsSync(p)) problems.push(`file ${f.sha256} is missing`);
    else if (sha256File(p) !== f.sha256) problems.push(`file ${f.sha256} is corrupt`);
  }
  for (const k of manifest.keys ?? []) {
    const p = path.join(dir, 'keys', k.file);
    if (!KEY_FILES.has(k.file)) problems.push(`unknown key file ${k.file}`);
    else if (!fs.existsSync(p)) problems.push(`key ${k.file} is missing`);
    else if (sha256File(p) !== k.sha256) problems.push(`key ${k.file} is corrupt`);
    else if (!readKeyFile(p).key) problems.push(`key ${k.file} is shorter than ${MIN_KEY_LENGTH} characters`);
  }
  return { ok: problems.length === 0, problems, manifest };
}

/**
 * Restore a verified backup into a data directory (which must not hold a database unless `force`). The
 * backed-up link keys replace those in the directory: they are the ones the restored database's links
 * were made with.
 */
export function restoreBackup(
  dir: string,
  opts: { databasePath: string; filesDir: string; dataDir: string; force?: boolean },
): BackupManifest {
  const v = verifyBackup(dir);
  if (!v.ok) throw new Error(`The backup does not verify:\n- ${v.problems.join('\n- ')}`);
  if (fs.existsSync(opts.databasePath) && !opts.force)
    throw new Error(`${opts.databasePath} exists; restore refuses to overwrite it without --force`);
  fs.mkdirSync(path.dirname(opts.databasePath), { recursive: true });
  for (const suffix of ['-wal', '-shm']) fs.rmSync(opts.databasePath + suffix, { force: true });
  fs.copyFileSync(path.join(dir, 'portal.db'), opts.databasePath);
  for (const f of v.manifest!.files) {
    const target = path.join(opts.filesDir, f.sha256.slice(0, 2), f.sha256);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(dir, 'files', f.sha256.slice(0, 2), f.sha256), target, fs.constants.COPYFILE_FICLONE);
  }
  for (const k of v.manifest!.keys ?? [])
    writeKeyFile(path.join(opts.dataDir, k.file), fs.readFileSync(path.join(dir, 'keys', k.file)));
  makeTreePrivate(opts.dataDir);
  return v.manifest!;
}
