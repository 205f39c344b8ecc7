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
import { closeOfBusiness, loadCalendar } from '#lib/server/platform/time/calendar.ts';
import { TOWN_TIME_ZONE } from '#lib/server/platform/config.ts';
import { town, townPublicUrl } from '#lib/server/platform/town-profile.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { deadlineFlag, deadlineWindow } from '#lib/server/platform/time/deadlines.rules.ts';
import type { Job } from '#lib/server/platform/jobs.ts';
import { enqueueMail } from '#lib/server/platform/mail/outbox.ts';
import type { DigestRow } from '#lib/server/platform/mail/templates/requests.ts';
import { audit } from '#lib/server/platform/audit.ts';
import { missedDeadlineOn, OPEN_STATUSES } from './request.rules.ts';
import { appealRightsFor } from './appeals.ts';
import { trackingLink } from './links.ts';
import { addEvent, auditView } from './store.ts';

const SENT_KEY = 'requests-digest:last_day';
export const DIGEST_HOUR = 7;

export function sendRequestsDigest(
  db: DB,
  now: Date,
  baseUrl = townPublicUrl(db),
): { sent: number; day: string } | undefined {
  const local = DateTime.fromJSDate(now, { zone: TOWN_TIME_ZONE });
  const calendar = loadCalendar(db);
  const window = deadlineWindow(now, calendar, closeOfBusiness(db));
  if (local.hour < DIGEST_HOUR || !calendar.isBusinessDay(window.today)) return undefined;
  if (
    db.select({ value: settings.value }).from(settings).where(eq(settings.key, SENT_KEY)).get()?.value === window.today
  )
    return undefined;

  const rows = db
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
    .orderBy(recordsRequests.respondBy, recordsRequests.id)
    .all();
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
  const clerks = usersWithRole(db, 'clerk');

  return db.transaction((tx) => {
    tx.insert(settings)
      .values({ key: SENT_KEY, value: window.today, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: window.today, updatedAt: now } })
      .run();
    if (!overdue.length && !dueToday.length && !dueSoon.length) return { sent: 0, day: window.today };
    for (const c of clerks) {
      enqueueMail(tx, {
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
 * Runs with the digest job (every ten minutes, any hour).
 */
export function sendMissedDeadlineNotices(db: DB, now: Date, baseUrl = townPublicUrl(db)): number {
  const window = deadlineWindow(now, loadCalendar(db), closeOfBusiness(db));
  const candidates = db
    .select()
    .from(recordsRequests)
    .where(
      and(
        inArray(recordsRequests.status, [...OPEN_STATUSES]),
        isNull(recordsRequests.missedDeadlineNoticeAt),
        or(lt(recordsRequests.dueOn, window.overdueBefore), lt(recordsRequests.promisedOn, window.overdueBefore)),
      ),
    )
    .all()
    .map((r) => ({ r, missedOn: missedDeadlineOn(r, window.overdueBefore) }))
    .filter((x) => x.missedOn != null);
  for (const { r, missedOn } of candidates) {
    const promised = missedOn !== r.dueOn;
    db.transaction((tx) => {
      tx.update(recordsRequests).set({ missedDeadlineNoticeAt: now }).where(eq(recordsRequests.id, r.id)).run();
      const rights = appealRightsFor(tx, r, now);
      const { kindWord } = town(tx);
      const limit = promised
        ? `the date the ${kindWord} gave with its acknowledgment, ${formatDay(missedOn!)}, passed without a grant or denial`
        : `the ${kindWord} had to answer by close of business on ${formatDay(r.dueOn)}`;
      addEvent(tx, r.id, {
        kind: 'status',
        visible: true,
        actorUserId: null,
        at: now,
        body: `Not answered in time: ${limit}. Under Public Officers Law §89(4)(a) that counts as a denial. ${rights}`,
      });
      audit(
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
        enqueueMail(tx, {
          kind: 'request-missed-deadline',
          to: r.requesterEmail,
          data: {
            number: r.number,
            name: r.requesterName,
            trackUrl: trackingLink(tx, r, baseUrl),
            dueText: formatDay(missedOn!),
            appealRights: rights,
            promised,
          },
        });
      }
    });
  }
  return candidates.length;
}

export const requestsDigestJob: Job = {
  name: 'records-requests-digest',
  everyMs: 10 * 60 * 1000,
  run: (db, now) => {
    sendMissedDeadlineNotices(db, now);
    void sendRequestsDigest(db, now);
  },
};
