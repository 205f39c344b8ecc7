/**
 * Importing existing projects from a spreadsheet saved as CSV (decision 0039): read with
 * csv-parse, mapped and checked row by row (import.rules.ts), shown as a dry run, and written only when
 * the clerk confirms, in one transaction: a row whose SPDES permit ID is already on file updates that
 * project (only the columns the row fills in), any other row registers a new one, each through the
 * registry (audited as project.create / project.update) with one project.import entry for the whole file.
 */
import { parse } from 'csv-parse/sync';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { auditLog, projects } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import type { Result } from '#lib/server/platform/result.ts';
import {
  checkImportRow,
  guessMapping,
  IMPORT_FIELDS,
  mappingProblems,
  mergeForUpdate,
  newProjectProblems,
  type ImportMapping,
  type ImportedRow,
} from './import.rules.ts';
import { NOI_FIELD_KEYS, noiFieldLabel, noiProblems, type NoiFields } from './noi.rules.ts';
import { createProject, setPublished, updateProject } from './registry.ts';

/** At most this many rows in one file (a town's whole list fits; a mistake does not run for minutes). */
export const MAX_IMPORT_ROWS = 2000;
export const MAX_IMPORT_BYTES = 1024 * 1024;

export interface PreviewRow {
  /** The row's line in the file (the heading is line 1). */
  line: number;
  action: 'create' | 'update' | 'error';
  name: string;
  spdesPermitId: string | null;
  problems: string[];
  /** For an update: the project it changes. */
  slug?: string;
}

export interface ImportPreview {
  headers: string[];
  mapping: ImportMapping;
  /** The file or the mapping as a whole (nothing can be imported until they are gone). */
  problems: string[];
  rows: PreviewRow[];
  counts: { create: number; update: number; error: number };
}

type Parsed = { headers: string[]; records: Array<Record<string, string>> };

/** The CSV as headings and rows, or a sentence saying why it cannot be read. */
export function readCsv(text: string): Parsed | { problem: string } {
  if (text.includes('\u0000'))
    return {
      problem: 'This file is not text: save the spreadsheet as CSV (comma-separated values) and choose that file.',
    };
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    return {
      problem: `The file could not be read as CSV${line ? ` (near line ${line})` : ''}: check the quotation marks.`,
    };
  }
  if (rows.length < 2) return { problem: 'The file has no rows under its headings.' };
  if (rows.length - 1 > MAX_IMPORT_ROWS)
    return { problem: `The file has ${rows.length - 1} rows; import at most ${MAX_IMPORT_ROWS} at a time.` };
  const headers = rows[0].map((h, i) => h || `Column ${i + 1}`);
  const records = rows
    .slice(1)
    .map((r) => Object.fromEntries(headers.map((h, i) => [h, r[i] ?? ''])) as Record<string, string>);
  return { headers, records };
}

/** A row as planned; an update carries the record it makes (the row's columns over the project on file), read once. */
type Planned = PreviewRow & { row?: ImportedRow; projectId?: number; updated?: ReturnType<typeof mergeForUpdate> };

