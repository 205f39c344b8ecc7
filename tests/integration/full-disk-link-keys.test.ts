/**
 * A full disk at the wrong moment must not break records requests for good. The tracking-link key used to
 * be created lazily, in place, by the first records request: a full disk then left an empty key file, and
 * every later request failed ("must be at least 16 characters"), even after space was freed and a
 * restart. Now the key is written at start-up, atomically (platform/secrets.ts).
 *
 * The fault is real: DATA_DIR is a small tmpfs that we fill to the last byte while the portal runs. That
 * needs root (mount); without it the test is skipped and says so.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, postAction } from '../support/http.ts';
import { startPortal, tempDir, type Portal } from '../support/portal.ts';

/** Mount a tmpfs of `mb` megabytes on a fresh directory, or say why not. */
function mountSmallDisk(mb: number): { dir: string } | { why: string } {
  if (process.platform !== 'linux') return { why: 'not Linux' };
  const dir = tempDir('rsp-full-disk-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    return {
      why: `mount -t tmpfs failed (${(err as Error).message.split('\n')[0]}); run as root to exercise a real full disk`,
    };
  }
}

const disk = mountSmallDisk(24);
if ('why' in disk) console.warn(`SKIPPED full-disk fault test: ${disk.why}.`);

/** Write until the file system refuses a single byte more. */
function fillDisk(file: string): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [1 << 20, 1 << 12, 1]) {
      const chunk = Buffer.alloc(size, 0x5a);
      for (;;) {
        try {
          fs.writeSync(fd, chunk);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
          break;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** The form's error message, for the assertion's message (not the whole page). */
async function alertText(res: Response): Promise<string> {
  const html = await res.clone().text();
  return (
    /role="alert"[^>]*>([\s\S]*?)<\/div>/
      .exec(html)?.[1]
      .replace(/<[^>]+>/g, ' ')
      .trim() ?? html.slice(0, 200)
  );
}

let keyCounter = 0;
const request = (base: string) =>
  postAction(base, '/requests/new', 'requests.submit', {
    formKey: `full-disk-form-key-${++keyCounter}`.padEnd(43, 'k'),
    intent: 'submit',
    freeText: 'Every SWPPP inspection report for Burdeck Street, 2026.',
    delivery: 'electronic',
    name: 'Full Disk Tester',
    email: 'full.disk@example.org',
    // The same request again on purpose: past the near-duplicate warning (decision 0031).
    confirmDuplicate: 'yes',
  });

describe.skipIf('why' in disk)('a full disk during the first records request', () => {
  const dataDir = 'dir' in disk ? disk.dir : '';
  const filler = path.join(dataDir, 'filler.bin');
  const keyPath = path.join(dataDir, 'tracking-link.key');
  let portal: Portal | undefined;
  const env = { JOBS_TICK_MS: '3600000', MAIL_POLL_MS: '3600000' };

  beforeAll(async () => {
    portal = await startPortal({ dataDir, args: ['--no-seed'], env });
  }, 300_000);

  afterAll(async () => {
    await portal?.stop();
    if ('dir' in disk) {
      try {
        execFileSync('umount', [disk.dir], { stdio: 'pipe' });
      } catch {
        execFileSync('umount', ['-l', disk.dir], { stdio: 'pipe' });
      }
      fs.rmSync(disk.dir, { recursive: true, force: true });
    }
  });

  it('the records form works again once space is freed, and after a restart', async () => {
    fillDisk(filler);
    const during = await request(portal!.url);
    // The request may or may not be stored (SQLite needs room too); what matters is what happens next.
    expect([303, 500, 503], await alertText(during)).toContain(during.status);

    fs.rmSync(filler);
    const after = await request(portal!.url);
    expect(after.status, await alertText(after)).toBe(303);
    expect((await (await fetch(`${portal!.url}/healthz`)).json()).keys).toMatchObject({
      ok: true,
      'tracking-link': 'ok',
    });
    const link = after.headers.get('location')!.split('?')[0];
    expect(link).toMatch(/^\/requests\/track\/[A-Za-z0-9_-]{43}$/);
    expect((await get(portal!.url, link)).status).toBe(200);
    // The key is whole, and no temporary key file was left behind.
    expect(fs.readFileSync(keyPath, 'utf8').trim().length).toBeGreaterThanOrEqual(43);
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('.tmp'))).toEqual([]);

    // The same key after a restart: the link still opens, and new requests work.
    await portal!.stop();
    portal = await startPortal({ dataDir, args: ['--no-seed'], env });
    expect((await get(portal.url, link)).status).toBe(200);
    expect((await request(portal.url)).status).toBe(303);
  });

  it('a key file left empty by an older version is replaced at start-up, before any request (it never signed a link)', async () => {
    await portal!.stop();
    fs.writeFileSync(keyPath, '');
    portal = await startPortal({ dataDir, args: ['--no-seed'], env });
    expect(fs.readFileSync(keyPath, 'utf8').trim().length).toBeGreaterThanOrEqual(43);
    expect((await (await fetch(`${portal.url}/healthz`)).json()).keys).toMatchObject({
      ok: true,
      'tracking-link': 'ok',
    });
    expect((await request(portal.url)).status).toBe(303);
  });
});
