/**
 * A new town's first run, as docs/operating.md "Setting up a new town" does it: `npm run setup` on an empty
 * data directory, then the portal started without SEED_DEMO=false: no demo town is loaded into a database
 * that has an account, the console says how to finish, the sign-in page leads to the first-run page (the
 * public pages stay), and `npm run seed -- --help` lists every option the script takes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '#lib/server/platform/db.ts';
import { get } from '../support/http.ts';
import { ROOT, startPortal, tempDir, type Portal } from '../support/portal.ts';

let portal: Portal;
let dataDir: string;
let printed: string;

const script = (name: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts', name), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

beforeAll(async () => {
  dataDir = tempDir('rsp-first-run-');
  const made = script('setup.ts', ['--email', 'ada@newtown.example', '--name', 'Ada Clerk'], { DATA_DIR: dataDir });
  if (made.status !== 0) throw new Error(`setup failed: ${made.stderr}`);
  printed = made.stdout;
  const env = { ...process.env } as Record<string, string>;
  delete env.SEED_DEMO;
  portal = await startPortal({ dataDir, env });
}, 240_000);
afterAll(async () => {
  await portal?.stop();
});

describe('the first run of a new town', () => {
  it('setup prints the one-time link once; without an address and name, and not in a terminal, it explains itself', () => {
    expect(printed).toMatch(/\/account\/set-password\?token=[A-Za-z0-9_-]{43}\n/);
    const bare = script('setup.ts', [], { DATA_DIR: tempDir('rsp-first-run-bare-') });
    expect(bare.status).toBe(2);
    expect(bare.stderr).toContain('Usage: npm run setup');
  });

  it('the portal loads no demo town into a database with an account, and its console says how to finish', async () => {
    const db = openDatabase(path.join(dataDir, 'portal.db'));
    const counts = db.$client
      .prepare('select (select count(*) from projects) as projects, (select count(*) from users) as users')
      .get();
    db.$client.close();
    expect(counts).toEqual({ projects: 0, users: 1 });
    // Printed just after the line the portal's start waits for: it may come in the next chunk of output.
    await vi.waitFor(() => expect(portal.output()).toContain('No administrator can sign in yet: run `npm run setup`'), {
      timeout: 10_000,
    });
    expect(portal.output()).not.toContain('Demo accounts');
  });

  it('signing in leads to the first-run page, which explains the command and offers no sign-up; public pages stay', async () => {
    for (const page of ['/signin', '/account/forgot']) {
      const res = await get(portal.url, page);
      expect(res.status, page).toBe(303);
      expect(res.headers.get('location'), page).toBe('/first-run');
    }
    const staff = await get(portal.url, '/staff');
    expect(staff.status).toBe(303);
    const firstRun = await get(portal.url, '/first-run');
    expect(firstRun.status).toBe(200);
    const html = await firstRun.text();
    expect(html).toContain('npm run setup -- --email');
    expect(html).not.toMatch(/<form\b/);
    expect((await get(portal.url, '/')).status).toBe(200);
  });

  it('npm run seed -- --help lists --town and every option the script reads', () => {
    const help = script('seed.ts', ['--help']);
    expect(help.status).toBe(0);
    const source = fs.readFileSync(path.join(ROOT, 'scripts/seed.ts'), 'utf8');
    const options = [...source.slice(source.indexOf('options: {')).matchAll(/^\s+([a-z]+): \{ type:/gm)].map(
      (m) => m[1],
    );
    expect(options).toEqual(expect.arrayContaining(['reset', 'projects', 'now', 'town', 'help']));
    for (const option of options) expect(help.stdout, option).toContain(`--${option}`);
    expect(help.stdout).toContain('village-demo');
  });
});
