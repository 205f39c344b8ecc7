/**
 * Operating the portal: /healthz (link keys included), graceful shutdown on SIGTERM, and `npm run backup`
 * / `npm run restore` into an empty directory serving the same data, where the tracking links already
 * mailed still open and stay the links of later mail.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { postAction, signIn } from '../support/http.ts';
import { ROOT, startPortal, tempDir, type Portal } from '../support/portal.ts';

const run = promisify(execFile);
let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.stop();
});

describe('health', () => {
  it('reports database, disk and outbox backlog', async () => {
    const res = await fetch(`${portal.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({
      status: 'ok',
      database: { ok: true },
      disk: { ok: true },
      outbox: { ok: true, failed: 0 },
      keys: { ok: true, 'tracking-link': 'ok', 'alert-link': 'ok' },
    });
    expect(body.disk.freeBytes).toBeGreaterThan(0);
  });

  it('reports a missing or short link key as not ok; the next start writes whole keys again', async () => {
    const own = await startPortal({ fromTemplate: false, args: ['--no-seed'], env: { JOBS_TICK_MS: '3600000' } });
    try {
      // Written at start-up, before the first request, readable by the portal's user only.
      for (const file of ['tracking-link.key', 'alert-link.key']) {
        const stat = fs.statSync(path.join(own.dataDir, file));
        expect(stat.mode & 0o777, file).toBe(0o600);
        expect(fs.readFileSync(path.join(own.dataDir, file), 'utf8').trim().length, file).toBeGreaterThanOrEqual(43);
      }
      fs.writeFileSync(path.join(own.dataDir, 'tracking-link.key'), 'too-short');
      fs.rmSync(path.join(own.dataDir, 'alert-link.key'));
      const res = await fetch(`${own.url}/healthz`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.status).toBe('degraded');
      expect(body.keys).toEqual({ ok: false, 'tracking-link': 'too short', 'alert-link': 'missing' });
      expect(JSON.stringify(body)).not.toContain('too-short');
    } finally {
      await own.stop();
    }
    const again = await startPortal({ dataDir: own.dataDir, args: ['--no-seed'], env: { JOBS_TICK_MS: '3600000' } });
    try {
      expect((await (await fetch(`${again.url}/healthz`)).json()).keys).toEqual({
        ok: true,
        'tracking-link': 'ok',
        'alert-link': 'ok',
      });
    } finally {
      await again.stop();
    }
  });
});

describe('backup and restore', () => {
  it('backs up while running, verifies, and restores into an empty directory that serves the same data', async () => {
    // A requester's tracking link, mailed before the backup.
    const submitted = await postAction(portal.url, '/requests/new', 'requests.submit', {
      formKey: 'operations-restore-form-key'.padEnd(43, 'r'),
      intent: 'submit',
      freeText: 'The SWPPP of every active project.',
      delivery: 'electronic',
      name: 'Restore Tester',
      email: 'restore.tester@example.org',
    });
    expect(submitted.status).toBe(303);
    const trackPath = submitted.headers.get('location')!.split('?')[0];
    expect(trackPath).toMatch(/^\/requests\/track\/[A-Za-z0-9_-]{43}$/);

    const out = path.join(tempDir('rsp-backup-'), 'b1');
    const env = { ...process.env, DATA_DIR: portal.dataDir };
    const backup = await run(process.execPath, [path.join(ROOT, 'scripts/backup.ts'), '--out', out], {
      cwd: ROOT,
      env,
    });
    expect(backup.stdout).toContain('verified');
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest.database.tables.projects).toBeGreaterThanOrEqual(25);
    expect(manifest.files.length).toBeGreaterThan(100);

    const target = tempDir('rsp-restored-');
    await run(process.execPath, [path.join(ROOT, 'scripts/restore.ts'), out], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: target },
    });
    // A second restore over existing data is refused.
    await expect(
      run(process.execPath, [path.join(ROOT, 'scripts/restore.ts'), out], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: target },
      }),
    ).rejects.toThrow(/refuses to overwrite/);

    const restored = await startPortal({ dataDir: target, args: ['--no-seed'] });
    try {
      for (const page of ['/projects', '/projects?status=active', '/']) {
        const [a, b] = await Promise.all([
          fetch(portal.url + page).then((r) => r.text()),
          fetch(restored.url + page).then((r) => r.text()),
        ]);
        expect(b, page).toBe(a);
      }
      const html = await (await fetch(`${portal.url}/projects?status=active`)).text();
      const slug = html.match(/href="\/projects\/([a-z0-9-]+)"/)![1];
      const projectPage = await (await fetch(`${restored.url}/projects/${slug}`)).text();
      const docId = projectPage.match(/href="\/documents\/(\d+)"/)![1];
      const [x, y] = await Promise.all([
        fetch(`${portal.url}/documents/${docId}`),
        fetch(`${restored.url}/documents/${docId}`),
      ]);
      expect(Buffer.from(await y.arrayBuffer()).equals(Buffer.from(await x.arrayBuffer()))).toBe(true);

      // The link keys came back: the requester's old tracking link opens, and the next mail about the
      // request carries that same link (with another key it would get a new link, ending the old one).
      expect((await fetch(restored.url + trackPath)).status).toBe(200);
      const restoredDb = new Database(path.join(target, 'portal.db'), { readonly: true });
      try {
        const { id } = restoredDb
          .prepare("select id from records_requests where requester_email = 'restore.tester@example.org'")
          .get() as { id: number };
        const clerk = await signIn(restored.url, 'clerk@rotterdam.example', DEMO_PASSWORD);
        const note = await postAction(
          restored.url,
          `/staff/requests/${id}`,
          'requests.note',
          { id, body: 'We are copying the plans now.', audience: 'requester' },
          clerk,
        );
        expect(note.status).toBe(303);
        const mail = restoredDb
          .prepare(
            "select text_body from outbox where kind = 'request-note' and to_address = 'restore.tester@example.org' order by id desc",
          )
          .get() as { text_body: string };
        expect(mail.text_body).toContain(`${restored.url}${trackPath}`);
      } finally {
        restoredDb.close();
      }
      expect((await fetch(restored.url + trackPath)).status).toBe(200);
      // Because the backup holds the keys (readable by the owner only), and restore put them back.
      expect(manifest.keys.map((k: { file: string }) => k.file).sort()).toEqual([
        'alert-link.key',
        'tracking-link.key',
      ]);
      expect(fs.statSync(path.join(out, 'keys', 'tracking-link.key')).mode & 0o777).toBe(0o600);
      for (const file of ['tracking-link.key', 'alert-link.key']) {
        expect(fs.readFileSync(path.join(target, file), 'utf8'), file).toBe(
          fs.readFileSync(path.join(portal.dataDir, file), 'utf8'),
        );
      }
    } finally {
      await restored.stop();
    }
  });

  it('a corrupted backup fails verification and is not restored', async () => {
    const out = path.join(tempDir('rsp-backup-'), 'b2');
    await run(process.execPath, [path.join(ROOT, 'scripts/backup.ts'), '--out', out], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: portal.dataDir },
    });
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    const victim = path.join(out, 'files', manifest.files[0].sha256.slice(0, 2), manifest.files[0].sha256);
    fs.appendFileSync(victim, 'tampered');
    const target = tempDir('rsp-restored-');
    await expect(
      run(process.execPath, [path.join(ROOT, 'scripts/restore.ts'), out], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: target },
      }),
    ).rejects.toThrow(/is corrupt/);
    expect(fs.existsSync(path.join(target, 'portal.db'))).toBe(false);
  });
});

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, then exits cleanly', async () => {
    const own = await startPortal();
    const { hostname, port } = new URL(own.url);
    // A sign-in POST whose body is only half sent: the request is in flight when the signal arrives.
    const body = 'email=nobody%40example.org&password=not-the-password';
    const socket = net.connect(Number(port), hostname);
    await new Promise((r) => socket.once('connect', r));
    let response = '';
    socket.on('data', (d) => (response += d));
    const closed = new Promise((r) => socket.once('close', r));
    socket.write(
      `POST /signin?_action=accounts.signIn HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${own.url}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const exit = own.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(own.process.exitCode, 'still finishing the request').toBeNull();
    socket.write(body.slice(10));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 401/);
    expect(response).toContain('That email and password do not match an account');
    expect(await exit).toBe(0);
    expect(own.output()).toContain('Stopped.');
    // And it no longer accepts connections.
    await expect(fetch(own.url)).rejects.toThrow();
  });
});
