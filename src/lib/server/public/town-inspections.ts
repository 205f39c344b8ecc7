/**
 * The town's own inspections of a published project, as residents may see them (EPA's ECHO lists a
 * facility's inspections beside its enforcement): the day, the milestone inspected (the ordinance's
 * 48-hour-notice milestones) or none, the result, and the violations found there with their ordinance
 * section and the day they were corrected.
 *
 * Only what is public leaves here: never the inspector's account or the officer's working notes (they
 * may name a complainant), and no violation that only a non-public enforcement action cites. The caller
 * has already checked the project is published.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  documents,
  enforcementActions,
  enforcementViolations,
  townInspectionDocuments,
  townInspections,
  violations,
} from '#db/schema.ts';
import type { Milestone, TownInspectionOutcome } from '#db/enums.ts';
import { MILESTONE_LABEL, TOWN_INSPECTION_NO_MILESTONE, TOWN_INSPECTION_OUTCOME_LABEL } from '#lib/shared/labels.ts';
import { preparedOnce } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { LOCAL_DATE_UNIT, type FieldDef } from './fields.ts';

export interface PublicViolation {
  id: number;
  observedOn: string;
  description: string;
  section: string | null;
  correctedOn: string | null;
}

export interface PublicTownInspection {
  id: number;
  inspectedOn: string;
  milestone: Milestone | null;
  /** The milestone in words, or that it was not a noticed milestone. */
  what: string;
  outcome: TownInspectionOutcome;
  outcomeWords: string;
  violations: PublicViolation[];
  /** The photos the officer made public, each a project document (their files carry no EXIF). */
  photos: Array<{ id: number; title: string }>;
}

/** A project's town inspections, newest first, with the violations found at each. */
export async function publicTownInspections(db: Db, projectId: number): Promise<PublicTownInspection[]> {
  // Built once per connection: every project page asks (decision 0046).
  const q = preparedOnce(db, 'townInspections.public', () => {
    const id = sql.placeholder('projectId');
    return {
      inspections: db
        .select({
          id: townInspections.id,
          inspectedOn: townInspections.inspectedOn,
          milestone: townInspections.milestone,
          outcome: townInspections.outcome,
        })
        .from(townInspections)
        .where(eq(townInspections.projectId, id))
        .orderBy(desc(townInspections.inspectedOn), desc(townInspections.id))
        .prepare(),
      violations: db
        .select({
          id: violations.id,
          inspectionId: violations.townInspectionId,
          observedOn: violations.observedOn,
          description: violations.description,
          section: violations.ordinanceSection,
          correctedOn: violations.correctedOn,
        })
        .from(violations)
        .where(and(eq(violations.projectId, id), isNotNull(violations.townInspectionId)))
        .orderBy(violations.id)
        .prepare(),
      // The enforcement actions citing the project's violations (whether each is public).
      citedBy: db
        .select({ violationId: enforcementViolations.violationId, public: enforcementActions.public })
        .from(enforcementViolations)
        .innerJoin(enforcementActions, eq(enforcementActions.id, enforcementViolations.enforcementActionId))
        .innerJoin(violations, eq(violations.id, enforcementViolations.violationId))
        .where(eq(violations.projectId, id))
        .prepare(),
      photos: db
        .select({
          inspectionId: townInspectionDocuments.townInspectionId,
          id: documents.id,
          title: documents.title,
        })
        .from(townInspectionDocuments)
        .innerJoin(documents, eq(documents.id, townInspectionDocuments.documentId))
        .where(and(eq(documents.projectId, id), eq(documents.public, true)))
        .orderBy(documents.id)
        .prepare(),
    };
  });
  const rows = await q.inspections.all({ projectId });
  if (!rows.length) return [];
  const found = await q.violations.all({ projectId });
  const citedBy = found.length ? await q.citedBy.all({ projectId }) : [];
  const photos = new Map<number, Array<{ id: number; title: string }>>();
  for (const { inspectionId, ...ph } of await q.photos.all({ projectId }))
    photos.set(inspectionId, [...(photos.get(inspectionId) ?? []), ph]);
  // Public unless every action citing it is kept private.
  const hidden = new Set(
    found
      .filter((v) => {
        const cites = citedBy.filter((c) => c.violationId === v.id);
        return cites.length > 0 && cites.every((c) => !c.public);
      })
      .map((v) => v.id),
  );
  const byInspection = new Map<number, PublicViolation[]>();
  for (const { inspectionId, ...v } of found) {
    if (hidden.has(v.id) || inspectionId == null) continue;
    const list = byInspection.get(inspectionId) ?? [];
    list.push(v);
    byInspection.set(inspectionId, list);
  }
  return rows.map((r) => {
    const milestone = (r.milestone as Milestone | null) ?? null;
    const outcome = r.outcome as TownInspectionOutcome;
    return {
      id: r.id,
      inspectedOn: r.inspectedOn,
      milestone,
      what: milestone ? (MILESTONE_LABEL[milestone] ?? milestone) : TOWN_INSPECTION_NO_MILESTONE,
      outcome,
      outcomeWords: TOWN_INSPECTION_OUTCOME_LABEL[outcome] ?? outcome,
      violations: byInspection.get(r.id) ?? [],
      photos: photos.get(r.id) ?? [],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// As open data (/api/projects/{id}, under town_inspections)

export const VIOLATION_FIELDS: FieldDef[] = [
  { name: 'id', type: 'integer', description: 'Stable identifier of the violation.' },
  { name: 'observed_on', type: 'date', unit: LOCAL_DATE_UNIT, description: 'Day the municipality observed it.' },
  { name: 'description', type: 'text', description: 'What was found, in plain words.' },
  { name: 'ordinance_section', type: 'text', nullable: true, description: 'Section of the local law it breaks.' },
  {
    name: 'corrected_on',
    type: 'date',
    unit: LOCAL_DATE_UNIT,
    nullable: true,
    description: 'Day it was corrected; empty while it is not.',
  },
];

export const TOWN_INSPECTION_FIELDS: FieldDef[] = [
  { name: 'id', type: 'integer', description: 'Stable identifier of the municipal inspection.' },
  {
    name: 'inspected_on',
    type: 'date',
    unit: LOCAL_DATE_UNIT,
    description: 'Day the municipality inspected the site.',
  },
  {
    name: 'milestone',
    type: 'text',
    nullable: true,
    description:
      'The milestone the operator gave 48 hours’ notice of (start_of_construction, clearing_complete, rough_grading_complete…); empty for other inspections (a complaint, a follow-up).',
  },
  { name: 'type_label', type: 'text', description: 'The milestone, or the kind of inspection, in plain words.' },
  {
    name: 'result',
    type: 'text',
    description:
      'approved (the work complies), deficient (violations found) or follow_up (the municipality will return).',
  },
  { name: 'result_label', type: 'text', description: 'The result in plain words.' },
  {
    name: 'violations',
    type: 'array',
    description: 'Violations found at the inspection: id, observed_on, description, ordinance_section, corrected_on.',
  },
];

export function townInspectionRecord(t: PublicTownInspection) {
  return {
    id: t.id,
    inspected_on: t.inspectedOn,
    milestone: t.milestone,
    type_label: t.what,
    result: t.outcome,
    result_label: t.outcomeWords,
    violations: t.violations.map((v) => ({
      id: v.id,
      observed_on: v.observedOn,
      description: v.description,
      ordinance_section: v.section,
      corrected_on: v.correctedOn,
    })),
  };
}
