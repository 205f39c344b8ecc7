/**
 * Enforcement actions across the municipality as open data: every public action at a published project,
 * each with the same fields as under the project in /api/projects/{id} (what the project page shows)
 * and the project it was issued at. An action the officer kept off the public record, or one at a project
 * not published, never leaves here.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { enforcementActions, projects } from '#db/schema.ts';
import { memoUntilPublicChangeAsync } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import type { EncodedBody } from '#lib/server/platform/http/encoded-body.ts';
import { PROJECT_REFERENCE_FIELDS, type FieldDef } from './fields.ts';
import { DETAIL_FIELDS, encodeDataset, enforcementActionRecord } from './open-data.ts';

export const ENFORCEMENT_DATASET_FIELDS: FieldDef[] = [
  DETAIL_FIELDS.enforcement_actions[0],
  ...PROJECT_REFERENCE_FIELDS,
  ...DETAIL_FIELDS.enforcement_actions.slice(1),
];

export type EnforcementDatasetRecord = Awaited<ReturnType<typeof readEnforcementRecords>>[number];

export function listEnforcementRecords(db: Db, baseUrl: string) {
  return memoUntilPublicChangeAsync(db, `open-data.enforcement:${baseUrl}`, () => readEnforcementRecords(db, baseUrl));
}

async function readEnforcementRecords(db: Db, baseUrl: string) {
  const rows = await db
    .select({
      a: enforcementActions,
      projectSlug: projects.slug,
      projectName: projects.name,
      noticePublic: sql<number>`exists (select 1 from documents d where d.id = ${enforcementActions.noticeDocumentId} and d.public = 1)`,
    })
    .from(enforcementActions)
    .innerJoin(projects, and(eq(projects.id, enforcementActions.projectId), eq(projects.published, true)))
    .where(eq(enforcementActions.public, true))
    .orderBy(desc(enforcementActions.issuedOn), desc(enforcementActions.id));
  return rows.map(({ a, projectSlug, projectName, noticePublic }) => {
    const { id, ...rest } = enforcementActionRecord(
      a,
      new Set(noticePublic && a.noticeDocumentId != null ? [a.noticeDocumentId] : []),
    );
    return {
      id,
      project_id: a.projectId,
      project_slug: projectSlug,
      project_name: projectName,
      project_url: `${baseUrl}/projects/${projectSlug}`,
      ...rest,
    };
  });
}

export function encodeEnforcementActions(db: Db, format: 'json' | 'csv', baseUrl: string): Promise<EncodedBody> {
  return memoUntilPublicChangeAsync(db, `open-data.enforcement.body:${format}:${baseUrl}`, async () =>
    encodeDataset(await listEnforcementRecords(db, baseUrl), {
      key: 'enforcement_actions',
      fields: ENFORCEMENT_DATASET_FIELDS,
      format,
      baseUrl,
    }),
  );
}
