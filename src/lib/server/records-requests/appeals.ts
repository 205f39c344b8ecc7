/**
 * Appeals of records requests (POL §89(4)(a)): the appeals officer named in settings (the admin names
 * them), what the requester may appeal and until when, the requester's appeal from the tracking page,
 * the officer's queue with the 10-business-day answer clock, and the officer's written answer. Each change
 * is audited, shown on the request's timeline and mailed through the outbox. The appeal and the
 * determination are copied to the Committee on Open Government (the address in the town profile), as
 * §89(4)(a) requires, in the same transaction. The rules are in appeals.rules.ts.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { projects, recordsRequests, requestAppeals, requestItems, settings, userRoles, users } from '#db/schema.ts';
import { APPEAL_KIND_LABEL, APPEAL_OUTCOME_LABEL } from '#lib/shared/labels.ts';
import { formatDay } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { closeOfBusinessAsync, loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import { deadlineFlag, deadlineWindow, type DeadlineFlag } from '#lib/server/platform/time/deadlines.rules.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import {
  accessDueOn,
  appealable,
  appealAnsweredLate,
  appealDueDate,
  appealRightsText,
  checkAppeal,
  type Appealable,
  type AppealOutcome,
} from './appeals.rules.ts';
import { trackingLink } from './links.ts';
import { appealRights, isOpen, missedDeadlineOn } from './request.rules.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { addEventAsync, auditView, getRequestAsync, updateRequestAsync, type RequestRow } from './store.ts';
import { fail, type Failure } from '#lib/server/platform/result.ts';

export const APPEALS_OFFICER_KEY = 'records_appeals_officer_user_id';

type Reader = Pick<Db, 'select'>;

export type AppealRow = typeof requestAppeals.$inferSelect;

/** The appeals officer named in settings (an active user), or undefined. */
export async function appealsOfficer(db: Reader): Promise<{ id: number; name: string; email: string } | undefined> {
  const [setting] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, APPEALS_OFFICER_KEY))
    .limit(1);
  const v = setting?.value;
  if (!v || !/^\d+$/.test(v)) return undefined;
  const [officer] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, Number(v)), eq(users.disabled, false)))
    .limit(1);
  return officer;
}

/** How the requester is told who hears appeals. */
export async function officerText(db: Reader): Promise<string> {
  const o = await appealsOfficer(db);
  const t = await townAsync(db);
  const named = t.profile.appealsOfficer;
  const address = t.profile.clerkOffice.address ? `, ${t.profile.clerkOffice.address}` : '';
  if (o) return `${o.name}, the ${t.fullName} Records Access Appeals Officer${address}`;
  return `${named.name ? `${named.name}, ` : 'the '}${named.name ? 'the ' : ''}${t.fullName} Records Access Appeals Officer${named.title ? ` (${named.title})` : ''}${address}`;
}

/**
 * Who receives an appeal: the staff account the admin named; else the appeals officer the town profile names
 * (the Town Supervisor in the demo), by the email there, the same person the requester is told about
 * (officerText); only when neither exists, every admin, so that someone answers.
 */
export async function appealRecipients(
  db: Reader,
): Promise<Array<{ name: string; email: string; withoutAccount: boolean }>> {
  const o = await appealsOfficer(db);
  if (o) return [{ name: o.name.split(' ')[0], email: o.email, withoutAccount: false }];
  const named = (await townAsync(db)).profile.appealsOfficer;
  if (named.email)
    return [
      {
        name: named.name
          ? named.name.split(' ')[0]
          : named.title.replace(/^the /i, '') || 'Records Access Appeals Officer',
        email: named.email,
        withoutAccount: true,
      },
    ];
  const admins = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.role, 'admin'), eq(users.disabled, false)));
  return admins.map((u) => ({ name: u.name.split(' ')[0], email: u.email, withoutAccount: false }));
}

/** The timeline's words for a copy sent to the Committee on Open Government (POL §89(4)(a)). */
export function openGovernmentCopyText(what: 'appeal' | 'determination', to: string): string {
  return `A copy of the ${what} was mailed to the Committee on Open Government (${to}), as Public Officers Law §89(4)(a) requires.`;
}

/** Staff who may name the officer: admins. Staff who can be named: any active staff user. */
export function officerChoices(db: Pick<Db, 'selectDistinct'>) {
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(users.disabled, false), inArray(userRoles.role, ['admin', 'clerk', 'officer'])))
    .orderBy(asc(users.name));
}

