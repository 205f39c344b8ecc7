/**
 * Town closures as data. A clerk closes a day (a snow day) or reopens a day the Town closed; a statutory
 * holiday (GCL §24) is never reopened, so a closure can only add days (decision 0070). The change is audited, every open request's statutory due date that has not yet
 * passed is recomputed with the new calendar, and each request that moved says so on its timeline and to its
 * requester by mail. A due
 * date that has passed never moves (a missed deadline stays missed, POL §89(4)(a)).
 */
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { closures, recordsRequests } from '#db/schema.ts';
import { isoWeekday } from '#lib/shared/days.ts';
import { formatDay } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { closeOfBusinessAsync, loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import {
  computeDueDate,
  deadlineWindow,
  statutoryHolidays,
  type HolidayRules,
} from '#lib/server/platform/time/deadlines.rules.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { townAsync, townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { trackingLink } from './links.ts';
import { dueDateAfterCalendarChange, OPEN_STATUSES } from './request.rules.ts';
import { addEventAsync, updateRequestAsync } from './store.ts';
import { loadLocalLawAsync } from '#lib/server/platform/local-law.ts';
import { fail, type Result } from '#lib/server/platform/result.ts';

export interface ClosureListRow {
  date: string;
  name: string;
  kind: 'holiday' | 'closure';
  active: boolean;
  /** A statutory holiday (from the GCL §24 rules), whether or not a row exists. */
  statutory: boolean;
}

/** Holidays and closures from `from` to `to`, with clerk changes (a reopened holiday shows as inactive). */
export async function listClosures(db: Pick<Db, 'select'>, from: string, to: string): Promise<ClosureListRow[]> {
  const rows = await db
    .select()
    .from(closures)
    .where(and(gte(closures.date, from), lte(closures.date, to)))
    .orderBy(asc(closures.date));
  const byDate = new Map<string, ClosureListRow>();
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    for (const [date, name] of statutoryHolidays(y)) {
      if (date < from || date > to) continue;
      if (isoWeekday(date) >= 6) continue;
      byDate.set(date, { date, name, kind: 'holiday', active: true, statutory: true });
    }
  }
  for (const r of rows) {
    const statutory = byDate.get(r.date)?.statutory ?? false;
    // A holiday reopened before holidays were fixed in law stays closed: the calendar ignores that row.
    byDate.set(r.date, {
      date: r.date,
      name: r.name,
      kind: r.kind === 'holiday' ? 'holiday' : 'closure',
      active: r.active || statutory,
      statutory,
    });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export interface DueDateChange {
  id: number;
  number: string;
  from: string;
  to: string;
}

export type ClosureResult = Result<{ changed: DueDateChange[] }>;

/**
 * Close (`closed: true`) or reopen a day; open requests' due dates follow. The day's row is read in the
 * transaction that changes it, so two clerks closing the same day at once record one closure and move each
 * due date once.
 */
export function setClosure(
  db: Db,
  actor: Actor,
  input: { date: string; name?: string; closed: boolean },
  now = new Date(),
): Promise<ClosureResult> {
  const statutory = statutoryHolidays(Number(input.date.slice(0, 4))).get(input.date);
  return db.transaction(async (tx): Promise<ClosureResult> => {
    const [existing] = await tx.select().from(closures).where(eq(closures.date, input.date));
    const t = await townAsync(tx);
    if (isoWeekday(input.date) >= 6)
      return fail(`That is a weekend day: the ${t.profile.kind} is closed anyway.`, 'date');
    if (!input.closed && statutory) {
      return fail(
        `${formatDay(input.date)} is a public holiday (${statutory}, General Construction Law §24). The law's periods skip it whether or not ${t.hall} opens, so it cannot be reopened here.`,
        'date',
      );
    }
    const isClosedNow = Boolean(statutory) || (existing?.active ?? false);
    if (input.closed && isClosedNow)
      return fail(
        `The ${t.profile.kind} is already closed on ${formatDay(input.date)}${existing?.name || statutory ? ` (${existing?.name ?? statutory})` : ''}.`,
        'date',
      );
    if (!input.closed && !isClosedNow) return fail(`${formatDay(input.date)} is already a business day.`, 'date');
    const name = input.closed ? input.name?.trim() || `${t.hall} closed` : (existing?.name ?? statutory ?? 'Closure');
    if (existing) {
      await tx
        .update(closures)
        .set({ active: input.closed, name, updatedAt: now })
        .where(eq(closures.date, input.date));
    } else {
      await tx.insert(closures).values({
        date: input.date,
        name,
        kind: statutory ? 'holiday' : 'closure',
        active: input.closed,
        createdByUserId: 'userId' in actor ? actor.userId : null,
        createdAt: now,
        updatedAt: now,
      });
    }
    await auditAsync(tx, actor, {
      action: input.closed ? 'closure.add' : 'closure.remove',
      entityType: 'closure',
      entityId: input.date,
      before: existing
        ? { name: existing.name, active: existing.active }
        : statutory
          ? { name: statutory, active: true }
          : null,
      after: { name, active: input.closed },
    });
    // The calendar is read again inside: it now has the day just changed.
    const why = input.closed
      ? `The ${t.kindWord} closed on ${formatDay(input.date)} (${name})`
      : `The ${t.kindWord} is open on ${formatDay(input.date)}, which had been closed (${name})`;
    const changed = await recomputeOpenDueDates(tx, actor, now, why);
    return { ok: true, changed };
  });
}

/** How a calendar change moves due dates: over which holiday table, and whether a told date may come earlier. */
export interface RecomputeOptions {
  /** The holiday table to count with (the statute's in use unless a changed one is being applied). */
  holidays?: HolidayRules;
  /** Only move a due date later: a change in the statute's holidays never shortens a date told (decision 0092). */
  onlyLater?: boolean;
}

/**
 * Recompute every open request's statutory due date; returns the ones that moved. Runs in the caller's
 * transaction: each move is on the request's timeline, audited, and mailed to a requester with an address,
 * who was told the old date. A closure and a change in the §24 holiday table both come here.
 */
export async function recomputeOpenDueDates(
  tx: Db,
  actor: Actor,
  now: Date,
  why: string,
  opts: RecomputeOptions = {},
): Promise<DueDateChange[]> {
  const calendar = await loadCalendarAsync(tx, opts.holidays);
  const cob = await closeOfBusinessAsync(tx);
  const businessDays = (await loadLocalLawAsync(tx)).foilBusinessDays;
  const open = await tx
    .select()
    .from(recordsRequests)
    .where(inArray(recordsRequests.status, [...OPEN_STATUSES]));
  const { overdueBefore } = deadlineWindow(now, calendar, cob);
  const changed: DueDateChange[] = [];
  let baseUrl: string | undefined;
  for (const r of open) {
    // Only due dates that have not yet passed move (POL §89(4)(a): a missed deadline stays missed).
    const dueOn = dueDateAfterCalendarChange(
      r.dueOn,
      computeDueDate(r.receivedAt, calendar, { closeOfBusiness: cob, businessDays }).dueOn,
      overdueBefore,
      { onlyLater: opts.onlyLater },
    );
    if (dueOn === r.dueOn) continue;
    const after = await updateRequestAsync(tx, r, { dueOn }, now);
    await addEventAsync(tx, r.id, {
      kind: 'due_date',
      visible: true,
      actorUserId: 'userId' in actor ? actor.userId : null,
      at: now,
      body: `${why}, so the due date moved from ${formatDay(r.dueOn)} to ${formatDay(dueOn)}.`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.due_date_recomputed',
      entityType: 'records_request',
      entityId: r.id,
      before: { dueOn: r.dueOn },
      after: { dueOn, why },
    });
    if (r.requesterEmail) {
      baseUrl ??= await townPublicUrlAsync(tx);
      await enqueueMailAsync(tx, {
        kind: 'request-due-date-moved',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: await trackingLink(tx, after, baseUrl),
          fromText: formatDay(r.dueOn),
          toText: formatDay(dueOn),
          why,
        },
      });
    }
    changed.push({ id: r.id, number: r.number, from: r.dueOn, to: dueOn });
  }
  return changed;
}
