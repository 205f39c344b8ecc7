/** Public pages at 10,000 projects: the project list and a project page, against bare node:http. */
import { bareServer, formatLoad, load, type BenchContext } from './lib.ts';

export async function run(ctx: BenchContext, sample: { slug: string }) {
  const pages = [
    { label: 'GET /projects', path: '/projects' },
    { label: 'GET /projects?status=active&page=5', path: '/projects?status=active&page=5' },
    { label: `GET /projects/{slug}`, path: `/projects/${sample.slug}` },
  ];
  for (const page of pages) {
    const target = `${ctx.url}${page.path}`;
    const bytes = Buffer.from(await (await fetch(target)).arrayBuffer());
    const portal = await load(page.label, target, ctx);
    const bare = await bareServer(bytes);
    const ceiling = await load(`  bare node:http, same ${Math.round(bytes.length / 1024)} KB`, bare.url, ctx);
    await bare.close();
    ctx.report(formatLoad(portal));
    ctx.report(formatLoad(ceiling));
    ctx.report(`  ratio portal/bare: ${(portal.requestsPerSec / ceiling.requestsPerSec).toFixed(3)}`);
  }
}
