/**
 * Residents' reports as open data: what each report's own public page shows (decision 0032) — its
 * number, category, what was seen in the reporter's words, the place in words and its point rounded to
 * about 10 m, the day seen and the day filed, its status, the reason given the public, the published
 * project it is about, how many photos the officer approved. Never the reporter's name, email, phone or
 * network address, never a hidden report, never a project that is not published (public/site-reports.ts
 * filters all three).
 */
import { SITE_REPORT_STATUSES } from '#db/enums.ts';
import { memoUntilPublicChangeAsync } from '#lib/server/platform/db.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import type { EncodedBody } from '#lib/server/platform/http/encoded-body.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { oneOfWords } from '#lib/shared/closed-lists.ts';
import { INSTANT_UNIT, LOCAL_DATE_UNIT, PROJECT_REFERENCE_FIELDS, type FieldDef } from './fields.ts';
import { encodeDataset } from './open-data.ts';
import { everyVisibleReport } from './site-reports.ts';

export const SITE_REPORT_FIELDS: FieldDef[] = [
  { name: 'id', type: 'integer', description: 'Stable identifier of the report. Never changes and is never reused.' },
  { name: 'number', type: 'text', description: 'The report’s number as residents read it, e.g. "Report 12".' },
  { name: 'url', type: 'url', description: 'The report’s public page.' },
  { name: 'category_code', type: 'text', description: 'Code of the kind of problem (the Open311 service code).' },
  { name: 'category', type: 'text', description: 'The kind of problem, in plain words.' },
  {
    name: 'description',
    type: 'text',
    description: 'What the resident saw, in their words, as the public page shows it.',
  },
  {
    name: 'place',
    type: 'text',
    description: 'Where, in words: the address the resident typed, or "a point on the map".',
  },
  {
    name: 'latitude',
    type: 'number',
    unit: 'decimal degrees, WGS84, rounded to 0.0001 (about 10 m)',
    description: 'Latitude of the place, rounded so a pin dropped from a phone does not give a doorstep.',
  },
  {
    name: 'longitude',
    type: 'number',
    unit: 'decimal degrees, WGS84, rounded to 0.0001 (about 10 m)',
    description: 'Longitude of the place, rounded the same way (New York is negative).',
  },
  { name: 'observed_on', type: 'date', unit: LOCAL_DATE_UNIT, description: 'Day the resident saw the problem.' },
  { name: 'filed_on', type: 'date', unit: LOCAL_DATE_UNIT, description: 'Day the report was filed.' },
  { name: 'status', type: 'text', description: oneOfWords(SITE_REPORT_STATUSES) },
  { name: 'status_label', type: 'text', description: 'The status in plain words, as the report’s page shows it.' },
  {
    name: 'public_reason',
    type: 'text',
    nullable: true,
    description: 'Why it was closed or referred, in the words the municipality gave the public.',
  },
  ...PROJECT_REFERENCE_FIELDS.map((f) => ({
    ...f,
    nullable: true,
    description: `${f.description} Empty when the report is not about a published project.`,
  })),
  {
    name: 'photo_count',
    type: 'integer',
    unit: 'count',
    description: 'Photos the officer approved for the public page.',
  },
  { name: 'updated_at', type: 'instant', unit: INSTANT_UNIT, description: 'When the report last changed.' },
];

export type SiteReportDatasetRecord = Awaited<ReturnType<typeof readSiteReportRecords>>[number];

export function listSiteReportRecords(db: Db, baseUrl: string) {
  return memoUntilPublicChangeAsync(db, `open-data.site-reports:${baseUrl}`, () =>
    readSnapshotAsync(db, () => readSiteReportRecords(db, baseUrl)),
  );
}

async function readSiteReportRecords(db: Db, baseUrl: string) {
  return (await everyVisibleReport(db)).map((r) => ({
    id: r.id,
    number: r.number,
    url: `${baseUrl}${r.path}`,
    category_code: r.categoryCode,
    category: r.category,
    description: r.description,
    place: r.place,
    latitude: r.point.latitude,
    longitude: r.point.longitude,
    observed_on: r.observedOn,
    filed_on: townToday(r.createdAt),
    status: r.status,
    status_label: r.statusLabel,
    public_reason: r.publicReason,
    project_id: r.project?.id ?? null,
    project_slug: r.project?.slug ?? null,
    project_name: r.project?.name ?? null,
    project_url: r.project ? `${baseUrl}/projects/${r.project.slug}` : null,
    photo_count: r.photos.length,
    updated_at: r.updatedAt.toISOString(),
  }));
}

export function encodeSiteReports(db: Db, format: 'json' | 'csv', baseUrl: string): Promise<EncodedBody> {
  return memoUntilPublicChangeAsync(db, `open-data.site-reports.body:${format}:${baseUrl}`, async () =>
    encodeDataset(await listSiteReportRecords(db, baseUrl), {
      key: 'reports',
      fields: SITE_REPORT_FIELDS,
      format,
      baseUrl,
    }),
  );
}
