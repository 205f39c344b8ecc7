/** Shared helpers for `npm run bench` scenarios: HTTP load with autocannon, and a results table. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
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

export async function load(label: string, url: string, opts: { duration: number; connections: number; requests?: autocannon.Request[] }): Promise<LoadResult> {
  const result = await autocannon({ url, duration: opts.duration, connections: opts.connections, requests: opts.requests });
  return {
    label,
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A bare node:http server that answers every request with the same bytes: the ceiling to compare with. */
export async function bareServer(body: Buffer, contentType = 'text/html; charset=utf-8'): Promise<{ url: string; close: () => Promise<void> }> {
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
  return `${r.label.padEnd(44)} ${String(r.requestsPerSec).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${bad}`;
}
