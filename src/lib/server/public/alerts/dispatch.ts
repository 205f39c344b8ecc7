/**
 * The alert dispatcher, a periodic job. It does not rely on hooks in the code that creates records:
 * it scans for public items that are new since a stored watermark (monthly summaries posted, public
 * enforcement actions recorded, projects published, inspection reports filed, SWPPP amendments made
 * public), records each once in alert_events, matches confirmed subscriptions (a project's, or an
 * area's whose circle holds the project) and writes the mail to the outbox: at once, or gathered into
 * a daily or weekly digest.
 *
 * So anything that inserts such rows, through any code path, triggers alerts. The first run only sets
 * the watermark: what existed before alerts were switched on is not news.
 *
 * Serious compliance findings are not rows but what the rules find in the filings (and in the clock, as
 * a deadline passes): each run reads the open serious findings at published projects (public/findings.ts:
 * evaluated again a minute after public data changes, and every five minutes for the clock) and announces
 * each once, by its stable key, if it began after alerts were switched on and within the last two weeks.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  alertDeliveries,
  alertEvents,
  alertSubscriptions,
  projects,
  settings,
  type AlertFrequency,
} from '#db/schema.ts';
import { distanceMiles, isValidPoint } from '#lib/shared/geo.ts';
import { ALERT_KINDS_SENT } from '#lib/shared/labels.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import {
  findingEvent,
  queryEnforcement,
  queryInspectionReports,
  queryNewProjects,
  queryPracticeInspections,
  querySiteReportEvents,
  querySummaries,
  querySwpppAmendments,
  type PublicEvent,
} from '#lib/server/public/events.ts';
import { townFindings, warmTownFindings } from '#lib/server/public/findings.ts';
import { addDays } from '#lib/shared/days.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import {
  subscriptionWhat,
  unsubscribeHeaders,
  unsubscribeToken,
  unsubscribeUrl,
  type Subscription,
} from './subscriptions.ts';

const ORIGIN_KEY = 'alerts:origin';
const WATERMARK_KEY = 'alerts:watermark';
/** Rows committed a little after the previous scan but stamped before it are still found. */
const OVERLAP_MS = 5 * 60 * 1000;
export const DIGEST_PERIOD_MS: Record<Exclude<AlertFrequency, 'immediate'>, number> = {
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 24 * 60 * 60 * 1000,
};
/** A digest lists at most this many items (and says how many more there are). */
const DIGEST_MAX_ITEMS = 40;

async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

async function setSetting(db: Db, key: string, value: string, now: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}

export interface DispatchResult {
  /** New public items found this run. */
  events: number;
  /** Immediate alert messages written. */
  immediate: number;
  /** Digest messages written. */
  digests: number;
}

export interface AlertMailEvent {
  title: string;
  summary: string;
  url: string;
}

/**
 * The job's entry: the town-wide findings it reads are evaluated first in slices (warmTownFindings), so
 * the dispatch finds them ready instead of holding the thread for seconds.
 */
export async function dispatchAlertsInSlices(db: Db, now: Date, baseUrl: string): Promise<DispatchResult> {
  if (await getSetting(db, ORIGIN_KEY)) await warmTownFindings(db, now);
  return dispatchAlerts(db, now, baseUrl);
}

