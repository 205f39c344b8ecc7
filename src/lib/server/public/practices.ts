/**
 * What residents see of the permanent stormwater practices: what each is, who maintains it, when the Town
 * last inspected it and what it found, and the maintenance still open with its due date; near a place, on
 * the map, and as open data. Never: who filed a complaint, the owner's account, the reports' files, or any
 * escrow (decision 0037); the agreement or easement only when its file is public (decision 0043). Only practices whose project (if any) is published.
 */
import type { ProjectStatus } from '#db/enums.ts';
import { projects, stormwaterPractices, type SmpCondition } from '#db/schema.ts';
import { eq } from 'drizzle-orm';
import { nearest, type Point } from '#lib/shared/geo.ts';
import {
  SMP_CONDITION_LABEL,
  SMP_INSPECTION_REASON_LABEL,
  smpOwnerKindLabel,
  SMP_TYPE_LABEL,
  SMP_TYPE_MEANING,
} from '#lib/shared/labels.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { toCsv } from '#lib/server/platform/http/csv.ts';
import { encodedBody, type EncodedBody } from '#lib/server/platform/http/encoded-body.ts';
import { publicAgreement } from '#lib/server/stormwater-practices/agreements.ts';
import {
  practiceRecord,
  practiceSummaries,
  type PracticeRecord,
  type PracticeSummary,
} from '#lib/server/stormwater-practices/view.ts';
import { INSTANT_UNIT, LOCAL_DATE_UNIT, type FieldDef } from './fields.ts';
import { projectsGeoJson } from './open-data.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';

/** Unpublished projects stay hidden, and so do the practices built under them. */
async function publishedProjectIds(db: Pick<Db, 'select'>): Promise<Set<number>> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.published, true));
  return new Set(rows.map((r) => r.id));
}

/** The practices residents may see, read in one snapshot. */
export function publicPractices(db: Db, today: string): Promise<PracticeSummary[]> {
  return readSnapshotAsync(db, async () => {
    const published = await publishedProjectIds(db);
    return (await practiceSummaries(db, today)).filter((p) => p.projectId == null || published.has(p.projectId));
  });
}

export async function practicesNear(db: Db, today: string, point: Point, radiusMiles: number, approximate = false) {
  return nearest(point, await publicPractices(db, today), radiusMiles, { approximate });
}

/** The practices of a published project (its page lists them after the NOT). */
export function projectPractices(db: Db, projectId: number, today: string): Promise<PracticeSummary[]> {
  return practiceSummaries(db, today, { projectId });
}

/** The map's marker for a practice: its condition drawn with the project markers' shapes and colours. */
export function practiceMarker(p: PracticeSummary): { status: ProjectStatus; label: string } {
  if (p.removedOn) return { status: 'complete', label: 'Removed from operation' };
  const c = p.lastInspection?.condition;
  if (!c) return { status: 'approved', label: 'Not inspected yet' };
  const status: Record<SmpCondition, ProjectStatus> = {
    functioning: 'active',
    needs_maintenance: 'final_stabilization',
    failing: 'stop_work',
  };
  return { status: status[c], label: SMP_CONDITION_LABEL[c] };
}

/** A practice's public page, read in one snapshot; undefined when residents may not see it. */
export function publicPractice(db: Db, id: number, today: string) {
  return readSnapshotAsync(db, async () => {
    const r = await practiceRecord(db, id, today);
    if (!r) return undefined;
    if (r.project && !r.project.published) return undefined;
    return publicPracticeOf(r, (await townAsync(db)).kindWord, await agreementDownload(db, r.practice.id));
  });
}

function publicPracticeOf(
  r: PracticeRecord,
  kindWord: string,
  agreement: Awaited<ReturnType<typeof agreementDownload>>,
) {
  const p = r.practice;
  return {
    id: p.id,
    name: p.name,
    typeLabel: SMP_TYPE_LABEL[p.type],
    typeMeaning: SMP_TYPE_MEANING[p.type],
    description: p.description,
    location: p.location,
    latitude: p.latitude,
    longitude: p.longitude,
    maintainedBy: p.ownerKind === 'public' ? `The ${kindWord} (${p.ownerName})` : p.ownerName,
    ownerKindLabel: smpOwnerKindLabel(kindWord)[p.ownerKind],
    dedicatedToTown: p.dedicatedToTown,
    agreementReference: p.agreementReference,
    agreement,
    inServiceOn: p.inServiceOn,
    removedOn: p.removedOn,
    asBuiltAcceptedOn: p.asBuiltAcceptedOn,
    project: r.project ? { slug: r.project.slug, name: r.project.name } : null,
    summary: r.summary,
    openItems: r.openItems.map((i) => ({
      id: i.id,
      description: i.description,
      dueOn: i.dueOn,
      words: i.words,
      overdue: i.overdue,
    })),
    closedItems: r.closedItems.map((i) => ({
      id: i.id,
      description: i.description,
      closedOn: i.closedOn,
      words: i.words,
    })),
    inspections: r.inspections.map((i) => ({
      id: i.id,
      inspectedOn: i.inspectedOn,
      reasonLabel:
        SMP_INSPECTION_REASON_LABEL[i.reason] + (i.reason === 'joint' && i.jointAgency ? ` (${i.jointAgency})` : ''),
      condition: i.condition,
      conditionLabel: SMP_CONDITION_LABEL[i.condition],
      findings: i.findings,
    })),
    reports: r.reports.map((x) => ({ id: x.id, year: x.year, filedOn: x.filedOn })),
    reportFindings: r.reportFindings,
    hasOwnerReports: p.ownerKind === 'private',
  };
}
export type PublicPractice = ReturnType<typeof publicPracticeOf>;

