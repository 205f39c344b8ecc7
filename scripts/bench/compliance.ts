/**
 * Operators and compliance at 10,000 projects:
 * - uploading a 20 MB PDF through an operator's upload form (wall time, and the server's resident memory:
 *   sampled from /proc/<pid>/status during each upload, and VmHWM, the peak since start);
 * - computing compliance for all 10,000 projects (bulk load and rules, in this process), and the
 *   officer's dashboard, which computes it for every site under construction, over HTTP.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { hashPassword } from '#lib/server/accounts/passwords.ts';
import {
  complianceContext,
  complianceFor,
  loadComplianceData,
  openFindingsBySite,
} from '#lib/server/compliance/compliance.ts';
import { evaluateCompliance } from '#lib/server/compliance/compliance.rules.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import type { Portal } from '../../tests/support/portal.ts';
import type { BenchContext } from './lib.ts';

const BENCH_PASSWORD = 'bench-password-2026';

function memoryKb(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** An operator (member of one active project) and an officer, added to the bench database once. */
async function ensureAccounts(dataDir: string): Promise<{ slug: string }> {
  const db = openDatabase(path.join(dataDir, 'portal.db'));
  try {
    const c = db.$client;
    const project = c.prepare("SELECT id, slug FROM projects WHERE status = 'active' ORDER BY id LIMIT 1").get() as {
      id: number;
      slug: string;
    };
    const hash = await hashPassword(BENCH_PASSWORD);
    for (const [email, role] of [
      ['bench-operator@rotterdam.example', 'operator'],
      ['bench-officer@rotterdam.example', 'officer'],
    ] as const) {
      let user = c.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number } | undefined;
      if (!user) {
        user = {
          id: Number(
            c
              .prepare('INSERT INTO users (email, name, password_hash) VALUES (?, ?, ?)')
              .run(email, `Bench ${role}`, hash).lastInsertRowid,
          ),
        };
        c.prepare('INSERT INTO user_roles (user_id, role) VALUES (?, ?)').run(user.id, role);
      }
      if (role === 'operator')
        c.prepare('INSERT OR IGNORE INTO project_members (project_id, user_id) VALUES (?, ?)').run(project.id, user.id);
    }
    return { slug: project.slug };
  } finally {
    db.$client.close();
  }
}