export async function dispatchAlerts(db: Db, now: Date, baseUrl: string): Promise<DispatchResult> {
  const origin = await getSetting(db, ORIGIN_KEY);
  if (!origin) {
    await db.transaction(async (tx) => {
      await setSetting(tx, ORIGIN_KEY, String(now.getTime()), now);
      await setSetting(tx, WATERMARK_KEY, String(now.getTime()), now);
    });
    return { events: 0, immediate: 0, digests: 0 };
  }
  const originAt = new Date(Number(origin));
  const watermark = Number((await getSetting(db, WATERMARK_KEY)) ?? origin);
  const since = new Date(Math.max(originAt.getTime(), watermark - OVERLAP_MS));
  const found = (
    await readSnapshotAsync(db, async () => [
      ...(await querySummaries(db, { since })),
      ...(await queryEnforcement(db, { since, createdSince: originAt })),
      ...(await queryNewProjects(db, { since })),
      ...(await queryInspectionReports(db, { since })),
      ...(await queryPracticeInspections(db, { since })),
      ...(await querySwpppAmendments(db, { since, createdSince: originAt })),
      ...(await querySiteReportEvents(db, { since })),
      ...(await newSeriousFindings(db, now, originAt)),
    ])
  ).sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());

  const result = await db.transaction(async (tx) => {
    const fresh: Array<{ eventId: number; event: PublicEvent }> = [];
    for (const event of found) {
      const [row] = await tx
        .insert(alertEvents)
        .values({
          kind: event.kind,
          entityId: event.entityId,
          projectId: event.projectId,
          occurredAt: event.occurredAt,
          title: event.title,
          summary: event.summary,
          path: event.path,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: alertEvents.id });
      if (row) fresh.push({ eventId: row.id, event });
    }
    const owed = new Map<number, { sub: Subscription; events: Array<{ eventId: number; event: PublicEvent }> }>();
    if (fresh.length) {
      const active = await tx.select().from(alertSubscriptions).where(eq(alertSubscriptions.status, 'active'));
      const places = await projectPlaces(tx, [...new Set(fresh.map((f) => f.event.projectId))]);
      for (const f of fresh) {
        const place = places.get(f.event.projectId);
        for (const sub of active) {
          if (!matches(sub, f.event, place)) continue;
          await tx
            .insert(alertDeliveries)
            .values({ subscriptionId: sub.id, eventId: f.eventId, createdAt: now })
            .onConflictDoNothing();
          let entry = owed.get(sub.id);
          if (!entry) owed.set(sub.id, (entry = { sub, events: [] }));
          entry.events.push(f);
        }
      }
    }
    let immediate = 0;
    const names = await projectNames(
      tx,
      [...owed.values()].filter((o) => o.sub.frequency === 'immediate').map((o) => o.sub.projectId),
    );
    for (const { sub, events } of owed.values()) {
      if (sub.frequency !== 'immediate') continue;
      const outboxId =
        events.length === 1
          ? await sendAlert(tx, sub, events[0].event, baseUrl, names)
          : await sendDigest(
              tx,
              sub,
              events.map((e) => e.event),
              baseUrl,
              'new',
              names,
            );
      await tx
        .update(alertDeliveries)
        .set({ sentAt: now, outboxId })
        .where(
          and(
            eq(alertDeliveries.subscriptionId, sub.id),
            inArray(
              alertDeliveries.eventId,
              events.map((e) => e.eventId),
            ),
          ),
        );
      immediate++;
    }
    await setSetting(tx, WATERMARK_KEY, String(now.getTime()), now);
    return { events: fresh.length, immediate };
  });
  const digests = await sendDueDigests(db, now, baseUrl);
  await purgeUnconfirmed(db, now);
  return { ...result, digests };
}

/** How far back a serious finding may have begun and still be news. */
const FINDING_NEWS_DAYS = 14;

/**
 * Open serious findings at published projects that began since alerts were switched on and in the last
 * two weeks; those already announced are left out by alert_events' unique (kind, entity) index.
 */
export async function newSeriousFindings(db: Db, now: Date, originAt: Date): Promise<PublicEvent[]> {
  const today = townToday(now);
  const from = [townToday(originAt), addDays(today, -FINDING_NEWS_DAYS)].sort()[1];
  return (await townFindings(db, now, { severities: ['high'], statuses: ['open'] }))
    .filter(({ finding: f }) => f.from >= from && f.from <= today)
    .map(({ project, finding }) => findingEvent(project, finding));
}

/** Addresses that never confirmed are not kept once their link has expired. */
export async function purgeUnconfirmed(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(alertSubscriptions)
    .where(
      and(eq(alertSubscriptions.status, 'pending'), sql`${alertSubscriptions.confirmExpiresAt} < ${now.getTime()}`),
    )
    .returning({ id: alertSubscriptions.id });
  return gone.length;
}

