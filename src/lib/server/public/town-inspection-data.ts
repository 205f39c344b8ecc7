/**
 * The municipality's own inspections across every published project, as open data: the same records as
 * under each project in /api/projects/{id} (public/town-inspections.ts decides what of them is public:
 * never the officer's working notes, which may name a complainant, nor a violation only a non-public
 * enforcement action cites), each with the project it was made at.
 */
import { asc, eq } from 'drizzle-orm';
import { projects } from '#db/schema.ts';
import { memoUntilPublicChange, type DB } from '#lib/server/platform/db.ts';
import type { EncodedBody } from '#lib/server/platform/http/encoded-body.ts';
import { PROJECT_REFERENCE_FIELDS, type FieldDef } from './fields.ts';
import { encodeDataset } from './open-data.ts';
import { TOWN_INSPECTION_FIELDS, publicTownInspections, townInspectionRecord } from './town-inspections.ts';

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

export type TownInspectionDatasetRecord = ReturnType<typeof readTownInspectionRecords>[number];

export function listTownInspectionRecords(db: DB, baseUrl: string) {
  return memoUntilPublicChange(db, `open-data.town-inspections:${baseUrl}`, () =>
    readTownInspectionRecords(db, baseUrl),
  );
}

function readTownInspectionRecords(db: DB, baseUrl: string) {
  const published = db
    .select({ id: projects.id, slug: projects.slug, name: projects.name })
    .from(projects)
    .where(eq(projects.published, true))
    .orderBy(asc(projects.id))
    .all();
  const records = published.flatMap((p) =>
    publicTownInspections(db, p.id).map((t) => {
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

export function encodeTownInspections(db: DB, format: 'json' | 'csv', baseUrl: string): EncodedBody {
  return memoUntilPublicChange(db, `open-data.town-inspections.body:${format}:${baseUrl}`, () =>
    encodeDataset(listTownInspectionRecords(db, baseUrl), {
      key: 'town_inspections',
      fields: TOWN_INSPECTION_DATASET_FIELDS,
      format,
      baseUrl,
      cell: (r, h) =>
        h === 'violations' ? r.violations.map(violationWords).join(' | ') : (r as Record<string, unknown>)[h],
    }),
  );
}
