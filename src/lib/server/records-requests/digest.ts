/**
 * The clerks' digest: what is overdue, due today and due in the next two business days. Sent once per
 * business day, from 7:00 town time (so usually in the morning; its greeting follows the hour it is
 * actually written), to every active clerk, and only when something needs action. The day it was sent is kept in `settings`, in the same transaction as the mail, so a restart
 * or an overlapping timer never sends it twice.
 */
import { usersWithRole } from '#lib/server/accounts/users.ts';
import { REQUEST_STATUS_LABEL } from '#lib/shared/labels.ts';
import { and, eq, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { projects, recordsRequests, settings } from '#db/schema.ts';
import { formatDay } from '#lib/shared/format.ts';
import { townDeadlineWindow } from '#lib/server/platform/time/calendar.ts';
import { TOWN_TIME_ZONE } from '#lib/server/platform/config.ts';
import { townAsync, townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { asyncOf, type Db } from '#lib/server/platform/db/async-session.ts';
import { deadlineFlag } from '#lib/server/platform/time/deadlines.rules.ts';
import type { Job } from '#lib/server/platform/jobs.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import type { DigestRow } from '#lib/server/platform/mail/templates/requests.ts';
import { auditAsync } from '#lib/server/platform/audit.ts';
import { missedDeadlineOn, OPEN_STATUSES } from './request.rules.ts';
import { appealRightsFor } from './appeals.ts';
import { trackingLink } from './links.ts';
import { addEventAsync, auditView } from './store.ts';

const SENT_KEY = 'requests-digest:last_day';
export const DIGEST_HOUR = 7;

export async function sendRequestsDigest(
  db: Db,
  now: Date,
  baseUrlGiven?: string,
): Promise<{ sent: number; day: string } | undefined> {
  const local = DateTime.fromJSDate(now, { zone: TOWN_TIME_ZONE });
  const window = await townDeadlineWindow(db, now);
  if (local.hour < DIGEST_HOUR || !window.calendar.isBusinessDay(window.today)) return undefined;
  const sentDay = async (d: Db) =>
    (await d.select({ value: settings.value }).from(settings).where(eq(settings.key, SENT_KEY)))[0]?.value;
  // Read first without the write lock (most ticks of the day find it sent), then again in the transaction that
  // records it: two ticks at once send one digest.
  if ((await sentDay(db)) === window.today) return undefined;
  const baseUrl = baseUrlGiven ?? (await townPublicUrlAsync(db));
  return db.transaction(async (tx) => {
    if ((await sentDay(tx)) === window.today) return undefined;
    const rows = await tx
      .select({
        id: recordsRequests.id,
        number: recordsRequests.number,
        status: recordsRequests.status,
        respondBy: recordsRequests.respondBy,
        project: projects.name,
      })
      .from(recordsRequests)
      .leftJoin(projects, eq(projects.id, recordsRequests.projectId))
      .where(
        and(
          inArray(recordsRequests.status, [...OPEN_STATUSES]),
          isNotNull(recordsRequests.respondBy),
          lte(recordsRequests.respondBy, window.dueSoonThrough),
        ),
      )
      .orderBy(recordsRequests.respondBy, recordsRequests.id);
    const toRow = (r: (typeof rows)[number]): DigestRow => ({
      number: r.number,
      project: r.project ?? 'no single project',
      deadline: formatDay(r.respondBy),
      status: REQUEST_STATUS_LABEL[r.status],
      url: `${baseUrl}/staff/requests/${r.id}`,
    });
    const flagged = rows.map((r) => ({ r, flag: deadlineFlag(r.respondBy, window) }));
    const overdue = flagged.filter((x) => x.flag === 'overdue').map((x) => toRow(x.r));
    const dueToday = flagged.filter((x) => x.flag === 'due_today').map((x) => toRow(x.r));
    const dueSoon = flagged.filter((x) => x.flag === 'due_soon').map((x) => toRow(x.r));
    await tx
      .insert(settings)
      .values({ key: SENT_KEY, value: window.today, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: window.today, updatedAt: now } });
    if (!overdue.length && !dueToday.length && !dueSoon.length) return { sent: 0, day: window.today };
    const clerks = await usersWithRole(tx, 'clerk');
    for (const c of clerks) {
      await enqueueMailAsync(tx, {
        kind: 'requests-digest',
        to: c.email,
        data: {
          name: c.name.split(' ')[0],
          dateText: formatDay(window.today),
          townHour: local.hour,
          overdue,
          dueToday,
          dueSoon,
          queueUrl: `${baseUrl}/staff/requests`,
        },
      });
    }
    return { sent: clerks.length, day: window.today };
  });
}

/**
 * POL §89(4)(a): once a request's five business days, or the date given with its acknowledgment, run out
 * unanswered, the requester is told, once, on the tracking page and by mail, that this counts as a denial
 * they may appeal, with the last day to appeal.
 * Runs with the digest job (every ten minutes, any hour). Each candidate is read again in the transaction that
 * tells its requester, so a request answered a moment ago is not told it was denied.
 */
export async function sendMissedDeadlineNotices(db: Db, now: Date, baseUrlGiven?: string): Promise<number> {
  const window = await townDeadlineWindow(db, now);
  const baseUrl = baseUrlGiven ?? (await townPublicUrlAsync(db));
  // Only those whose limit really ran out (an acknowledged request's promised date may still be ahead): the
  // others are not worth a write transaction every ten minutes.
  const candidates = (await db.select().from(recordsRequests).where(missedAndUntold(window.overdueBefore))).filter(
    (r) => missedDeadlineOn(r, window.overdueBefore) != null,
  );
  let told = 0;
  for (const { id } of candidates) {
    const notice = await db.transaction(async (tx) => {
      const [r] = await tx
        .select()
        .from(recordsRequests)
        .where(and(eq(recordsRequests.id, id), missedAndUntold(window.overdueBefore)));
      const missedOn = r ? missedDeadlineOn(r, window.overdueBefore) : null;
      if (!r || missedOn == null) return false;
      const promised = missedOn !== r.dueOn;
      await tx.update(recordsRequests).set({ missedDeadlineNoticeAt: now }).where(eq(recordsRequests.id, r.id));
      const rights = await appealRightsFor(tx, r, now);
      const { kindWord } = await townAsync(tx);
      const limit = promised
        ? `the date the ${kindWord} gave with its acknowledgment, ${formatDay(missedOn)}, passed without a grant or denial`
        : `the ${kindWord} had to answer by close of business on ${formatDay(r.dueOn)}`;
      await addEventAsync(tx, r.id, {
        kind: 'status',
        visible: true,
        actorUserId: null,
        at: now,
        body: `Not answered in time: ${limit}. Under Public Officers Law §89(4)(a) that counts as a denial. ${rights}`,
      });
      await auditAsync(
        tx,
        { label: 'system' },
        {
          action: 'records_request.missed_deadline_notice',
          entityType: 'records_request',
          entityId: r.id,
          after: { ...auditView(r), mailed: Boolean(r.requesterEmail) },
        },
      );
      if (r.requesterEmail) {
        await enqueueMailAsync(tx, {
          kind: 'request-missed-deadline',
          to: r.requesterEmail,
          data: {
            number: r.number,
            name: r.requesterName,
            trackUrl: await trackingLink(tx, r, baseUrl),
            dueText: formatDay(missedOn),
            appealRights: rights,
            promised,
          },
        });
      }
      return true;
    });
    if (notice) told++;
  }
  return told;
}

/** Open, not told yet, and past its five days or its promised date (missedDeadlineOn has the last word). */
function missedAndUntold(overdueBefore: string) {
  return and(
    inArray(recordsRequests.status, [...OPEN_STATUSES]),
    isNull(recordsRequests.missedDeadlineNoticeAt),
    or(lt(recordsRequests.dueOn, overdueBefore), lt(recordsRequests.promisedOn, overdueBefore)),
  );
}

export const requestsDigestJob: Job = {
  name: 'records-requests-digest',
  everyMs: 10 * 60 * 1000,
  run: async (db, now) => {
    await sendMissedDeadlineNotices(asyncOf(db), now);
    await sendRequestsDigest(asyncOf(db), now);
  },
};
