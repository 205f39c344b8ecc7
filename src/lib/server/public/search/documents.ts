/**
 * What the public search index is built from: published projects (with their public documents and
 * the companies on them) and the help and ordinance pages. Nothing unpublished or non-public is read.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  documents,
  parties as partiesTable,
  pdfTextPages,
  projects,
  settings,
  type ProjectStatus,
} from '#db/schema.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { ORDINANCE_HELP_SLUG, ORDINANCE_TEXT_KEY } from '#lib/server/platform/ordinance-text.rules.ts';

/** What the index reads through: a connection, or a read transaction on it. */
type Reader = Pick<DB, 'select' | 'get'>;

/** One searchable thing. `fields` are indexed; the rest is for showing the result. */
export interface SearchDoc {
  ref: string;
  kind: 'project' | 'help' | 'document';
  title: string;
  url: string;
  /** Projects: the site address; help: the page's description; documents: the project's name. */
  subtitle: string;
  status?: ProjectStatus;
  /** Documents: where each page's words start in `fields.text` (page n at index n − 1). */
  pageStarts?: number[];
  /** Documents: their project's ref (a project's many reports must not fill a page of results). */
  project?: string;
  fields: {
    title: string;
    address?: string;
    cross?: string;
    ids?: string;
    parties?: string;
    body?: string;
    docs?: string;
    /** The words printed in a public PDF, page after page. */
    text?: string;
  };
}

/** A help or ordinance page (or one section of it), given by the caller (the content collection). */
export interface HelpDoc {
  /** Unique, e.g. "ordinance#stop-work-orders". */
  id: string;
  title: string;
  description: string;
  url: string;
  body: string;
}

/** Dated series (weekly inspection reports, monthly summaries) add one phrase each, not hundreds of titles. */
const SERIES: Record<string, string> = {
  inspection_report: 'Inspection reports',
  monthly_summary: 'Monthly inspection summaries',
};

/** Published projects as search documents. Runs in the index worker, on its own connection. */
export function loadProjectDocs(db: Reader): SearchDoc[] {
  const rows = db
    .select({
      id: projects.id,
      slug: projects.slug,
      name: projects.name,
      site_address: projects.siteAddress,
      cross_street: projects.crossStreet,
      zip: projects.zip,
      tax_map_parcels: projects.taxMapParcels,
      town_permit_no: projects.townPermitNo,
      spdes_permit_id: projects.spdesPermitId,
      description: projects.description,
      status: projects.status,
    })
    .from(projects)
    .where(eq(projects.published, true))
    .orderBy(asc(projects.id))
    .all();
  const parties = new Map<number, Set<string>>();
  for (const p of db
    .select({ pid: partiesTable.projectId, name: partiesTable.companyName })
    .from(partiesTable)
    .innerJoin(projects, eq(projects.id, partiesTable.projectId))
    .where(eq(projects.published, true))
    .all()) {
    let set = parties.get(p.pid);
    if (!set) parties.set(p.pid, (set = new Set()));
    set.add(p.name);
  }
  const docs = new Map<number, Set<string>>();
  for (const d of db
    .select({ pid: documents.projectId, type: documents.type, title: documents.title })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .where(and(eq(projects.published, true), eq(documents.public, true)))
    .all()) {
    let set = docs.get(d.pid);
    if (!set) docs.set(d.pid, (set = new Set()));
    set.add(SERIES[d.type] ?? d.title);
  }
  return rows.map((r) => ({
    ref: `p${r.id}`,
    kind: 'project' as const,
    title: r.name,
    url: `/projects/${r.slug}`,
    subtitle: r.site_address,
    status: r.status,
    fields: {
      title: r.name,
      address: [r.site_address, r.zip].filter(Boolean).join(' '),
      cross: r.cross_street ?? '',
      ids: [r.town_permit_no, r.spdes_permit_id, r.tax_map_parcels].filter(Boolean).join(', '),
      parties: [...(parties.get(r.id) ?? [])].join('; '),
      body: r.description,
      docs: [...(docs.get(r.id) ?? [])].join('; '),
    },
  }));
}

/**
 * Public PDFs of published projects whose words were read (projects/document-text.ts), one search document
 * each: the same documents /documents/:id serves to anyone. A result links to the page the words are on.
 */
