/**
 * Escalating an enforcement action (a stop-work order issued over a notice of violation) checks the earlier
 * action again in the transaction that marks it escalated (decision 0080, step 2e): two officers escalating one
 * notice at once issue one order over it, and the second is told beside the field why not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escalate-once-'));
process.env.DATA_DIR = dataDir;

import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedReferenceData } from '#db/seed/reference.ts';
import { seedTownProfile } from '#db/seed/town-profiles.ts';
import { enforcementActions, projects, users } from '#db/schema.ts';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { issueAction, type IssueInput } from '#lib/server/enforcement/actions.ts';

const TODAY = '2026-12-07';
const URL = 'https://portal.example';
let db: DB;
let projectId: number;
let officer: { userId: number; name: string; title: string | null };

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

beforeEach(async () => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  await seedReferenceData(db, { now: new Date('2026-12-07T15:00:00Z') });
  seedTownProfile(db, new Date('2026-12-07T15:00:00Z'));
  const [project] = db
    .insert(projects)
    .values({ slug: 'site', name: 'Site', siteAddress: '1 Main St', kind: 'major', status: 'active', published: true })
    .returning({ id: projects.id })
    .all();
  projectId = project!.id;
  const [user] = db
    .insert(users)
    .values({ email: 'officer@example.org', name: 'Sam Officer' })
    .returning({ id: users.id })
    .all();
  officer = { userId: user!.id, name: 'Sam Officer', title: 'Stormwater Management Officer' };
});

const notice = (over: Partial<IssueInput> = {}): IssueInput => ({
  type: 'notice_of_violation',
  issuedOn: TODAY,
  citedSection: 'Subsection J(11)',
  summary: 'Stockpile not stabilized.',
  requiredMeasures: 'Cover the stockpile.',
  complyBy: '2026-12-14',
  public: true,
  violationIds: [],
  newViolation: { description: 'Unstabilized stockpile by the road', section: 'Subsection J(11)', observedOn: TODAY },
  escalatesId: null,
  court: null,
  ...over,
});

describe('escalating one notice twice at once', () => {
  it('issues one order over it; the second officer is told it is no longer in effect', async () => {
    const first = await issueAction(asyncOf(db), officer, projectId, notice(), TODAY, URL);
    if (!first.ok) throw new Error(JSON.stringify(first));
    const order = notice({
      type: 'stop_work_order',
      complyBy: null,
      newViolation: null,
      escalatesId: first.actionId,
      summary: 'Work stops until the stockpile is covered.',
    });
    const answers = await Promise.all([
      issueAction(asyncOf(db), officer, projectId, order, TODAY, URL),
      issueAction(asyncOf(db), officer, projectId, order, TODAY, URL),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({
      fields: { escalatesId: 'Only an action still in effect can be escalated.' },
    });
    const orders = db.select().from(enforcementActions).where(eq(enforcementActions.type, 'stop_work_order')).all();
    expect(orders).toHaveLength(1);
    expect(db.select().from(enforcementActions).where(eq(enforcementActions.id, first.actionId)).get()).toMatchObject({
      status: 'escalated',
      escalatedToId: orders[0]!.id,
    });
  });
});
