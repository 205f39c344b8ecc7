/**
 * The town's day, compressed: 80% public pages, 15% searches, 5% records-request submissions, from 50
 * concurrent connections for 60 s against the 10,000-project database. Targets (decision 0053): no errors,
 * p99 under 100 ms, and memory flat (server RSS at the end no more than 10% above RSS after warm-up; memory
 * given back is not a leak).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '#lib/server/platform/db.ts';
import { formBody } from '../../tests/support/http.ts';
import { cpuTicks, stolenSince, type BenchContext } from './lib.ts';

export interface MixedLoadOptions {
  /** The server's process id, to read its resident memory. */
  pid: number;
  duration?: number;
  connections?: number;
  warmupSeconds?: number;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** Deterministic picks, so runs compare. */
function picker(seed: number) {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
  return { next, pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] };
}

export async function run(ctx: BenchContext, opts: MixedLoadOptions) {
  const db = openDatabase(path.join(ctx.dataDir, 'portal.db'));
  const slugs = (db.$client.prepare('select slug from projects where published = 1').all() as { slug: string }[]).map(
    (r) => r.slug,
  );
  const words = (
    db.$client
      .prepare('select site_address as a from projects where published = 1 order by random() limit 300')
      .all() as { a: string }[]
  ).map((r) => r.a.split(' ').slice(1, 3).join(' '));
  const doc = db.$client
    .prepare(
      "select d.id, p.slug from documents d join projects p on p.id = d.project_id where d.type = 'swppp' and d.public = 1 and p.published = 1 limit 1",
    )
    .get() as { id: number; slug: string };
  db.$client.close();

  const statuses = ['active', 'stop_work', 'swppp_review', 'approved', 'final_stabilization', 'complete'];
  const publicPages = [
    () => '/',
    () => '/projects',
    () => `/projects?status=${r.pick(statuses)}&page=${1 + Math.floor(r.next() * 5)}`,
    () => `/projects?page=${1 + Math.floor(r.next() * 400)}&sort=${r.pick(['name', 'updated', 'newest', 'start'])}`,
    () => `/projects/${r.pick(slugs)}`,
    () => `/projects/${r.pick(slugs)}`,
    () => `/projects/${r.pick(slugs)}`,
    () => `/projects/${r.pick(slugs)}`,
    () => '/enforcement',
    () => r.pick(['/help/records-requests', '/help/fees', '/help/glossary', '/help/about']),
  ];
  const r = picker(0x4d495845);
  let n = 0;
  const runId = Date.now().toString(36);
  const mix = { page: 0, search: 0, submit: 0 };
  const request: autocannon.Request = {
    method: 'GET',
    path: '/',
    setupRequest: (req) => {
      const x = r.next();
      if (x < 0.8) {
        mix.page++;
        return { ...req, method: 'GET', path: r.pick(publicPages)(), body: undefined, headers: {} };
      }
      if (x < 0.95) {
        mix.search++;
        return {
          ...req,
          method: 'GET',
          path: `/search?q=${encodeURIComponent(r.pick(words))}`,
          body: undefined,
          headers: {},
        };
      }
      mix.submit++;
      return {
        ...req,
        method: 'POST',
        path: '/_actions/requests.submit',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(ctx.url).origin },
        body: formBody({
          formKey: `mixed-${runId}-${String(n++).padStart(10, '0')}`.padEnd(43, 'm'),
          intent: 'submit',
          project: doc.slug,
          documentIds: String(doc.id),
          delivery: 'electronic',
          // A public document asked for electronically is first answered with "you can download it now"
          // (decision 0030); the resident who sends anyway confirms, as here.
          confirmOnlineOnly: 'yes',
          name: 'Load Test Resident',
          email: `load.${runId}.${n}@example.org`,
        }).toString(),
      };
    },
  };
  const connections = opts.connections ?? 50;
  const duration = opts.duration ?? 60;
  // Warm-up: fill caches and let the heap settle, then read the memory baseline.
  await autocannon({ url: ctx.url, connections, duration: opts.warmupSeconds ?? 15, requests: [request] });
  const rssAfterWarmup = rssMb(opts.pid);
  for (const k of Object.keys(mix) as Array<keyof typeof mix>) mix[k] = 0;
  const ticks = cpuTicks();
  const result = await autocannon({ url: ctx.url, connections, duration, requests: [request] });
  const stolen = stolenSince(ticks);
  const rssAtEnd = rssMb(opts.pid);
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, v]) => `${code}: ${v.count}`)
    .join(', ');
  const growth = ((rssAtEnd - rssAfterWarmup) / rssAfterWarmup) * 100;
  ctx.report(
    `Mixed load, ${connections} connections for ${duration} s (after ${opts.warmupSeconds ?? 15} s warm-up): ${mix.page} pages, ${mix.search} searches, ${mix.submit} submissions`,
  );
  ctx.report(
    `  ${Math.round(result.requests.average)} req/s   p50 ${result.latency.p50} ms   p90 ${result.latency.p90} ms   p99 ${result.latency.p99} ms   max ${result.latency.max} ms   (${Math.round(stolen * 100)}% of the CPU stolen by the hypervisor)`,
  );
  ctx.report(`  answers: ${codes}; errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`);
  ctx.report(
    `  server RSS: ${rssAfterWarmup.toFixed(0)} MB after warm-up, ${rssAtEnd.toFixed(0)} MB at the end (${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%)`,
  );
  ctx.report(
    `  targets: errors ${result.errors + result.timeouts + result.non2xx === 0 ? 'none ✓' : 'SOME ✗'}, p99 ${result.latency.p99 < 100 ? '< 100 ms ✓' : '≥ 100 ms ✗'}, memory ${growth <= 10 ? 'flat ✓' : 'NOT flat ✗'}`,
  );
}
