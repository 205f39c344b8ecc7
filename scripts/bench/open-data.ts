/**
 * Open data and the map at 10,000 projects (issue 17 items 4 and 5): the unfiltered exports answered from
 * memory (brotli, as browsers and most HTTP clients ask; a conditional GET for a client that has this version),
 * and the size of /map with the markers it fetches.
 */
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { formatLoad, load, type BenchContext } from './lib.ts';

/** Brotli at the server's quality (5): the default (11) takes seconds on megabytes, and idle keep-alive sockets close meanwhile. */
const br = (b: Buffer) => brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }).length;
const kb = (n: number) => `${Math.round(n / 1024).toLocaleString('en-US')} KB`;

export async function run(ctx: BenchContext) {
  for (const path of ['/api/projects', '/api/projects.csv', '/api/projects.geojson']) {
    const url = `${ctx.url}${path}`;
    const first = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const raw = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag') ?? '';
    const t0 = performance.now();
    await (await fetch(url, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
    ctx.report(`${`GET ${path}`.padEnd(44)} ${kb(raw.length)} raw; first brotli answer ${(performance.now() - t0).toFixed(0)} ms`);
    ctx.report(formatLoad(await load(`  ${path}, brotli`, url, { ...ctx, requests: [{ method: 'GET', headers: { 'accept-encoding': 'br' } }] })));
    ctx.report(formatLoad(await load(`  ${path}, If-None-Match (304)`, url, { ...ctx, requests: [{ method: 'GET', headers: { 'if-none-match': etag } }] })));
  }
  const map = Buffer.from(await (await fetch(`${ctx.url}/map`)).arrayBuffer());
  const points = Buffer.from(await (await fetch(`${ctx.url}/api/map-points.json`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  ctx.report(`/map page: ${kb(map.length)} HTML (${kb(br(map))} brotli); its markers /api/map-points.json ${kb(points.length)} (${kb(br(points))} brotli)`);
}