async function projectPlaces(
  tx: Db,
  ids: number[],
): Promise<Map<number, { latitude: number | null; longitude: number | null }>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: projects.id, latitude: projects.latitude, longitude: projects.longitude })
    .from(projects)
    .where(inArray(projects.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Does this subscription want this event? Project subscriptions: that project's own news (ALERT_KINDS_SENT, never new projects); areas: anything inside the circle. */
export function matches(
  sub: Pick<Subscription, 'target' | 'projectId' | 'latitude' | 'longitude' | 'radiusMiles'>,
  event: Pick<PublicEvent, 'kind' | 'projectId'>,
  place: { latitude: number | null; longitude: number | null } | undefined,
): boolean {
  // What each kind of subscription is sent is one list (labels.ts): the form and the confirmation mail say the same.
  if (!ALERT_KINDS_SENT[sub.target].includes(event.kind)) return false;
  if (sub.target === 'project') return sub.projectId === event.projectId;
  const centre = { latitude: sub.latitude, longitude: sub.longitude };
  const at = { latitude: place?.latitude, longitude: place?.longitude };
  if (!isValidPoint(centre) || !isValidPoint(at) || sub.radiusMiles == null) return false;
  return distanceMiles(centre, at) <= sub.radiusMiles + 1e-9;
}

function mailEvent(e: PublicEvent, baseUrl: string): AlertMailEvent {
  return { title: e.title, summary: e.summary, url: `${baseUrl}${e.path}` };
}

/** The subscribed projects' names, read in one query for a whole run (not once per message). */
async function projectNames(tx: Db, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return new Map();
  const rows = await tx
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

type ProjectNames = Map<number, string>;
const nameOf = (names: ProjectNames, id: number | null) => (id == null ? undefined : names.get(id));

async function sendAlert(
  tx: Db,
  sub: Subscription,
  event: PublicEvent,
  baseUrl: string,
  names: ProjectNames,
): Promise<number> {
  const token = await unsubscribeToken(tx, sub);
  return enqueueMailAsync(tx, {
    kind: 'alert',
    to: sub.email,
    data: {
      what: subscriptionWhat(sub, { name: nameOf(names, sub.projectId) ?? event.projectName }),
      event: mailEvent(event, baseUrl),
      unsubscribeUrl: unsubscribeUrl(baseUrl, token),
    },
    headers: unsubscribeHeaders(baseUrl, token),
  });
}

async function sendDigest(
  tx: Db,
  sub: Subscription,
  events: PublicEvent[],
  baseUrl: string,
  period: 'new' | 'daily' | 'weekly',
  names: ProjectNames,
): Promise<number> {
  const shown = events.slice(-DIGEST_MAX_ITEMS).reverse();
  const token = await unsubscribeToken(tx, sub);
  return enqueueMailAsync(tx, {
    kind: 'alert-digest',
    to: sub.email,
    data: {
      what: subscriptionWhat(sub, { name: nameOf(names, sub.projectId) ?? events[0]?.projectName ?? 'a project' }),
      period,
      events: shown.map((e) => mailEvent(e, baseUrl)),
      more: events.length - shown.length,
      unsubscribeUrl: unsubscribeUrl(baseUrl, token),
    },
    headers: unsubscribeHeaders(baseUrl, token),
  });
}

/** Daily and weekly subscribers whose period has passed and who are owed something get one digest. */
export async function sendDueDigests(db: Db, now: Date, baseUrl: string): Promise<number> {
  const pending = await db
    .select({ subscriptionId: alertDeliveries.subscriptionId, projectId: alertSubscriptions.projectId })
    .from(alertDeliveries)
    .innerJoin(alertSubscriptions, eq(alertSubscriptions.id, alertDeliveries.subscriptionId))
    .where(
      and(
        isNull(alertDeliveries.sentAt),
        eq(alertSubscriptions.status, 'active'),
        sql`${alertSubscriptions.frequency} in ('daily', 'weekly')`,
      ),
    )
    .groupBy(alertDeliveries.subscriptionId);
  let sent = 0;
  const names = await projectNames(
    db,
    pending.map((p) => p.projectId),
  );
  for (const { subscriptionId } of pending) {
    await db.transaction(async (tx) => {
      const [sub] = await tx.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, subscriptionId));
      if (!sub || sub.status !== 'active' || sub.frequency === 'immediate') return;
      const last = (sub.lastDigestAt ?? sub.confirmedAt ?? sub.createdAt).getTime();
      if (now.getTime() - last < DIGEST_PERIOD_MS[sub.frequency]) return;
      const rows = await tx
        .select({
          eventId: alertEvents.id,
          kind: alertEvents.kind,
          entityId: alertEvents.entityId,
          projectId: alertEvents.projectId,
          occurredAt: alertEvents.occurredAt,
          title: alertEvents.title,
          summary: alertEvents.summary,
          path: alertEvents.path,
        })
        .from(alertDeliveries)
        .innerJoin(alertEvents, eq(alertEvents.id, alertDeliveries.eventId))
        .where(and(eq(alertDeliveries.subscriptionId, sub.id), isNull(alertDeliveries.sentAt)))
        .orderBy(asc(alertEvents.occurredAt), asc(alertEvents.id));
      if (!rows.length) return;
      const events: PublicEvent[] = rows.map((r) => ({ ...r, projectSlug: '', projectName: '' }));
      const outboxId = await sendDigest(tx, sub, events, baseUrl, sub.frequency, names);
      await tx
        .update(alertDeliveries)
        .set({ sentAt: now, outboxId })
        .where(and(eq(alertDeliveries.subscriptionId, sub.id), isNull(alertDeliveries.sentAt)));
      await tx
        .update(alertSubscriptions)
        .set({ lastDigestAt: now, updatedAt: now })
        .where(eq(alertSubscriptions.id, sub.id));
      sent++;
    });
  }
  return sent;
}

/** How often the job looks (ALERTS_EVERY_MS, default a minute). */
export function alertsEveryMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.ALERTS_EVERY_MS);
  return Number.isFinite(n) && n >= 100 ? n : 60_000;
}