async function plan(
  db: Pick<Db, 'select'>,
  text: string,
  chosen: ImportMapping | undefined,
): Promise<{ preview: ImportPreview; planned: Planned[] }> {
  const csv = readCsv(text);
  if ('problem' in csv)
    return {
      preview: {
        headers: [],
        mapping: {},
        problems: [csv.problem],
        rows: [],
        counts: { create: 0, update: 0, error: 0 },
      },
      planned: [],
    };
  const mapping = chosen ?? guessMapping(csv.headers);
  const problems = mappingProblems(mapping, csv.headers);
  // The town's extent from its profile (decision 0044): another town's coordinates are its own.
  const { profile, kindWord } = await townAsync(db);
  const { bounds } = profile;
  const bySpdes = new Map(
    (await db.select({ id: projects.id, slug: projects.slug, spdes: projects.spdesPermitId }).from(projects))
      .filter((p) => p.spdes)
      .map((p) => [p.spdes!.toUpperCase(), p]),
  );
  const seen = new Map<string, number>();
  const planRow = async (record: Record<string, string>, i: number): Promise<Planned> => {
    const line = i + 2;
    const checked = checkImportRow(record, mapping, bounds, profile.kind);
    const name = (mapping.name && record[mapping.name]) || '';
    if (!checked.ok) return { line, action: 'error', name, spdesPermitId: null, problems: checked.problems };
    const spdes = checked.row.noi.spdesPermitId;
    if (spdes && seen.has(spdes))
      return {
        line,
        action: 'error',
        name,
        spdesPermitId: spdes,
        problems: [`SPDES permit ID ${spdes} is already on line ${seen.get(spdes)} of this file.`],
      };
    if (spdes) seen.set(spdes, line);
    const existing = spdes ? bySpdes.get(spdes) : undefined;
    if (!existing) {
      const refused = newProjectProblems(checked.row, mapping);
      if (refused.length) return { line, action: 'error', name, spdesPermitId: spdes, problems: refused };
      return { line, action: 'create', name, spdesPermitId: spdes, problems: [], row: checked.row };
    }
    // An update is checked as the record it makes (the row's columns over the project on file).
    const updated = mergeForUpdate(await pickNoi(db, existing.id), checked.row);
    const merged = noiProblems(updated, bounds);
    if (Object.keys(merged).length)
      return {
        line,
        action: 'error',
        name,
        spdesPermitId: spdes,
        problems: Object.entries(merged).map(
          ([k, m]) => `${noiFieldLabel(kindWord)[k as keyof NoiFields] ?? k} (with the project on file): ${m}`,
        ),
      };
    return {
      line,
      action: 'update',
      name,
      spdesPermitId: spdes,
      problems: [],
      slug: existing.slug,
      row: checked.row,
      projectId: existing.id,
      updated,
    };
  };
  const planned: Planned[] = [];
  if (!problems.length) for (const [i, record] of csv.records.entries()) planned.push(await planRow(record, i));
  const count = (a: PreviewRow['action']) => planned.filter((r) => r.action === a).length;
  const rows = planned.map(({ row: _row, projectId: _id, updated: _updated, ...r }) => r);
  return {
    preview: {
      headers: csv.headers,
      mapping,
      problems,
      rows,
      counts: { create: count('create'), update: count('update'), error: count('error') },
    },
    planned,
  };
}

/** The dry run: what each row would do, and why a row cannot be imported. Nothing is written. */
export async function previewImport(
  db: Pick<Db, 'select'>,
  text: string,
  mapping?: ImportMapping,
): Promise<ImportPreview> {
  return (await plan(db, text, mapping)).preview;
}

const NOI_KEYS = NOI_FIELD_KEYS.filter((k) => k !== 'published') as Array<keyof NoiFields>;

/**
 * Confirmed: the rows without problems are written, all in one transaction (a failure writes none).
 * Rows with problems are left out, as the preview said.
 */
export async function importProjects(
  db: Db,
  actor: Actor,
  text: string,
  mapping: ImportMapping,
  source: string,
): Promise<Result<ImportDone>> {
  try {
    // Planned and written in one transaction: the record an update was checked as is the record written,
    // even if another process (a script, a second portal) writes meanwhile.
    return await db.transaction(async (tx): Promise<Result<ImportDone>> => {
      const { preview, planned } = await plan(tx, text, mapping);
      if (preview.problems.length) return { ok: false, message: preview.problems.join(' ') };
      const good = planned.filter((p) => p.action !== 'error');
      if (!good.length)
        return {
          ok: false,
          message: 'No row can be imported: correct the rows marked in the preview and choose the file again.',
        };
      const createdProjectIds: number[] = [];
      for (const p of good) {
        const row = p.row!;
        if (p.action === 'update') {
          const result = await updateProject(tx, actor, p.projectId!, p.updated!);
          if (!result.ok)
            throw new ImportRowError(p.line, result.message ?? Object.values(result.fields ?? {}).join(' '));
        } else {
          const result = await createProject(tx, actor, {
            ...row.noi,
            owner: row.owner ?? {
              companyName: 'Not on file',
              contactName: null,
              contactTitle: null,
              phone: null,
              email: null,
            },
            waters: [],
            publish: false,
          });
          if (!result.ok)
            throw new ImportRowError(p.line, result.message ?? Object.values(result.fields ?? {}).join(' '));
          createdProjectIds.push(result.projectId);
        }
      }
      await auditAsync(tx, actor, {
        action: 'project.import',
        entityType: 'project',
        entityId: null,
        after: {
          source,
          created: preview.counts.create,
          updated: preview.counts.update,
          skipped: preview.counts.error,
          spdes: good.map((p) => p.spdesPermitId).filter(Boolean),
          createdProjectIds,
        },
      });
      // The import's audit entry names it: the page after the import reads what it made from there.
      const [entry] = await tx.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      return {
        ok: true,
        importId: entry!.id,
        created: preview.counts.create,
        updated: preview.counts.update,
        skipped: preview.counts.error,
      };
    });
  } catch (err) {
    if (err instanceof ImportRowError)
      return { ok: false, message: `Nothing was imported: line ${err.line} could not be saved (${err.message}).` };
    throw err;
  }
}

