/**
 * The facts addressee.rules.ts reads for one project: whether the Town holds a SWPPP (and publishes one),
 * and the newest inspection report filed with it.
 */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { documents } from '#db/schema.ts';
import { preparedOnce } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { defaultAddressee, type AddresseeFacts, type AskedRecords } from './addressee.rules.ts';
import { requestableProject } from './submit.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';

async function addresseeFacts(db: Db, projectId: number): Promise<AddresseeFacts> {
  const q = preparedOnce(db, 'operator-requests.addresseeFacts', () => {
    const id = sql.placeholder('projectId');
    return {
      swppp: db
        .select({ public: documents.public })
        .from(documents)
        .where(and(eq(documents.projectId, id), inArray(documents.type, ['swppp', 'swppp_amendment'])))
        .prepare(),
      latest: db
        .select({ on: documents.documentDate })
        .from(documents)
        .where(
          and(eq(documents.projectId, id), eq(documents.type, 'inspection_report'), isNotNull(documents.documentDate)),
        )
        .orderBy(desc(documents.documentDate))
        .limit(1)
        .prepare(),
    };
  });
  const swppp = await q.swppp.all({ projectId });
  const latest = await q.latest.get({ projectId });
  return {
    swpppOnFile: swppp.length > 0,
    swpppOnline: swppp.some((d) => d.public),
    latestReportOn: latest?.on ?? null,
  };
}

/**
 * The choice step for one published project: its operator's business name, whether the portal can deliver
 * to them, and the default addressee with its reason (for what was asked, or for the project as a whole).
 */
export async function projectAddressee(db: Db, slug: string, asked?: AskedRecords | null) {
  const project = slug ? await requestableProject(db, slug) : undefined;
  if (!project) return undefined;
  const facts = await addresseeFacts(db, project.id);
  return { project, choice: defaultAddressee(asked, facts, (await townAsync(db)).kindWord) };
}
