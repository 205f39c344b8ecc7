/**
 * Open data and the map at 10,000 projects (what most clients fetch; /map was 3.6 MB): the unfiltered exports
 * answered from memory (brotli, as browsers and most HTTP clients ask; a conditional GET for a client that has
 * this version), and the size of /map with the markers it fetches.
 */
import http from 'node:http';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { bareServer, formatLoad, load, type BenchContext } from './lib.ts';

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
    ctx.report(
      `${`GET ${path}`.padEnd(44)} ${kb(raw.length)} raw; first brotli answer ${(performance.now() - t0).toFixed(0)} ms`,
    );
    const portal = await load(`  ${path}, brotli`, url, {
      ...ctx,
      requests: [{ method: 'GET', headers: { 'accept-encoding': 'br' } }],
    });
    ctx.report(formatLoad(portal));
    // The ceiling for a megabyte body on this machine: bare node:http sending the same compressed bytes
    // (the load generator reading them is most of the cost on either side).
    const wire = await compressedBytes(url);
    const bare = await bareServer(wire, 'application/json');
    const ceiling = await load(`  bare node:http, same ${kb(wire.length)}`, bare.url, ctx);
    await bare.close();
    ctx.report(formatLoad(ceiling));
    ctx.report(`  ratio portal/bare: ${(portal.requestsPerSec / ceiling.requestsPerSec).toFixed(3)}`);
    ctx.report(
      formatLoad(
        await load(`  ${path}, If-None-Match (304)`, url, {
          ...ctx,
          requests: [{ method: 'GET', headers: { 'if-none-match': etag } }],
        }),
      ),
    );
  }
  const map = Buffer.from(await (await fetch(`${ctx.url}/map`)).arrayBuffer());
  const points = Buffer.from(
    await (await fetch(`${ctx.url}/api/map-points.json`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
  );
  ctx.report(
    `/map page: ${kb(map.length)} HTML (${kb(br(map))} brotli); its markers /api/map-points.json ${kb(points.length)} (${kb(br(points))} brotli)`,
  );
}

/** The body as sent with brotli (fetch would decode it). */
function compressedBytes(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}