export interface ImportDone {
  /** The import's entry in the audit log. */
  importId: number;
  created: number;
  updated: number;
  skipped: number;
}

export interface ImportOutcome extends ImportDone {
  /** The projects the import registered, as they are now (published or not). */
  projects: Array<{ id: number; name: string; slug: string; published: boolean }>;
}

/** What an import did, read back from its audit entry (for the page after the confirm), or undefined. */
export async function importOutcome(db: Db, importId: number): Promise<ImportOutcome | undefined> {
  const [entry] = await db
    .select({ afterJson: auditLog.afterJson })
    .from(auditLog)
    .where(and(eq(auditLog.id, importId), eq(auditLog.action, 'project.import')));
  if (!entry?.afterJson) return undefined;
  const after = JSON.parse(entry.afterJson) as {
    created: number;
    updated: number;
    skipped: number;
    createdProjectIds?: number[];
  };
  const ids = after.createdProjectIds ?? [];
  const made = ids.length
    ? await db
        .select({ id: projects.id, name: projects.name, slug: projects.slug, published: projects.published })
        .from(projects)
        .where(inArray(projects.id, ids))
        .orderBy(asc(projects.name))
    : [];
  return { importId, created: after.created, updated: after.updated, skipped: after.skipped, projects: made };
}

/**
 * Publish what an import registered and is still unpublished, in one transaction (each audited as
 * project.publish). Whoever may import may publish what they imported (decision 0076): an import that
 * ends unpublished, with nobody in the importing role able to finish it, is not finished.
 */
export async function publishImported(
  db: Db,
  actor: Actor,
  importId: number,
  now = new Date(),
): Promise<Result<{ published: number }>> {
  return db.transaction(async (tx): Promise<Result<{ published: number }>> => {
    const outcome = await importOutcome(tx, importId);
    if (!outcome) return { ok: false, message: 'That import is not on file.' };
    const waiting = outcome.projects.filter((p) => !p.published);
    if (!waiting.length) return { ok: false, message: 'Every project of this import is already published.' };
    for (const p of waiting) {
      const result = await setPublished(tx, actor, p.id, true, now);
      if (!result.ok) throw new Error(`Could not publish ${p.name}: ${result.message}`);
    }
    return { ok: true, published: waiting.length };
  });
}

class ImportRowError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

async function pickNoi(db: Pick<Db, 'select'>, projectId: number): Promise<NoiFields> {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId));
  return Object.fromEntries(
    NOI_KEYS.map((k) => [k, (row as Record<string, unknown>)[k] ?? null]),
  ) as unknown as NoiFields;
}

/** The mapping the clerk chose on the form (`map.<field>` = a heading, or empty for none). */
export function mappingFrom(values: Record<string, string | undefined>): ImportMapping | undefined {
  if (!IMPORT_FIELDS.some((f) => `map.${f.key}` in values)) return undefined;
  return Object.fromEntries(IMPORT_FIELDS.map((f) => [f.key, values[`map.${f.key}`] || null]));
}