/** Name the appeals officer; the choices and the officer named before are read where the new one is saved. */
export function setAppealsOfficer(
  db: Db,
  actor: Actor,
  userId: number,
  now = new Date(),
): Promise<{ ok: true } | Failure> {
  return db.transaction(async (tx): Promise<{ ok: true } | Failure> => {
    const choices = await officerChoices(tx);
    const before = await appealsOfficer(tx);
    if (!choices.some((u) => u.id === userId)) return fail('Choose a staff member from the list.', 'userId');
    await tx
      .insert(settings)
      .values({ key: APPEALS_OFFICER_KEY, value: String(userId), updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: String(userId), updatedAt: now } });
    await auditAsync(tx, actor, {
      action: 'records_request.set_appeals_officer',
      entityType: 'setting',
      entityId: APPEALS_OFFICER_KEY,
      before: before ? { userId: before.id, name: before.name } : null,
      after: { userId },
    });
    return { ok: true };
  });
}

/** Whether this user answers appeals: the named officer, or an admin (who can stand in). */
export async function mayAnswerAppeals(db: Reader, user: { id: number; roles: readonly string[] }): Promise<boolean> {
  return user.roles.includes('admin') || (await appealsOfficer(db))?.id === user.id;
}

/** The latest day an item was withheld in writing. */
async function itemsWithheldOn(db: Reader, requestId: number): Promise<string | null> {
  const days = (
    await db
      .select({ decidedOn: requestItems.decidedOn })
      .from(requestItems)
      .where(and(eq(requestItems.requestId, requestId), inArray(requestItems.decision, ['denied', 'granted_in_part'])))
  )
    .map((d) => d.decidedOn)
    .filter((d): d is string => d != null)
    .sort();
  return days.pop() ?? null;
}

/** What the requester may appeal on this request at `now`, and until when. */
export async function appealFor(db: Reader, r: RequestRow, now: Date): Promise<Appealable | null> {
  const calendar = await loadCalendarAsync(db);
  const { overdueBefore } = deadlineWindow(now, calendar, await closeOfBusinessAsync(db));
  return appealable(
    {
      deniedOn: r.status === 'denied' ? r.deniedOn : null,
      itemsWithheldOn: await itemsWithheldOn(db, r.id),
      missedDeadlineOn: missedDeadlineOn(r, overdueBefore),
    },
    calendar,
  );
}

/** The appeal-rights sentence for mail and pages, with the last day and the officer's name. */
export async function appealRightsFor(db: Reader, r: RequestRow, now: Date): Promise<string> {
  const a = await appealFor(db, r, now);
  return a ? appealRightsText(a, await officerText(db)) : appealRights(await townAsync(db));
}

export function appealsOf(db: Reader, requestId: number): Promise<AppealRow[]> {
  return db
    .select()
    .from(requestAppeals)
    .where(eq(requestAppeals.requestId, requestId))
    .orderBy(asc(requestAppeals.id));
}

/**
 * The requester appeals from the tracking page (or the clerk records a written appeal that came by mail).
 * What may be appealed, and whether an appeal is already waiting, are read in the transaction that files it,
 * so a double click files one appeal.
 */