export function loadDocumentTextDocs(db: Reader): SearchDoc[] {
  const rows = db
    .select({
      id: documents.id,
      title: documents.title,
      projectId: projects.id,
      project: projects.name,
      page: pdfTextPages.page,
      text: pdfTextPages.text,
    })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .innerJoin(pdfTextPages, eq(pdfTextPages.sha256, documents.sha256))
    .where(and(eq(projects.published, true), eq(documents.public, true)))
    .orderBy(asc(documents.id), asc(pdfTextPages.page))
    .all();
  const byId = new Map<number, { doc: SearchDoc; parts: string[]; starts: number[]; length: number }>();
  for (const r of rows) {
    let d = byId.get(r.id);
    if (!d) {
      const doc: SearchDoc = {
        ref: `d${r.id}`,
        kind: 'document',
        title: r.title,
        url: `/documents/${r.id}`,
        subtitle: r.project,
        project: `p${r.projectId}`,
        // The title is not searched here: the project's own entry has it (a series once), and "inspection"
        // must not answer with every weekly report.
        fields: { title: '' },
      };
      byId.set(r.id, (d = { doc, parts: [], starts: [], length: 0 }));
    }
    // Pages without words have no row: they start (and end) where the next page starts.
    while (d.starts.length < r.page) d.starts.push(d.length);
    d.parts.push(r.text);
    d.length += r.text.length + 1;
  }
  return [...byId.values()].map(({ doc, parts, starts }) => ({
    ...doc,
    pageStarts: starts,
    fields: { ...doc.fields, text: parts.join(' ') },
  }));
}

export function helpSearchDocs(help: HelpDoc[]): SearchDoc[] {
  return help.map((h) => ({
    ref: `h${h.id}`,
    kind: 'help' as const,
    title: h.title,
    url: h.url,
    subtitle: h.description,
    fields: { title: h.title, body: h.body },
  }));
}

/**
 * A cheap summary of everything the index depends on. It changes when a project, document or party is
 * added, removed, edited (updated_at), published or made public, or when a setting changes (the town's
 * law, its profile, its local-law numbers: the help pages' words, decision 0077) or a fee schedule is added,
 * or a PDF's words are read (decision 0105), so the index is rebuilt only then.
 */
export function searchFingerprint(db: Reader): string {
  const row = db.get<{ p: string; d: string; a: string; o: string; f: string; t: number }>(
    sql`select
         (select count(*) || '.' || coalesce(max(updated_at), 0) || '.' || coalesce(sum(published), 0) from projects) as p,
         (select count(*) || '.' || coalesce(max(updated_at), 0) || '.' || coalesce(sum(public), 0) from documents) as d,
         (select count(*) || '.' || coalesce(max(id), 0) from parties) as a,
         (select count(*) || '.' || coalesce(max(updated_at), 0) from settings) as o,
         (select count(*) || '.' || coalesce(max(id), 0) from fee_schedules) as f,
         (select count(*) from pdf_texts) as t`,
  );
  return `${row.p}|${row.d}|${row.a}|${row.o}|${row.f}|${row.t}`;
}

/**
 * The town's own ordinance text (decision 0044), or undefined while the built-in one is shown: the same
 * reading as platform/ordinance-text.ts loadOrdinanceText (a blank value is no text).
 */
export function townOrdinanceText(db: Reader): string | undefined {
  const text = db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, ORDINANCE_TEXT_KEY))
    .get()?.value;
  return text?.trim() ? text : undefined;
}

/**
 * The help pages as searched: where the town replaced the built-in ordinance, its own text's sections in
 * place of the built-in ones (a search must not lead to a law the page no longer shows). The town's
 * headings carry no anchors, so its sections link to the page.
 */
export function helpWithTownOrdinance(help: HelpDoc[], townText: string | undefined): HelpDoc[] {
  if (!townText) return help;
  const isOrdinance = (h: HelpDoc) => h.id === ORDINANCE_HELP_SLUG || h.id.startsWith(`${ORDINANCE_HELP_SLUG}#`);
  const builtIn = help.find((h) => h.id === ORDINANCE_HELP_SLUG);
  const page = {
    id: ORDINANCE_HELP_SLUG,
    title: builtIn?.title ?? 'Ordinance',
    description: builtIn?.description ?? '',
    body: townText,
  };
  return [...help.filter((h) => !isOrdinance(h)), ...splitHelpPage(page, () => undefined)];
}

/** Markdown to plain words for indexing (headings, links, emphasis and table pipes removed). */
export function markdownToText(md: string): string {
  return md
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`|]/g, ' ')
    .replace(/^\s*:?-{3,}:?\s*$/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Split a help page into one search document per `## ` section (so a result links to the right part
 * of the ordinance). `slugFor` maps a heading's text to its anchor (from the rendered page).
 */
export function splitHelpPage(
  page: { id: string; title: string; description: string; body: string },
  slugFor: (heading: string) => string | undefined,
): HelpDoc[] {
  const parts = page.body.split(/^## +(.+)$/m);
  const out: HelpDoc[] = [
    {
      id: page.id,
      title: page.title,
      description: page.description,
      url: `/help/${page.id}`,
      body: markdownToText(parts[0] ?? ''),
    },
  ];
  for (let i = 1; i < parts.length; i += 2) {
    const heading = parts[i].trim();
    const slug = slugFor(heading);
    out.push({
      id: `${page.id}#${slug ?? i}`,
      title: `${page.title}: ${markdownToText(heading)}`,
      description: page.description,
      url: `/help/${page.id}${slug ? `#${slug}` : ''}`,
      body: markdownToText(parts[i + 1] ?? ''),
    });
  }
  return out.filter((d) => d.body || d.id === page.id);
}
