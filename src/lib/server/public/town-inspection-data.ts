/**
 * The municipality's own inspections across every published project, as open data: the same records as
 * under each project in /api/projects/{id} (public/town-inspections.ts decides what of them is public:
 * never the officer's working notes, which may name a complainant, nor a violation only a non-public
 * enforcement action cites), each with the project it was made at.
 */
import { asc, eq } from 'drizzle-orm';
import { projects } from '#db/schema.ts';
import { memoUntilPublicChangeAsync } from '#lib/server/platform/db.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import type { EncodedBody } from '#lib/server/platform/http/encoded-body.ts';
import { PROJECT_REFERENCE_FIELDS, type FieldDef } from './fields.ts';
import { encodeDataset } from './open-data.ts';
import {
  TOWN_INSPECTION_FIELDS,
  publicTownInspections,
  townInspectionRecord,
  type PublicTownInspection,
} from './town-inspections.ts';

const [idField, ...inspectionFields] = TOWN_INSPECTION_FIELDS;

export const TOWN_INSPECTION_DATASET_FIELDS: FieldDef[] = [
  idField,
  ...PROJECT_REFERENCE_FIELDS,
  ...inspectionFields.filter((f) => f.name !== 'violations'),
  { name: 'violation_count', type: 'integer', unit: 'count', description: 'Violations found at the inspection.' },
  {
    name: 'violations',
    type: 'array',
    description:
      'Violations found at the inspection: id, observed_on, description, ordinance_section, corrected_on. In CSV one cell, each violation as "description [ordinance section] (corrected YYYY-MM-DD)", separated by " | ".',
  },
];

export type TownInspectionDatasetRecord = Awaited<ReturnType<typeof readTownInspectionRecords>>[number];

export function listTownInspectionRecords(db: Db, baseUrl: string) {
  return memoUntilPublicChangeAsync(db, `open-data.town-inspections:${baseUrl}`, () =>
    readSnapshotAsync(db, () => readTownInspectionRecords(db, baseUrl)),
  );
}

async function readTownInspectionRecords(db: Db, baseUrl: string) {
  const published = await db
    .select({ id: projects.id, slug: projects.slug, name: projects.name })
    .from(projects)
    .where(eq(projects.published, true))
    .orderBy(asc(projects.id));
  const inspected: Array<[(typeof published)[number], PublicTownInspection[]]> = [];
  for (const p of published) inspected.push([p, await publicTownInspections(db, p.id)]);
  const records = inspected.flatMap(([p, list]) =>
    list.map((t) => {
      const { id, violations, ...rest } = townInspectionRecord(t);
      return {
        id,
        project_id: p.id,
        project_slug: p.slug,
        project_name: p.name,
        project_url: `${baseUrl}/projects/${p.slug}`,
        ...rest,
        violation_count: violations.length,
        violations,
      };
    }),
  );
  // Newest first across the municipality, as on each project page.
  return records.sort((a, b) => b.inspected_on.localeCompare(a.inspected_on) || b.id - a.id);
}

const violationWords = (v: TownInspectionDatasetRecord['violations'][number]) =>
  [
    v.description,
    v.ordinance_section ? `[${v.ordinance_section}]` : '',
    v.corrected_on ? `(corrected ${v.corrected_on})` : '',
  ]
    .filter(Boolean)
    .join(' ');

export function encodeTownInspections(db: Db, format: 'json' | 'csv', baseUrl: string): Promise<EncodedBody> {
  return memoUntilPublicChangeAsync(db, `open-data.town-inspections.body:${format}:${baseUrl}`, async () =>
    encodeDataset(await listTownInspectionRecords(db, baseUrl), {
      key: 'town_inspections',
      fields: TOWN_INSPECTION_DATASET_FIELDS,
      format,
      baseUrl,
      cell: (r, h) =>
        h === 'violations' ? r.violations.map(violationWords).join(' | ') : (r as Record<string, unknown>)[h],
    }),
  );
}
