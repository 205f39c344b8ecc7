/** Shared helpers for `npm run bench` scenarios: HTTP load with autocannon, and a results table. */
import http from 'node:http';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests answered in the run. */
  total: number;
  /** Share of the machine's CPU time the hypervisor gave to other guests during the run (steal), 0–1. */
  stolen?: number;
}

export interface BenchContext {
  /** Base URL of the built portal serving the 10,000-project database. */
  url: string;
  dataDir: string;
  duration: number;
  connections: number;
  /** Add a line to the final report. */
  report: (line: string) => void;
}

/**
 * The machine's CPU time so far, all cores, in clock ticks: [total, stolen]. "Steal" is time a virtual
 * CPU was ready to run but the hypervisor ran another guest: on a shared VM it comes and goes, and a run
 * that lost a core to it says little about the portal. The bench prints it beside each load.
 */
export function cpuTicks(): [number, number] {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return [fields.reduce((a, b) => a + b, 0), fields[7] ?? 0];
}

export function stolenSince(before: [number, number]): number {
  const [total, steal] = cpuTicks();
  return total > before[0] ? (steal - before[1]) / (total - before[0]) : 0;
}

export async function load(
  label: string,
  url: string,
  opts: { duration: number; connections: number; requests?: autocannon.Request[] },
): Promise<LoadResult> {
  const ticks = cpuTicks();
  const result = await autocannon({
    url,
    duration: opts.duration,
    connections: opts.connections,
    requests: opts.requests,
  });
  const stolen = stolenSince(ticks);
  return {
    label,
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    stolen,
  };
}

/** A bare node:http server that answers every request with the same bytes: the ceiling to compare with. */
export async function bareServer(
  body: Buffer,
  contentType = 'text/html; charset=utf-8',
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function formatLoad(r: LoadResult): string {
  const bad = r.errors || r.non2xx ? ` (errors ${r.errors}, non-2xx ${r.non2xx})` : '';
  // Only when it matters: a few percent is the VM's usual noise.
  const stolen =
    r.stolen !== undefined && r.stolen >= 0.05
      ? `   [${Math.round(r.stolen * 100)}% of the CPU stolen by the hypervisor]`
      : '';
  return `${r.label.padEnd(44)} ${String(r.requestsPerSec).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${bad}${stolen}`;
}

/** CPU seconds a process has used (utime + stime in /proc/<pid>/stat, in Linux's 100 clock ticks a second). */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Wait until the server has finished its start-up work (the search index, the findings warm-up, mail left
 * in the outbox): a 1 s window in which it used under 5% of a core. Measuring before that compares the
 * portal at half a machine with bare node:http at a whole one. Gives up after `maxMs`; returns the wait.
 */
export async function untilIdle(pid: number, maxMs = 120_000): Promise<number> {
  const t0 = performance.now();
  let before = cpuSeconds(pid);
  while (performance.now() - t0 < maxMs) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuSeconds(pid);
    if (now - before < 0.05) break;
    before = now;
  }
  return performance.now() - t0;
}