// ---------------------------------------------------------------------------------------------
// Open data

export const PRACTICE_FIELDS: FieldDef[] = [
  { name: 'id', type: 'integer', description: 'The practice’s number in the municipality’s inventory.' },
  { name: 'name', type: 'text', description: 'Its name.' },
  {
    name: 'type',
    type: 'text',
    description:
      'Family in the NYS Stormwater Management Design Manual: pond, wetland, infiltration, filtering, open_channel, green_infrastructure or proprietary_device.',
  },
  { name: 'location', type: 'text', description: 'Where it is, in words.' },
  { name: 'latitude', type: 'number', unit: 'WGS84 degrees', description: 'Latitude.' },
  { name: 'longitude', type: 'number', unit: 'WGS84 degrees', description: 'Longitude.' },
  { name: 'maintained_by', type: 'text', description: 'public (the municipality) or private.' },
  { name: 'owner', type: 'text', description: 'The owner responsible for maintenance.' },
  { name: 'dedicated_to_town', type: 'boolean', description: 'Whether it is dedicated to the municipality.' },
  { name: 'in_service_on', type: 'date', unit: LOCAL_DATE_UNIT, description: 'The day it went into service.' },
  {
    name: 'removed_on',
    type: 'date',
    unit: LOCAL_DATE_UNIT,
    nullable: true,
    description: 'The day it was removed from operation.',
  },
  {
    name: 'last_inspected_on',
    type: 'date',
    unit: LOCAL_DATE_UNIT,
    nullable: true,
    description: 'The latest municipal inspection.',
  },
  {
    name: 'condition',
    type: 'text',
    nullable: true,
    description: 'What the latest inspection found: functioning, needs_maintenance or failing.',
  },
  {
    name: 'next_inspection_due_on',
    type: 'date',
    unit: LOCAL_DATE_UNIT,
    nullable: true,
    description: 'When the next routine inspection is due (the municipality’s schedule).',
  },
  { name: 'open_maintenance_items', type: 'integer', description: 'Maintenance required and not yet confirmed done.' },
  { name: 'overdue_maintenance_items', type: 'integer', description: 'Of those, past their due date.' },
  { name: 'url', type: 'url', description: 'The practice’s page.' },
  { name: 'updated_at', type: 'instant', unit: INSTANT_UNIT, description: 'When the practice’s record last changed.' },
];

export async function practiceOpenRecords(db: Db, today: string, baseUrl: string) {
  return (await publicPractices(db, today)).map((p) => ({
    id: p.id,
    name: p.name,
    type: p.type,
    location: p.location,
    latitude: p.latitude,
    longitude: p.longitude,
    maintained_by: p.ownerKind,
    owner: p.ownerName,
    dedicated_to_town: p.dedicatedToTown,
    in_service_on: p.inServiceOn,
    removed_on: p.removedOn,
    last_inspected_on: p.lastInspection?.inspectedOn ?? null,
    condition: p.lastInspection?.condition ?? null,
    next_inspection_due_on: p.nextDueOn,
    open_maintenance_items: p.openItems,
    overdue_maintenance_items: p.overdueItems,
    url: `${baseUrl}/practices/${p.id}`,
    updated_at: p.updatedAt.toISOString(),
  }));
}

export async function encodePractices(
  db: Db,
  today: string,
  format: 'json' | 'csv' | 'geojson',
  baseUrl: string,
): Promise<EncodedBody> {
  const records = await practiceOpenRecords(db, today, baseUrl);
  const lastModified = new Date(Math.max(0, ...records.map((r) => Date.parse(r.updated_at))));
  if (format === 'csv') {
    const header = PRACTICE_FIELDS.map((f) => f.name);
    return encodedBody(
      '\uFEFF' +
        toCsv(
          header,
          records.map((r) => header.map((h) => (r as Record<string, unknown>)[h])),
        ),
      'text/csv; charset=utf-8',
      lastModified,
    );
  }
  if (format === 'geojson')
    return encodedBody(
      JSON.stringify(projectsGeoJson(records), null, 1),
      'application/geo+json; charset=utf-8',
      lastModified,
    );
  return encodedBody(
    JSON.stringify({ source: `${baseUrl}/open-data`, count: records.length, practices: records }, null, 1),
    'application/json; charset=utf-8',
    lastModified,
  );
}

/** The public agreement or easement's download facts (decision 0043), or null. */
async function agreementDownload(db: Db, practiceId: number) {
  const a = await publicAgreement(db, practiceId);
  return a
    ? {
        href: `/practices/${practiceId}/agreement`,
        filename: a.filename,
        sizeBytes: a.sizeBytes,
        pageCount: a.pageCount,
        filedAt: a.uploadedAt,
      }
    : null;
}

/** The stored file of a practice's public agreement or easement, when residents may see the practice and the file. */
export function publicAgreementFile(db: Db, practiceId: number) {
  return readSnapshotAsync(db, async () => {
    const a = await publicAgreement(db, practiceId);
    if (!a) return undefined;
    const [p] = await db
      .select({ projectId: stormwaterPractices.projectId })
      .from(stormwaterPractices)
      .where(eq(stormwaterPractices.id, practiceId));
    if (p?.projectId != null && !(await publishedProjectIds(db)).has(p.projectId)) return undefined;
    return a;
  });
}
