/**
 * The data directory, its database, stored files and keys, and every backup are readable by the portal's
 * owner only (folders 0700, files 0600), whatever umask the portal and the scripts were started with; a
 * directory an older version left readable is made private at start-up; a backup leaves no -wal or -shm
 * file beside its database.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAction } from '../support/http.ts';
import { ROOT, startPortal, tempDir, type Portal } from '../support/portal.ts';

const run = promisify(execFile);

/** Every entry under `dir` (itself included) whose mode is not owner-only, as "path mode". */
function notPrivate(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    const mode = st.mode & 0o777;
    if (st.isDirectory()) {
      if (mode !== 0o700) out.push(`${path.relative(dir, p) || '.'} ${mode.toString(8)}`);
      for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    } else if (st.isFile() && mode !== 0o600) out.push(`${path.relative(dir, p)} ${mode.toString(8)}`);
  };
  walk(dir);
  return out;
}

let portal: Portal;
const umaskBefore = process.umask();

beforeAll(async () => {
  // The portal and the scripts inherit this process's umask: the widest usual one, and then none at all.
  process.umask(0o022);
  // The demo town is copied in by this process: readable by everyone, as an older version left it.
  portal = await startPortal({ env: { JOBS_TICK_MS: '3600000' } });
}, 300_000);

afterAll(async () => {
  await portal?.stop();
  process.umask(umaskBefore);
});

describe('private data on disk', () => {
  it('the data directory, database, files and keys are owner-only after start-up, and what the portal then writes is too', async () => {
    const res = await postAction(portal.url, '/requests/new', 'requests.submit', {
      formKey: 'private-data-on-disk-form-key'.padEnd(43, 'p'),
      intent: 'submit',
      freeText: 'Every inspection report of 2026.',
      delivery: 'electronic',
      name: 'Private Tester',
      email: 'private.tester@example.org',
    });
    expect(res.status).toBe(303);
    expect(fs.readdirSync(portal.dataDir)).toContain('portal.db');
    expect(notPrivate(portal.dataDir)).toEqual([]);
  });

  it('a backup made with no umask at all is owner-only and has no -wal or -shm beside its database; a restore is too', async () => {
    process.umask(0);
    try {
      const out = path.join(tempDir('rsp-private-backup-'), 'b1');
      const backup = await run(process.execPath, [path.join(ROOT, 'scripts/backup.ts'), '--out', out], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: portal.dataDir },
      });
      expect(backup.stdout).toContain('verified');
      expect(fs.readdirSync(out).filter((f) => /-(wal|shm)$/.test(f))).toEqual([]);
      expect(notPrivate(out)).toEqual([]);

      const restored = path.join(tempDir('rsp-private-restore-'), 'data');
      await run(process.execPath, [path.join(ROOT, 'scripts/restore.ts'), out], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: restored },
      });
      expect(fs.readdirSync(restored)).toContain('portal.db');
      expect(notPrivate(restored)).toEqual([]);
    } finally {
      process.umask(0o022);
    }
  });
});
