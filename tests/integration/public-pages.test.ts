/** Real HTTP against the built portal serving the demo town (see tests/support/global-setup.ts). */
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '#lib/server/platform/db.ts';

const base = inject('baseURL');
const get = (p: string) => fetch(new URL(p, base), { redirect: 'manual' });
const html = async (p: string) => {
  const res = await get(p);
  expect(res.status, p).toBe(200);
  return res.text();
};
// Read-only look at the same database, to pick real ids.
const db = openDatabase(path.join(inject('dataDir'), 'portal.db'));
const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;

describe('public pages', () => {
  it('home explains the portal and the five-business-day right', async () => {
    const body = await html('/');
    expect(body).toContain('<h1>Construction near you');
    expect(body).toContain('within five business days');
    expect(body).toMatch(/<main id="main"/);
    expect(body).toContain('Latest activity');
  });

  it('every page’s header and the home page offer “Report a problem”; the posting’s address opens the form for its site', async () => {
    const p = one<{ slug: string; name: string }>(
      "select slug, name from projects where status = 'active' and published = 1 order by name limit 1",
    );
    for (const page of ['/', '/projects', `/projects/${p.slug}`, '/help', '/requests/new', '/search', '/report']) {
      const nav = (await html(page)).match(/<nav class="site-nav"[\s\S]*?<\/nav>/)?.[0] ?? '';
      expect(nav, page).toMatch(/<a href="\/report"[^>]*>Report a problem<\/a>/);
    }
    const main = (await html('/')).split('<main')[1];
    expect(main).toMatch(/<a href="\/report">report a problem<\/a>/);
    const form = await html(`/report?project=${p.slug}`);
    expect(form).toContain(`<input type="hidden" name="project" value="${p.slug}"`);
    expect(form).toContain(`About <a href="/projects/${p.slug}">`);
  });

  it('lists published projects, 25 a page, with filters that narrow the list', async () => {
    // Other files share this server and may publish a project (an application found complete) meanwhile: the page
    // must give the count as it was before or after the request, never another.
    const published = () => one<{ n: number }>('select count(*) n from projects where published = 1').n;
    const before = published();
    const body = await html('/projects');
    const after = published();
    const total = Number(body.match(/<p role="status">(\d+) projects; page 1 of \d+\.<\/p>/)?.[1]);
    expect([before, after]).toContain(total);
    expect(body.match(/class="project-card"/g)).toHaveLength(Math.min(25, total));

    const active = one<{ n: number }>("select count(*) n from projects where published = 1 and status = 'active'").n;
    const filtered = await html('/projects?status=active');
    expect(filtered).toContain(`${active} ${active === 1 ? 'project' : 'projects'} match`);
    expect(filtered).not.toContain('badge-complete');
  });

  it('shows a project page with NOI facts, parties, summaries and enforcement', async () => {
    const p = one<{ slug: string; name: string; spdes_permit_id: string }>(
      "select slug, name, spdes_permit_id from projects where status = 'active' and published = 1 and exists (select 1 from monthly_summaries m where m.project_id = projects.id) order by name limit 1",
    );
    const body = await html(`/projects/${p.slug}`);
    expect(body).toContain(`<h1>${p.name.replace(/&/g, '&amp;')}</h1>`);
    expect(body).toContain(p.spdes_permit_id);
    expect(body).toContain('Monthly inspection summaries');
    expect(body).toContain('Owner/operator');
    expect(body).toMatch(/Enforcement: /);
  });

  it('the stop-work project says so in plain words with its date', async () => {
    const p = one<{ slug: string }>(
      "select p.slug from projects p join enforcement_actions e on e.project_id = p.id where e.type = 'stop_work_order' and e.lifted_on is null and e.closed_on is null",
    );
    const body = await html(`/projects/${p.slug}`);
    expect(body).toMatch(/Stop-work order in effect since [A-Z][a-z]+ \d{1,2}, \d{4}/);
  });

  it('the list and the open-data API count each project’s own enforcement in force, and date its stop-work order', async () => {
    const stop = one<{ id: number; slug: string; name: string; since: string }>(
      `select p.id, p.slug, p.name, min(ea.issued_on) since from projects p join enforcement_actions ea on ea.project_id = p.id
        where p.published = 1 and ea.public = 1 and ea.type = 'stop_work_order' and ea.lifted_on is null and ea.closed_on is null
          and ea.status not in ('withdrawn', 'closed') group by p.id order by p.id limit 1`,
    );
    const inForce = one<{ n: number }>(
      `select count(*) n from enforcement_actions where project_id = ? and public = 1 and closed_on is null
        and status not in ('withdrawn', 'closed') and not (type = 'stop_work_order' and lifted_on is not null)`,
      stop.id,
    ).n;
    const list = await html('/projects?status=stop_work');
    const card = list.slice(list.indexOf(`/projects/${stop.slug}"`));
    expect(card.slice(0, card.indexOf('</li>'))).toContain('Stop-work order in effect since');
    const newest = one<{ ms: number }>(
      `select max(p.updated_at, coalesce((select max(updated_at) from documents where project_id = p.id and public = 1), 0),
        coalesce((select max(updated_at) from enforcement_actions where project_id = p.id and public = 1), 0)) ms from projects p where p.id = ?`,
      stop.id,
    ).ms;
    const api = await (await get(`/api/projects/${stop.id}`)).json();
    expect(api.stop_work_order_since).toBe(stop.since);
    expect(api.open_enforcement_actions).toBe(inForce);
    // Every project, against the database: a project's own actions, never another's.
    const truth = db.$client
      .prepare(
        `select p.id, (select count(*) from enforcement_actions ea where ea.project_id = p.id and ea.public = 1 and ea.closed_on is null
            and ea.status not in ('withdrawn', 'closed') and not (ea.type = 'stop_work_order' and ea.lifted_on is not null)) n
          from projects p where p.published = 1 order by p.id`,
      )
      .all() as Array<{ id: number; n: number }>;
    const all = (await (await get('/api/projects')).json()).projects as Array<{
      id: number;
      open_enforcement_actions: number;
    }>;
    expect(all.map((p) => [p.id, p.open_enforcement_actions]).sort((a, b) => a[0] - b[0])).toEqual(
      truth.map((t) => [t.id, t.n]),
    );
    expect(truth.some((t) => t.n === 0) && truth.some((t) => t.n > 0)).toBe(true);
    // updated_at follows the project's newest public record, not just the project row: at least as new as the
    // newest record before the request (another file sharing this server may change one after it).
    expect(Date.parse(api.updated_at)).toBeGreaterThanOrEqual(newest);
  });

  it('answers a real 404 page for a missing project', async () => {
    const res = await get('/projects/no-such-project');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found');
  });

  it('serves public documents as PDF and hides private ones', async () => {
    const pub = one<{ id: number; size_bytes: number }>(
      'select id, size_bytes from documents where public = 1 limit 1',
    );
    const res = await get(`/documents/${pub.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBe(pub.size_bytes);

    const priv = one<{ id: number } | undefined>('select id from documents where public = 0 limit 1');
    if (priv) expect((await get(`/documents/${priv.id}`)).status).toBe(404);
    expect((await get('/documents/99999999')).status).toBe(404);
    expect((await get('/documents/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('renders help pages from content/', async () => {
    expect(await html('/help')).toContain('How records requests work');
    const law = await html('/help/ordinance');
    expect(law).toContain('Erosion and sediment control inspection');
    expect((await get('/help/nope')).status).toBe(404);
  });

  it('ignores hostile query strings instead of failing', async () => {
    const body = await html('/projects?status=%3Cscript%3E&sort=%27%3Bdrop&page=-1&q=%25%27%22');
    expect(body).not.toContain('<script>');
  });
});