export function fileAppeal(
  db: Db,
  actor: Actor,
  requestId: number,
  input: { body: string },
  baseUrl: string,
  now = new Date(),
): Promise<{ ok: true; appealId: number; dueOn: string } | Failure> {
  const body = input.body.trim();
  return db.transaction(async (tx): Promise<{ ok: true; appealId: number; dueOn: string } | Failure> => {
    const r = await getRequestAsync(tx, requestId);
    if (!r) return fail('No such request.');
    const read = {
      appealable: await appealFor(tx, r, now),
      existing: (await appealsOf(tx, r.id)).pop(),
      due: appealDueDate(now, await loadCalendarAsync(tx), await closeOfBusinessAsync(tx)),
      officer: await appealsOfficer(tx),
      officerWords: await officerText(tx),
      recipients: await appealRecipients(tx),
      coog: (await townAsync(tx)).profile.openGovernmentEmail,
    };
    const { appealable: a, existing, officer, officerWords, recipients, coog } = read;
    const problems = checkAppeal(
      input,
      a,
      townToday(now),
      existing ? (existing.outcome === 'pending' ? 'pending' : 'decided') : null,
    );
    const [field, message] = Object.entries(problems)[0] ?? [];
    if (message) return fail(message, field === 'form' ? undefined : field);
    const { countsFromOn, dueOn } = read.due;
    const [row] = await tx
      .insert(requestAppeals)
      .values({
        requestId: r.id,
        kind: a!.kind,
        receivedAt: now,
        countsFromOn,
        dueOn,
        body,
        officerUserId: officer?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await updateRequestAsync(tx, r, {}, now);
    await addEventAsync(tx, r.id, {
      kind: 'status',
      visible: true,
      actorUserId: 'userId' in actor ? actor.userId : null,
      at: now,
      body: `${APPEAL_KIND_LABEL[a!.kind]} received by ${officerWords}, who must answer in writing by ${formatDay(dueOn)} (10 business days, Public Officers Law §89(4)(a)). The appeal: ${body}`,
    });
    await addEventAsync(tx, r.id, {
      kind: 'status',
      visible: true,
      at: now,
      body: openGovernmentCopyText('appeal', coog),
    });
    await auditAsync(tx, actor, {
      action: 'records_request.appeal',
      entityType: 'records_request',
      entityId: r.id,
      after: {
        appealId: row!.id,
        kind: row!.kind,
        dueOn,
        officerUserId: row!.officerUserId,
        sentTo: recipients.map((o) => o.email),
        openGovernmentCopyTo: coog,
      },
    });
    if (r.requesterEmail)
      await enqueueMailAsync(tx, {
        kind: 'request-appeal-received',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: await trackingLink(tx, r, baseUrl),
          dueText: formatDay(dueOn),
          officer: officerWords,
        },
      });
    for (const o of recipients) {
      await enqueueMailAsync(tx, {
        kind: 'request-appeal-to-officer',
        to: o.email,
        data: {
          number: r.number,
          name: o.name,
          dueText: formatDay(dueOn),
          kindText: APPEAL_KIND_LABEL[a!.kind],
          body,
          url: `${baseUrl}/staff/requests/appeals`,
          withoutAccount: o.withoutAccount,
        },
      });
    }
    await enqueueMailAsync(tx, {
      kind: 'request-appeal-to-open-government',
      to: coog,
      data: {
        number: r.number,
        requester: r.requesterName,
        kindText: APPEAL_KIND_LABEL[a!.kind],
        receivedText: formatDay(townToday(now)),
        body,
        officer: officerWords,
        dueText: formatDay(dueOn),
      },
    });
    return { ok: true, appealId: row!.id, dueOn };
  });
}

export interface AppealDecisionInput {
  outcome: Exclude<AppealOutcome, 'pending'>;
  decisionText: string;
  /** Granted in part: the withheld items the grant reopens (granted in whole reopens every withheld item). */
  itemIds?: number[];
}

/** The items withheld in writing on a request (denied or granted in part), which a granted appeal can reopen. */
export function withheldItems(
  db: Reader,
  requestId: number,
): Promise<Array<{ id: number; description: string | null; decision: string | null }>> {
  return db
    .select({ id: requestItems.id, description: requestItems.description, decision: requestItems.decision })
    .from(requestItems)
    .where(and(eq(requestItems.requestId, requestId), inArray(requestItems.decision, ['denied', 'granted_in_part'])))
    .orderBy(asc(requestItems.id));
}

/**
 * The appeals officer's written answer. A grant (in whole or part) must be carried out (decision 0065): the
 * items it covers lose their withholding decision, the request is open again for the clerk (a denied or
 * fulfilled one too), with the day access is owed (`accessDueOn`), which the requester sees and the clerk's
 * queue lists first until the request is answered again.
 */
export function decideAppeal(
  db: Db,
  actor: Actor,
  appealId: number,
  input: AppealDecisionInput,
  baseUrl: string,
  now = new Date(),
): Promise<{ ok: true } | Failure> {
  const text = input.decisionText.trim();
  const today = townToday(now);
  const granted = input.outcome !== 'denied';
  const chosen = new Set(input.itemIds ?? []);
  return db.transaction(async (tx): Promise<{ ok: true } | Failure> => {
    const [appeal] = await tx.select().from(requestAppeals).where(eq(requestAppeals.id, appealId));
    if (!appeal) return fail('No such appeal.');
    if (appeal.outcome !== 'pending') return fail('This appeal is already answered.');
    if (!text) return fail('Write the decision and the reasons: the requester receives it.', 'decisionText');
    const r = (await getRequestAsync(tx, appeal.requestId))!;
    const withheld = await withheldItems(tx, r.id);
    const calendar = await loadCalendarAsync(tx);
    const words = await townAsync(tx);
    if (
      granted &&
      input.outcome === 'granted_in_part' &&
      withheld.length &&
      ![...chosen].some((id) => withheld.some((w) => w.id === id))
    ) {
      return fail('Tick the withheld records the appeal is granted for: they are reopened for the clerk.', 'itemIds');
    }
    const reopenItems = granted ? withheld.filter((w) => input.outcome === 'granted' || chosen.has(w.id)) : [];
    // Something is left to carry out: records withheld, a whole denial, or a request still waiting for its answer.
    const carryOut = granted && (reopenItems.length > 0 || r.status === 'denied' || isOpen(r.status));
    const owedBy = carryOut ? accessDueOn(appeal.dueOn, today, calendar) : null;
    const [after] = await tx
      .update(requestAppeals)
      .set({
        outcome: input.outcome,
        decidedOn: today,
        decisionText: text,
        decidedByUserId: 'userId' in actor ? actor.userId : null,
        updatedAt: now,
      })
      .where(eq(requestAppeals.id, appeal.id))
      .returning();
    let reopened: RequestRow | undefined;
    if (reopenItems.length)
      await tx
        .update(requestItems)
        .set({
          decision: null,
          denialGroundId: null,
          decisionReason: null,
          decidedOn: null,
          decidedByUserId: null,
          withheldDocumentIds: null,
        })
        .where(
          inArray(
            requestItems.id,
            reopenItems.map((w) => w.id),
          ),
        );
    if (owedBy) {
      const status = isOpen(r.status) ? r.status : r.acknowledgedOn ? 'acknowledged' : 'received';
      reopened = await updateRequestAsync(tx, r, { status, accessDueOn: owedBy }, now);
    } else await updateRequestAsync(tx, r, {}, now);
    const late = appealAnsweredLate(after!, today)
      ? ` The answer came after the 10 business days (due ${formatDay(appeal.dueOn)}).`
      : '';
    const items = reopenItems.length
      ? ` Reopened: ${reopenItems.map((w) => w.description ?? `item ${w.id}`).join('; ')}.`
      : '';
    const owed = owedBy ? ` The ${words.kindWord} must now provide the records by ${formatDay(owedBy)}.` : '';
    await addEventAsync(tx, r.id, {
      kind: 'status',
      visible: true,
      actorUserId: 'userId' in actor ? actor.userId : null,
      at: now,
      body: `${APPEAL_OUTCOME_LABEL[input.outcome]} on ${formatDay(today)}. ${text}${late}${items}${owed}`,
    });
    const coog = words.profile.openGovernmentEmail;
    await addEventAsync(tx, r.id, {
      kind: 'status',
      visible: true,
      at: now,
      body: openGovernmentCopyText('determination', coog),
    });
    await enqueueMailAsync(tx, {
      kind: 'request-appeal-determination-to-open-government',
      to: coog,
      data: {
        number: r.number,
        requester: r.requesterName,
        outcomeText: APPEAL_OUTCOME_LABEL[input.outcome],
        decidedText: formatDay(today),
        decisionText: text,
        receivedText: formatDay(townToday(appeal.receivedAt)),
      },
    });
    await auditAsync(tx, actor, {
      action: 'records_request.decide_appeal',
      entityType: 'records_request',
      entityId: r.id,
      before: { appeal },
      after: {
        appeal: after,
        request: reopened ? auditView(reopened) : undefined,
        reopenedItemIds: reopenItems.map((w) => w.id),
        accessDueOn: owedBy,
        openGovernmentCopyTo: coog,
      },
    });
    if (r.requesterEmail)
      await enqueueMailAsync(tx, {
        kind: 'request-appeal-decided',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: await trackingLink(tx, r, baseUrl),
          outcomeText: APPEAL_OUTCOME_LABEL[input.outcome],
          decidedText: formatDay(today),
          decisionText: text,
          accessDueText: owedBy ? formatDay(owedBy) : null,
        },
      });
    return { ok: true };
  });
}

