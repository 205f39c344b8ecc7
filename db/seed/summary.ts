/**
 * What a seeding run produced, counted from the database afterwards (so it is always true).
 */
import type { DB } from '#lib/server/platform/db.ts';

export interface SeedSummary {
  mode: 'demo' | 'large';
  /** The instant all relative dates were derived from (ISO). */
  now: string;
  projects: number;
  documents: number;
  inspections: number;
  monthlySummaries: number;
  enforcementActions: number;
  recordsRequests: number;
  stormEvents: number;
  /** Rows per table after seeding. */
  counts: Record<string, number>;
  /** Distinct stored files and their total size. */
  files: number;
  fileBytes: number;
  /** Slugs worth knowing for browser tests and demos (demo mode). */
  notable: Record<string, string>;
}

export const COUNTED_TABLES = [
  'projects',
  'receiving_waters',
  'parties',
  'documents',
  'swppp_reviews',
  'storm_events',
  'inspections',
  'inspection_practices',
  'corrective_actions',
  'monthly_summaries',
  'inspection_notices',
  'town_inspections',
  'violations',
  'enforcement_actions',
  'enforcement_violations',
  'fine_payments',
  'performance_guarantees',
  'closures',
  'fee_schedules',
  'settings',
  'records_requests',
  'request_items',
  'request_events',
  'invoices',
  'invoice_lines',
  'payments',
  'audit_log',
] as const;

export function countRows(db: DB): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const row = db.$client.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number };
    counts[table] = row.n;
  }
  return counts;
}

export function fileStats(db: DB): { files: number; fileBytes: number } {
  const row = db.$client
    .prepare(
      'SELECT count(*) AS files, coalesce(sum(size_bytes), 0) AS bytes FROM (SELECT sha256, max(size_bytes) AS size_bytes FROM documents GROUP BY sha256)',
    )
    .get() as { files: number; bytes: number };
  return { files: row.files, fileBytes: row.bytes };
}

export function isDatabaseEmpty(db: DB): boolean {
  const row = db.$client.prepare('SELECT count(*) AS n FROM projects').get() as { n: number };
  return row.n === 0;
}

export function buildSummary(
  db: DB,
  mode: SeedSummary['mode'],
  now: Date,
  notable: Record<string, string> = {},
): SeedSummary {
  const counts = countRows(db);
  return {
    mode,
    now: now.toISOString(),
    projects: counts.projects,
    documents: counts.documents,
    inspections: counts.inspections,
    monthlySummaries: counts.monthly_summaries,
    enforcementActions: counts.enforcement_actions,
    recordsRequests: counts.records_requests,
    stormEvents: counts.storm_events,
    counts,
    ...fileStats(db),
    notable,
  };
}