/** fetch, retried once: a pooled keep-alive connection the server has already closed fails the first try. */
async function request(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

async function signIn(url: string, email: string): Promise<string> {
  const res = await request(`${url}/signin?_action=accounts.signIn`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url },
    body: new URLSearchParams({ email, password: BENCH_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('rsp_session='));
  if (res.status !== 303 || !cookie) throw new Error(`bench sign-in failed for ${email}: ${res.status}`);
  return cookie.split(';')[0];
}

/** A valid PDF of about `bytes`: three letter pages and one large embedded file. */
async function bigPdf(bytes: number, seed: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 3; i++) doc.addPage([612, 792]);
  // Incompressible (xorshift32), so the saved PDF stays about `bytes` long.
  const words = new Uint32Array(Math.ceil(bytes / 4));
  let x = seed >>> 0 || 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  const payload = new Uint8Array(words.buffer, 0, bytes);
  await doc.attach(payload, 'survey-data.bin', { mimeType: 'application/octet-stream' });
  return doc.save();
}

export async function run(ctx: BenchContext, portal: Portal): Promise<void> {
  const { slug } = await ensureAccounts(ctx.dataDir);
  const pid = portal.process.pid as number;

  // --- Uploading a 20 MB PDF ----------------------------------------------------------------------
  const operator = await signIn(ctx.url, 'bench-operator@rotterdam.example');
  const runs = 5;
  const times: number[] = [];
  let peak = 0;
  const before = memoryKb(pid);
  for (let i = 0; i < runs; i++) {
    // Different bytes each time, so each upload is really stored (the store deduplicates by SHA-256).
    const pdf = await bigPdf(20 * 1024 * 1024, i + Date.now());
    const form = new FormData();
    form.append('type', 'as_built_plans');
    // The town's day, not UTC's: after 7 p.m. in Rotterdam UTC is already tomorrow (a future date is refused).
    form.append('documentDate', townToday());
    form.append('publicProposed', 'no');
    form.append('description', `bench upload ${i + 1}`);
    form.append('document', new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'bench-20mb.pdf');
    const sampler = setInterval(() => (peak = Math.max(peak, memoryKb(pid).rss)), 5);
    const t0 = performance.now();
    const res = await request(`${ctx.url}/operator/projects/${slug}/documents/new`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { Origin: ctx.url, Cookie: operator },
    });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    clearInterval(sampler);
    if (res.status !== 303) throw new Error(`bench upload answered ${res.status}`);
    if (i === 0)
      ctx.report(
        `\nUploading a 20 MB PDF (${(pdf.length / 1024 / 1024).toFixed(1)} MB, as-built plans form; ${runs} uploads, each stored)`,
      );
  }
  const after = memoryKb(pid);
  times.sort((a, b) => a - b);
  ctx.report(
    `  time per upload: median ${times[Math.floor(runs / 2)].toFixed(0)} ms, fastest ${times[0].toFixed(0)} ms, slowest ${times[runs - 1].toFixed(0)} ms`,
  );
  ctx.report(
    `  server RSS: ${mb(before.rss)} before, peak ${mb(peak)} during the uploads (sampled every 5 ms), ${mb(after.rss)} after; VmHWM ${mb(after.hwm)} (peak since start, including earlier scenarios)`,
  );

  // --- Compliance for every project -----------------------------------------------------------------
  const db = openDatabase(path.join(ctx.dataDir, 'portal.db'));
  const face = asyncOf(db);
  try {
    const projects = (db.$client.prepare('SELECT count(*) AS n FROM projects').get() as { n: number }).n;
    ctx.report(`\nCompliance for all ${projects.toLocaleString('en-US')} projects (this process)`);
    for (let round = 1; round <= 3; round++) {
      const now = new Date();
      const t0 = performance.now();
      const context = await complianceContext(face, now);
      const data = await loadComplianceData(face);
      const t1 = performance.now();
      let findings = 0;
      let open = 0;
      for (const d of data) {
        const r = evaluateCompliance(d, context);
        findings += r.findings.length;
        open += r.findings.filter((f) => f.status === 'open').length;
      }
      const t2 = performance.now();
      ctx.report(
        `  round ${round}: load ${(t1 - t0).toFixed(0)} ms + rules ${(t2 - t1).toFixed(0)} ms = ${(t2 - t0).toFixed(0)} ms; ${findings.toLocaleString('en-US')} findings (${open.toLocaleString('en-US')} open)`,
      );
    }
    const t0 = performance.now();
    const sites = await openFindingsBySite(face);
    ctx.report(
      `  sites under construction with open findings (the officer’s list): ${sites.length.toLocaleString('en-US')}, in ${(performance.now() - t0).toFixed(0)} ms`,
    );
    // Sanity: the bulk and per-project paths agree for one project.
    const [sample] = await complianceFor(face, { projectIds: [sites[0]?.project.id ?? 1] });
    if (sites[0] && sample.findings.filter((f) => f.status === 'open').length !== sites[0].open.length)
      throw new Error('bulk and single-project compliance disagree');
  } finally {
    db.$client.close();
  }

  const officer = await signIn(ctx.url, 'bench-officer@rotterdam.example');
  const latencies: number[] = [];
  let first = 0;
  for (let i = 0; i < 6; i++) {
    const t0 = performance.now();
    const res = await request(`${ctx.url}/staff`, { headers: { Cookie: officer } });
    await res.text();
    if (i === 0) first = performance.now() - t0;
    else latencies.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`/staff answered ${res.status}`);
  }
  latencies.sort((a, b) => a - b);
  ctx.report(
    `  GET /staff as the officer (compliance findings panel; the list is reused for a minute): first ${first.toFixed(0)} ms, then median ${latencies[2].toFixed(0)} ms, slowest ${latencies[4].toFixed(0)} ms`,
  );
}
