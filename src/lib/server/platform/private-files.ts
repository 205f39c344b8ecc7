/**
 * Everything the portal writes under DATA_DIR and into backups is for its operators only: the database
 * holds requesters' contact details, the files include unpublished documents, and the link keys sign every
 * tracking link. Other local users must not read them, whatever umask the portal was started with: the
 * process creates everything owner-only (umask 077), and what an older version left readable is made so at
 * start-up.
 */
import fs from 'node:fs';
import path from 'node:path';

export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Create `dir` (and its parents) owner-only, and have everything this process creates from now on be so. */
export function keepPrivate(dir: string): void {
  process.umask(PRIVATE_UMASK);
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Make every folder under `dir` (itself included) 0700 and every file 0600; links are left alone. */
export function makeTreePrivate(dir: string): void {
  if (!fs.existsSync(dir)) return;
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) makeTreePrivate(full);
    else if (entry.isFile()) fs.chmodSync(full, PRIVATE_FILE_MODE);
  }
}