export interface AppealQueueRow {
  appeal: AppealRow;
  number: string;
  requestId: number;
  project: string | null;
  flag: DeadlineFlag | undefined;
  late: boolean;
  /** Waiting appeals: the records withheld in writing, which a grant in part names (decision 0065). */
  withheld: Array<{ id: number; description: string | null; decision: string | null }>;
}

/** The appeals officer's queue: waiting appeals by their due date, then the answered ones, newest first. */
export async function appealQueue(
  db: Db,
  now = new Date(),
): Promise<{ pending: AppealQueueRow[]; answered: AppealQueueRow[] }> {
  return readSnapshotAsync(db, async () => {
    const window = deadlineWindow(now, await loadCalendarAsync(db), await closeOfBusinessAsync(db));
    const found = await db
      .select({
        appeal: requestAppeals,
        number: recordsRequests.number,
        requestId: recordsRequests.id,
        project: projects.name,
      })
      .from(requestAppeals)
      .innerJoin(recordsRequests, eq(recordsRequests.id, requestAppeals.requestId))
      .leftJoin(projects, eq(projects.id, recordsRequests.projectId))
      .orderBy(asc(requestAppeals.dueOn), desc(requestAppeals.id));
    const rows: AppealQueueRow[] = [];
    for (const x of found)
      rows.push({
        ...x,
        flag: x.appeal.outcome === 'pending' ? deadlineFlag(x.appeal.dueOn, window) : undefined,
        late: appealAnsweredLate(x.appeal, window.overdueBefore),
        withheld: x.appeal.outcome === 'pending' ? await withheldItems(db, x.requestId) : [],
      });
    return {
      pending: rows.filter((x) => x.appeal.outcome === 'pending'),
      answered: rows.filter((x) => x.appeal.outcome !== 'pending').reverse(),
    };
  });
}
