/**
 * Keys the portal generates for itself and keeps outside the database, under DATA_DIR: the keys that
 * derive private links (records requests' tracking links, alert unsubscribe links). The database holds
 * only SHA-256 hashes of those links, so a copy of it opens nothing; the key files must outlive restarts
 * and go with every backup (platform/backup.ts), or the links already mailed stop working.
 * Why: docs/decisions/0013-link-keys-and-hashed-unsubscribe-links.md.
 *
 * A key may instead come from the environment (e.g. TRACKING_LINK_SECRET, at least 16 characters).
 * A key file is created at start-up, before the portal serves (scripts/start.ts): a temporary file is
 * written and fsynced, then linked into place, so a full disk or a crash never leaves a short key behind.
 * A missing, empty or short file is replaced: an older version wrote the key in place and could leave it
 * empty on a full disk, and a key under 16 characters never signed a link (every use of it failed).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { config } from './config.ts';

export const GENERATED_KEYS = {
  'tracking-link': { file: 'tracking-link.key', env: 'TRACKING_LINK_SECRET' },
  'alert-link': { file: 'alert-link.key', env: 'ALERT_LINK_SECRET' },
} as const;
export type KeyName = keyof typeof GENERATED_KEYS;
export const KEY_NAMES = Object.keys(GENERATED_KEYS) as KeyName[];

/** Shorter keys are refused (from the environment) or replaced (in a file). */
export const MIN_KEY_LENGTH = 16;

export function keyFile(name: KeyName, dataDir = config().dataDir): string {
  return path.join(dataDir, GENERATED_KEYS[name].file);
}

export type KeyState = 'ok' | 'missing' | 'too short' | 'unreadable';

/** What is in a key file, without creating anything. */
export function readKeyFile(file: string): { state: KeyState; key?: Buffer } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    return { state: (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable' };
  }
  const key = Buffer.from(text.trim(), 'utf8');
  return key.length >= MIN_KEY_LENGTH ? { state: 'ok', key } : { state: 'too short' };
}

function fsyncDirectory(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Not every platform can open or fsync a directory; the file itself was fsynced.
  }
}

/** Write `bytes` to a new temporary file beside `target` (owner-only, fsynced); the caller links or renames it. */
export function writeSyncedTemp(target: string, bytes: string | Buffer): string {
  const tmp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    const fd = fs.openSync(tmp, 'wx', 0o600);
    try {
      fs.writeFileSync(fd, bytes);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    // A full disk leaves nothing behind.
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  return tmp;
}

/**
 * The key in `file`, creating it when it is missing, empty or short. Never overwrites a good key, even one
 * another process wrote a moment ago (the new file is hard-linked into place, which fails if one exists).
 * Throws (leaving no file behind) when the disk is full.
 */
export function ensureKeyFile(file: string): { key: Buffer; created: boolean } {
  const found = readKeyFile(file);
  if (found.key) return { key: found.key, created: false };
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const value = randomBytes(32).toString('base64url');
  let tmp = '';
  try {
    tmp = writeSyncedTemp(file, value);
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') {
        const theirs = readKeyFile(file);
        if (theirs.key) return { key: theirs.key, created: false };
      } else if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'].includes(code ?? '')) {
        throw err;
      }
      // A short or empty file, or a file system without hard links: replace it atomically.
      fs.renameSync(tmp, file);
    }
    fsyncDirectory(dir);
  } finally {
    if (tmp) fs.rmSync(tmp, { force: true });
  }
  return { key: Buffer.from(value, 'utf8'), created: true };
}

/** Create every key file that the environment does not replace (scripts/start.ts, before serving). */
export function ensureGeneratedKeys(dataDir = config().dataDir, env: NodeJS.ProcessEnv = process.env): KeyName[] {
  const created: KeyName[] = [];
  for (const name of KEY_NAMES) {
    if (env[GENERATED_KEYS[name].env]) continue;
    if (ensureKeyFile(keyFile(name, dataDir)).created) created.push(name);
  }
  return created;
}

const cache = new Map<KeyName, { source: string; key: Buffer }>();

/** A key, from the environment or its file under DATA_DIR (created if need be), read once per process. */
export function generatedKey(name: KeyName): Buffer {
  const { env: variable, file } = GENERATED_KEYS[name];
  const fromEnv = process.env[variable];
  const source = fromEnv ? `env:${fromEnv}` : keyFile(name);
  const hit = cache.get(name);
  if (hit?.source === source) return hit.key;
  const key = fromEnv ? Buffer.from(fromEnv, 'utf8') : ensureKeyFile(source).key;
  if (key.length < MIN_KEY_LENGTH)
    throw new Error(`${variable} (or ${file}) must be at least ${MIN_KEY_LENGTH} characters.`);
  cache.set(name, { source, key });
  return key;
}

/** For /healthz: each key's state, never its value. A key from the environment is checked for length only. */
export function keyStates(
  dataDir = config().dataDir,
  env: NodeJS.ProcessEnv = process.env,
): Record<KeyName, KeyState | 'environment'> {
  const out = {} as Record<KeyName, KeyState | 'environment'>;
  for (const name of KEY_NAMES) {
    const fromEnv = env[GENERATED_KEYS[name].env];
    out[name] = fromEnv
      ? Buffer.byteLength(fromEnv) >= MIN_KEY_LENGTH
        ? 'environment'
        : 'too short'
      : readKeyFile(keyFile(name, dataDir)).state;
  }
  return out;
}
