/**
 * Public pages at 10,000 projects: the project list and a project page, against bare node:http (the two
 * taking turns in 2-second slices). Repeat visits are answered by the page cache; the "cache misses" lines
 * visit every page once, so they measure the database queries and rendering behind each page.
 */
import path from 'node:path';
import type autocannon from 'autocannon';
import { JOBS } from '#lib/server/jobs/schedule.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { lastRun } from '#lib/server/platform/jobs.ts';
import { bareServer, cpuSeconds, formatLoad, load, untilIdle, type BenchContext, type LoadResult } from './lib.ts';

export async function run(ctx: BenchContext, sample: { slug: string }, slugs: string[], serverPid: number) {
  const pages = [
    { label: 'GET /projects', path: '/projects' },
    { label: 'GET /projects?status=active&page=5', path: '/projects?status=active&page=5' },
    { label: `GET /projects/{slug}`, path: `/projects/${sample.slug}` },
  ];
  for (const page of pages) {
    const target = `${ctx.url}${page.path}`;
    const bytes = Buffer.from(await (await fetch(target)).arrayBuffer());
    const bare = await bareServer(bytes);
    // Two seconds of the same load first, unmeasured, on each side: compiled code, not the JIT's first pass.
    await load('warm-up', target, { ...ctx, duration: 2 });
    await load('warm-up', bare.url, { ...ctx, duration: 2 });
    // Side by side: the two take turns in short slices, so a drift in the machine's speed (a shared VM's
    // neighbours) or a burst of background work falls on both rather than on whichever ran then.
    const portalSlices: LoadResult[] = [];
    const bareSlices: LoadResult[] = [];
    const slice = Math.max(1, Math.round(ctx.duration / SLICES));
    for (let k = 0; k < SLICES; k++) {
      portalSlices.push(await load(page.label, target, { ...ctx, duration: slice }));
      bareSlices.push(
        await load(`  bare node:http, same ${Math.round(bytes.length / 1024)} KB`, bare.url, {
          ...ctx,
          duration: slice,
        }),
      );
    }
    await bare.close();
    const portal = together(portalSlices, slice);
    const ceiling = together(bareSlices, slice);
    ctx.report(formatLoad(portal));
    ctx.report(formatLoad(ceiling));
    ctx.report(`  ratio portal/bare: ${(portal.requestsPerSec / ceiling.requestsPerSec).toFixed(3)}`);
  }

  // Cache misses: each request a page not seen before (the bench data never changes between them). Item 2's
  // "server time" is the server process's CPU (every thread: JavaScript, GC, SQLite, the kernel's share)
  // per answer, which does not depend on how busy the load generator keeps the other core.
  const withServerCpu = async (run: () => Promise<LoadResult>) => {
    // The minute's alert dispatch may evaluate the whole town (2–4 s of CPU at 10,000 projects, when public
    // data changed or five minutes passed: decision 0054): counted in a 10 s run, it would add ~0.5 ms to
    // every answer. Start when it has just run and the server is quiet.
    await clearOfTheMinutesJobs(ctx.dataDir, ctx.duration + 5);
    await untilIdle(serverPid, 30_000);
    const before = cpuSeconds(serverPid);
    const result = await run();
    const perAnswerMs = ((cpuSeconds(serverPid) - before) * 1000) / Math.max(1, result.total);
    ctx.report(`${formatLoad(result)}   server CPU ${perAnswerMs.toFixed(2)} ms an answer (target ≤ 2 ms)`);
  };
  let i = 0;
  const everyProject = (req: autocannon.Request) => ({ ...req, path: `/projects/${slugs[i++ % slugs.length]}` });
  await withServerCpu(() =>
    load('GET /projects/{slug}, each once (misses)', ctx.url, {
      ...ctx,
      requests: [{ method: 'GET', setupRequest: everyProject }],
    }),
  );
  const lists: string[] = [];
  for (const kind of ['', 'major', 'minor'])
    for (const sort of ['name', 'updated', 'newest', 'start'])
      for (let page = 2; page <= 400; page++)
        lists.push(`/projects?sort=${sort}&page=${page}${kind ? `&kind=${kind}` : ''}`);
  let j = 0;
  // Past the first 4,788 lists, a pass number makes each address new again (the page ignores it; the cache does not).
  const everyList = (req: autocannon.Request) => {
    const pass = Math.floor(j / lists.length);
    const path = lists[j++ % lists.length];
    return { ...req, path: pass ? `${path}&pass=${pass}` : path };
  };
  await withServerCpu(() =>
    load('GET /projects?sort&page&kind, each (misses)', ctx.url, {
      ...ctx,
      requests: [{ method: 'GET', setupRequest: everyList }],
    }),
  );
}

/** Slices each side of a cached-page comparison takes in turn. */
const SLICES = 5;

/** Slices of one load as one result: requests over their time; the middle p50; the worst p99 (at least the whole run's). */
function together(slices: LoadResult[], sliceSeconds: number): LoadResult {
  const total = slices.reduce((n, r) => n + r.total, 0);
  const p50s = slices.map((r) => r.p50).sort((a, b) => a - b);
  return {
    label: slices[0].label,
    requestsPerSec: Math.round(total / (slices.length * sliceSeconds)),
    p50: p50s[Math.floor(p50s.length / 2)],
    p99: Math.max(...slices.map((r) => r.p99)),
    errors: slices.reduce((n, r) => n + r.errors, 0),
    non2xx: slices.reduce((n, r) => n + r.non2xx, 0),
    total,
    stolen: slices.reduce((n, r) => n + (r.stolen ?? 0), 0) / slices.length,
  };
}

/** Wait, if the alert dispatch (every minute) falls due within `seconds`, until it has run. */
async function clearOfTheMinutesJobs(dataDir: string, seconds: number): Promise<void> {
  const dispatch = JOBS.find((job) => job.name === 'alerts-dispatch')!;
  const db = openDatabase(path.join(dataDir, 'portal.db'));
  try {
    const last = lastRun(db, dispatch.name);
    if (!last) return;
    const dueInMs = last.getTime() + dispatch.everyMs - Date.now();
    if (dueInMs > seconds * 1000) return;
    // It runs at the scheduler's first minute tick after falling due.
    const deadline = Date.now() + Math.max(0, dueInMs) + 65_000;
    while (lastRun(db, dispatch.name)?.getTime() === last.getTime() && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
  } finally {
    db.$client.close();
  }
}
