/**
 * Residents' reports of problems at a site, the town's "notice of possible violations": filing one
 * (from the portal's form or an Open311 client), and each step the officer takes on it — link it to a
 * project, record a town inspection or a violation from it, link the enforcement action it led to,
 * move its status, hide it, block its sender, approve its photos. A report is filed with the day the
 * municipality aims to answer it by, from its category (response-time.rules.ts). Each step is one
 * transaction with its public step row, its audit entry and, when the reporter left an email address, the
 * mail telling them.
 */
import { and, asc, between, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  enforcementActions,
  projects,
  siteReportBlocks,
  siteReportCategories,
  siteReportEvents,
  siteReportPhotos,
  siteReports,
  violations,
  type ReportBlockKind,
  type SiteReportSource,
  type SiteReportStatus,
} from '#db/schema.ts';
import { ENFORCEMENT_TYPE_LABEL } from '#lib/shared/labels.ts';
import { endSentence, formatDay } from '#lib/shared/format.ts';
import { boundingBox, type Point } from '#lib/shared/geo.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { townAsync, townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { fail, type Result } from '#lib/server/platform/result.ts';
import { hit, type Limit } from '#lib/server/platform/http/rate-limit.ts';
import { hashToken } from '#lib/server/platform/tokens.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { usersWithRole } from '#lib/server/accounts/users.ts';
import { mailFollowers } from './followers.ts';
import {
  recordTownInspection,
  recordViolation,
  scheduleInspection,
  type TownInspectionInput,
} from '#lib/server/enforcement/town-inspections.ts';
import { formatInstant } from '#lib/shared/format.ts';
import { loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { respondByDay } from './response-time.rules.ts';
import {
  canMove,
  groupDuplicates,
  isOpen,
  isOpenSql,
  MATCH_MILES,
  matchProject,
  MAX_PHOTOS,
  moveProblem,
  STATUS_LABEL,
  statusMeaning,
  stillHappeningStatus,
} from './report.rules.ts';

export type SiteReport = typeof siteReports.$inferSelect;

/** "Report 12": how the portal, the mail and Open311 name a report. */
export const reportNumber = (id: number) => `Report ${id}`;
export const reportPath = (id: number) => `/reports/${id}`;

/** A network address or an email address, as kept for blocking: SHA-256 of the lower-cased value. */
export function blockHash(value: string): string {
  return hashToken(value.trim().toLowerCase());
}

function isBlocked(db: Pick<Db, 'select'>, kind: ReportBlockKind, value: string | null | undefined): Promise<boolean> {
  return isBlockedHash(db, kind, value ? blockHash(value) : null);
}

export interface PhotoInput {
  sha256: string;
  mimeType: string;
  sizeBytes: number;
  width: number;
  height: number;
}

export interface ReportInput {
  categoryId: number;
  description: string;
  point: Point;
  place: string;
  observedOn: string;
  observedTime: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  photos: PhotoInput[];
  ip: string | null;
  source: SiteReportSource;
  open311KeyId?: number | null;
  /** Open311's media_url, checked by the caller (an http(s) address); kept as a link, never fetched. */
  mediaUrl?: string | null;
  /** "Report a problem at this site": the project the resident started from (still matched by distance otherwise). */
  projectId?: number | null;
}

/** Published projects with a place, for matching; with `near`, only those in the box around its matching circle. */
function matchCandidates(db: Pick<Db, 'select'>, near?: Point) {
  // A cheap pre-filter: without it each report read every project in town (10,000 rows) to keep one.
  const box = near ? boundingBox(near, MATCH_MILES) : undefined;
  return db
    .select({
      id: projects.id,
      name: projects.name,
      slug: projects.slug,
      status: projects.status,
      latitude: projects.latitude,
      longitude: projects.longitude,
    })
    .from(projects)
    .where(
      and(
        eq(projects.published, true),
        isNotNull(projects.latitude),
        isNotNull(projects.longitude),
        box && between(projects.latitude, box.minLat, box.maxLat),
        box && between(projects.longitude, box.minLon, box.maxLon),
      ),
    );
}

/** The nearest active site within the set distance of a point, or undefined ("not at a listed site"). */
async function matchedProject(db: Pick<Db, 'select'>, point: Point) {
  return matchProject(point, await matchCandidates(db, point));
}

const refusedSender = (kind: string) =>
  `The ${kind} cannot take reports from this address. Call the stormwater officer instead.`;

export async function submitReport(db: Db, input: ReportInput, now = new Date()): Promise<Result<{ id: number }>> {
  if ((await isBlocked(db, 'ip', input.ip)) || (await isBlocked(db, 'email', input.email)))
    return { ok: false, message: refusedSender((await townAsync(db)).profile.kind) };
  const [category] = await db
    .select()
    .from(siteReportCategories)
    .where(and(eq(siteReportCategories.id, input.categoryId), eq(siteReportCategories.active, true)));
  if (!category) return { ok: false, fields: { category: 'Choose what is wrong from the list.' } };
  if (input.photos.length > MAX_PHOTOS) return { ok: false, fields: { photos: `Send at most ${MAX_PHOTOS} photos.` } };
  const [chosen] = input.projectId
    ? await db
        .select({ id: projects.id, name: projects.name })
        .from(projects)
        .where(and(eq(projects.id, input.projectId), eq(projects.published, true)))
    : [];
  const match = chosen ? undefined : await matchedProject(db, input.point);
  const projectId = chosen?.id ?? match?.project.id ?? null;
  const projectName = chosen?.name ?? match?.project.name ?? null;
  const actor: Actor = { label: 'public', ip: input.ip };
  const calendar = await loadCalendarAsync(db);
  const respondBy = respondByDay(townToday(now), category.responseBusinessDays, calendar);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(siteReports)
      .values({
        categoryId: category.id,
        description: input.description.trim(),
        place: input.place.trim().slice(0, 300) || 'a point on the map',
        latitude: input.point.latitude,
        longitude: input.point.longitude,
        observedOn: input.observedOn,
        observedTime: input.observedTime || null,
        projectId,
        matchedMiles: match ? Math.round(match.miles * 1000) / 1000 : null,
        status: 'received',
        statusChangedAt: now,
        reporterName: input.name?.trim() || null,
        reporterEmail: input.email?.trim().toLowerCase() || null,
        reporterPhone: input.phone?.trim() || null,
        ipHash: input.ip ? blockHash(input.ip) : null,
        source: input.source,
        open311KeyId: input.open311KeyId ?? null,
        mediaUrl: input.mediaUrl ?? null,
        respondBy,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('The report was not stored.');
    for (const p of input.photos) await tx.insert(siteReportPhotos).values({ reportId: row.id, ...p, createdAt: now });
    const words = projectName
      ? `Report received. It is about ${projectName}.`
      : `Report received. It is not at a site the ${(await townAsync(tx)).profile.kind} lists; the officer will see where it belongs.`;
    await step(tx, row, 'received', words, null, now, true);
    await auditAsync(tx, actor, {
      action: 'site_report.submit',
      entityType: 'site_report',
      entityId: row.id,
      after: {
        ...row,
        reporterName: undefined,
        reporterEmail: row.reporterEmail ? '(given)' : null,
        reporterPhone: row.reporterPhone ? '(given)' : null,
        photos: input.photos.length,
      },
    });
    const url = `${await townPublicUrlAsync(tx)}/staff/reports/${row.id}`;
    for (const officer of await usersWithRole(tx, 'officer')) {
      await enqueueMailAsync(tx, {
        kind: 'site-report-new',
        to: officer.email,
        data: {
          number: reportNumber(row.id),
          category: category.label,
          place: row.place,
          project: projectName,
          photos: input.photos.length,
          url,
        },
      });
    }
    return row.id;
  });
  return { ok: true, id };
}

/** One public step: the row the status page shows, and the reporter's mail. */
async function step(
  tx: Db,
  report: SiteReport,
  status: SiteReportStatus | null,
  words: string,
  actorUserId: number | null,
  now: Date,
  first = false,
  fromResident = false,
): Promise<void> {
  await tx
    .insert(siteReportEvents)
    .values({ reportId: report.id, at: now, status, words, public: true, actorUserId, fromResident });
  const [category] = await tx
    .select({ label: siteReportCategories.label })
    .from(siteReportCategories)
    .where(eq(siteReportCategories.id, report.categoryId));
  if (!first)
    await mailFollowers(tx, report, {
      number: reportNumber(report.id),
      category: category?.label ?? 'Report',
      status: STATUS_LABEL[status ?? report.status],
      words,
    });
  if (!report.reporterEmail) return;
  await enqueueMailAsync(tx, {
    kind: 'site-report-step',
    to: report.reporterEmail,
    data: {
      number: reportNumber(report.id),
      category: category?.label ?? 'Report',
      status: STATUS_LABEL[status ?? report.status],
      words,
      url: `${await townPublicUrlAsync(tx)}${reportPath(report.id)}`,
      first,
    },
  });
}

const userIdOf = (actor: Actor) => ('userId' in actor ? actor.userId : null);

/** What a step on a report changes, and the words its public step row and mail say. */
interface Step {
  set: Partial<typeof siteReports.$inferInsert>;
  words: string | null;
  action: Parameters<typeof auditAsync>[2]['action'];
  /** The step is a resident's (more information, "still happening"), not the officer's. */
  fromResident?: boolean;
}

/**
 * Change the row, write its step, its audit entry and its mail, in one transaction. The report is read in it,
 * so two officers' steps (or a resident's and an officer's) at once each see the other's.
 */
async function change(
  db: Db,
  actor: Actor,
  id: number,
  now: Date,
  build: (tx: Db, before: SiteReport) => Promise<Step | { error: Result }>,
): Promise<Result> {
  try {
    return await db.transaction(async (tx): Promise<Result> => {
      const [before] = await tx.select().from(siteReports).where(eq(siteReports.id, id));
      if (!before) return { ok: false, message: 'No such report.' };
      const made = await build(tx, before);
      if ('error' in made) throw new Refused(made.error);
      const moved = made.set.status && made.set.status !== before.status;
      const [after] = await tx
        .update(siteReports)
        .set({ ...made.set, ...(moved ? { statusChangedAt: now } : {}), updatedAt: now })
        .where(eq(siteReports.id, id))
        .returning();
      const words = made.words;
      if (words)
        await step(tx, after!, moved ? after!.status : null, words, userIdOf(actor), now, false, made.fromResident);
      await auditAsync(tx, actor, {
        action: made.action,
        entityType: 'site_report',
        entityId: id,
        before: { ...before, reporterEmail: undefined, reporterPhone: undefined, reporterName: undefined },
        after: { ...made.set },
      });
      return { ok: true };
    });
  } catch (err) {
    if (err instanceof Refused) return err.result;
    throw err;
  }
}

/** A refusal inside the transaction: it rolls back everything (an inspection recorded by the step too). */
class Refused extends Error {
  readonly result: Result;
  constructor(result: Result) {
    super('refused');
    this.result = result;
  }
}

/** The status a step leaves: `to` when the report may move there (only forward, never out of a final status), else as it was. */
function forward(from: SiteReportStatus, to: SiteReportStatus): SiteReportStatus {
  return canMove(from, to) ? to : from;
}

export function linkProject(db: Db, actor: Actor, id: number, projectId: number, now = new Date()): Promise<Result> {
  return change(db, actor, id, now, async (tx, before) => {
    const [project] = await tx
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (!project) return { error: { ok: false, fields: { projectId: 'Choose a project from the list.' } } };
    if (before.status === 'closed') return { error: { ok: false, message: 'This report is closed.' } };
    return {
      set: { projectId, matchedMiles: null, status: forward(before.status, 'under_review') },
      words: `The stormwater officer linked this report to ${project.name} and is looking into it.`,
      action: 'site_report.link_project',
    };
  });
}

export function moveStatus(
  db: Db,
  actor: Actor,
  id: number,
  to: SiteReportStatus,
  reason: string | null,
  now = new Date(),
): Promise<Result> {
  return change(db, actor, id, now, async (tx, before) => {
    const problem = moveProblem(before.status, to, reason);
    if (problem) return { error: { ok: false, fields: { [isOpen(to) ? 'status' : 'reason']: problem } } };
    const text = reason?.trim() ? ` ${endSentence(reason)}` : '';
    return {
      set: { status: to, publicReason: isOpen(to) ? before.publicReason : reason!.trim() },
      words: `${statusMeaning((await townAsync(tx)).profile.kind)[to]}${text}`,
      action: 'site_report.status',
    };
  });
}

/** A town inspection recorded from the report (enforcement/town-inspections), linked to it. */
export function recordInspectionFromReport(
  db: Db,
  actor: Actor,
  id: number,
  input: Omit<TownInspectionInput, 'noticeId' | 'milestone' | 'scheduledId'>,
  today: string,
  now = new Date(),
): Promise<Result> {
  return change(db, actor, id, now, async (tx, before) => {
    if (!before.projectId)
      return { error: { ok: false, message: 'Link the report to a project first: an inspection is of a site.' } };
    if (before.status === 'closed') return { error: { ok: false, message: 'This report is closed.' } };
    const r = await recordTownInspection(
      tx,
      actor,
      before.projectId,
      { ...input, noticeId: null, milestone: null, scheduledId: null },
      today,
    );
    if (!r.ok) return { error: r };
    const found = input.violation != null;
    const violationId = found
      ? ((await tx.select({ id: violations.id }).from(violations).where(eq(violations.townInspectionId, r.id)))[0]
          ?.id ?? null)
      : before.violationId;
    const status = found ? forward(before.status, 'violation_found') : forward(before.status, 'inspected');
    const words = `The ${(await townAsync(tx)).profile.kind} inspected the site on ${formatDay(input.inspectedOn)}.${found ? ' It found a violation of the stormwater law.' : ''}`;
    return { set: { townInspectionId: r.id, violationId, status }, words, action: 'site_report.inspection' };
  });
}

/** A town inspection planned from the report (on the officer's calendar until recorded); the reporter is told it is planned. */
export function scheduleInspectionFromReport(
  db: Db,
  actor: Actor,
  id: number,
  scheduledFor: Date,
  notes: string | null,
  now = new Date(),
): Promise<Result> {
  return change(db, actor, id, now, async (tx, before) => {
    if (!before.projectId)
      return { error: { ok: false, message: 'Link the report to a project first: an inspection is of a site.' } };
    if (before.status === 'closed') return { error: { ok: false, message: 'This report is closed.' } };
    const r = await scheduleInspection(
      tx,
      actor,
      before.projectId,
      { noticeId: null, milestone: null, scheduledFor, notes: notes ?? `From resident’s report ${before.id}.` },
      now,
    );
    if (!r.ok) return { error: r };
    return {
      set: { status: forward(before.status, 'under_review') },
      words: `The ${(await townAsync(tx)).profile.kind} plans to inspect the site (${formatInstant(scheduledFor)}).`,
      action: 'site_report.schedule_inspection',
    };
  });
}

export function recordViolationFromReport(
  db: Db,
  actor: Actor,
  id: number,
  input: { observedOn: string; description: string; section: string | null },
  today: string,
  now = new Date(),
): Promise<Result> {
  return change(db, actor, id, now, async (tx, before) => {
    if (!before.projectId)
      return { error: { ok: false, message: 'Link the report to a project first: a violation is at a site.' } };
    if (before.status === 'closed') return { error: { ok: false, message: 'This report is closed.' } };
    const r = await recordViolation(tx, actor, before.projectId, input, today);
    if (!r.ok) return { error: r };
    return {
      set: { violationId: r.id, status: forward(before.status, 'violation_found') },
      words: `The ${(await townAsync(tx)).profile.kind} recorded a violation at the site, observed ${formatDay(input.observedOn)}: ${input.description}`,
      action: 'site_report.violation',
    };
  });
}

/** Link the enforcement action the officer issued on the project's enforcement page (not a second one made here). */
export function linkEnforcement(db: Db, actor: Actor, id: number, actionId: number, now = new Date()): Promise<Result> {
  return change(db, actor, id, now, async (tx, before) => {
    const [action] = await tx.select().from(enforcementActions).where(eq(enforcementActions.id, actionId));
    const kind = (await townAsync(tx)).profile.kind;
    if (!action || action.projectId !== before.projectId)
      return { error: { ok: false, fields: { actionId: 'Choose an enforcement action of the report’s project.' } } };
    const words = action.public
      ? `The ${kind} issued a ${ENFORCEMENT_TYPE_LABEL[action.type].toLowerCase()} on ${formatDay(action.issuedOn)}.`
      : null;
    return {
      set: { enforcementActionId: action.id, status: forward(before.status, 'violation_found') },
      words: words ?? `The ${kind} took enforcement action.`,
      action: 'site_report.link_enforcement',
    };
  });
}

export function setHidden(
  db: Db,
  actor: Actor,
  id: number,
  hidden: boolean,
  reason: string | null,
  now = new Date(),
): Promise<Result> {
  return change(db, actor, id, now, async () => {
    if (hidden && !reason?.trim())
      return {
        error: { ok: false, fields: { hiddenReason: 'Say why it is hidden (staff read this), like “Abusive words”.' } },
      };
    return {
      set: { hidden, hiddenReason: hidden ? reason!.trim() : null },
      words: null,
      action: hidden ? 'site_report.hide' : 'site_report.unhide',
    };
  });
}

export function approvePhoto(
  db: Db,
  actor: Actor,
  id: number,
  photoId: number,
  approved: boolean,
  now = new Date(),
): Promise<Result> {
  return change(db, actor, id, now, async (tx) => {
    const [photo] = await tx
      .select()
      .from(siteReportPhotos)
      .where(and(eq(siteReportPhotos.id, photoId), eq(siteReportPhotos.reportId, id)));
    if (!photo) return { error: { ok: false, message: 'No such photo on this report.' } };
    await tx
      .update(siteReportPhotos)
      .set({ approvedAt: approved ? now : null })
      .where(eq(siteReportPhotos.id, photoId));
    return { set: {}, words: null, action: approved ? 'site_report.photo_approve' : 'site_report.photo_withdraw' };
  });
}

/** Block the report's email address or network address: no more reports are taken from it. */
export function blockSender(
  db: Db,
  actor: Actor,
  id: number,
  kind: ReportBlockKind,
  reason: string,
  now = new Date(),
): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const [report] = await tx.select().from(siteReports).where(eq(siteReports.id, id));
    if (!report) return { ok: false, message: 'No such report.' };
    const valueHash =
      kind === 'email' ? (report.reporterEmail ? blockHash(report.reporterEmail) : null) : report.ipHash;
    if (!valueHash)
      return {
        ok: false,
        fields: {
          kind: kind === 'email' ? 'This report has no email address.' : 'This report’s network address was not kept.',
        },
      };
    if (!reason.trim()) return { ok: false, fields: { blockReason: 'Say why (staff read this).' } };
    const [row] = await tx
      .insert(siteReportBlocks)
      .values({
        kind,
        valueHash,
        reason: reason.trim(),
        reportId: id,
        createdByUserId: userIdOf(actor),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    await auditAsync(tx, actor, {
      action: 'site_report.block',
      entityType: 'site_report',
      entityId: id,
      after: { kind, reason: reason.trim(), blockId: row?.id ?? null },
    });
    return { ok: true };
  });
}

// ---------------------------------------------------------------------------------------------
// Reading for the officer

export interface QueueRow {
  id: number;
  category: string;
  categoryId: number;
  description: string;
  place: string;
  latitude: number;
  longitude: number;
  observedOn: string;
  status: SiteReportStatus;
  hidden: boolean;
  projectName: string | null;
  projectSlug: string | null;
  photos: number;
  /** The first photos' ids (at most three), for thumbnails in the queue (staff-only route). */
  photoIds: number[];
  createdAt: Date;
}

/** Reports for the triage queue: open ones (or all), newest first. */
export async function queueRows(db: Db, opts: { includeClosed: boolean }): Promise<QueueRow[]> {
  const rows = await db
    .select({
      id: siteReports.id,
      category: siteReportCategories.label,
      categoryId: siteReports.categoryId,
      description: siteReports.description,
      place: siteReports.place,
      latitude: siteReports.latitude,
      longitude: siteReports.longitude,
      observedOn: siteReports.observedOn,
      status: siteReports.status,
      hidden: siteReports.hidden,
      projectName: projects.name,
      projectSlug: projects.slug,
      createdAt: siteReports.createdAt,
    })
    .from(siteReports)
    .innerJoin(siteReportCategories, eq(siteReportCategories.id, siteReports.categoryId))
    .leftJoin(projects, eq(projects.id, siteReports.projectId))
    // Open ones are chosen in SQL, before the limit, so an old open report is never cut off by newer closed ones.
    .where(opts.includeClosed ? undefined : isOpenSql(siteReports.status))
    .orderBy(desc(siteReports.createdAt), desc(siteReports.id))
    .limit(500);
  const byReport = await photoIdsByReport(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const ids = byReport.get(r.id) ?? [];
    return { ...r, photos: ids.length, photoIds: ids.slice(0, 3) };
  });
}

async function photoIdsByReport(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ id: siteReportPhotos.id, reportId: siteReportPhotos.reportId })
    .from(siteReportPhotos)
    .where(inArray(siteReportPhotos.reportId, ids))
    .orderBy(asc(siteReportPhotos.id));
  for (const p of rows) out.set(p.reportId, [...(out.get(p.reportId) ?? []), p.id]);
  return out;
}

/** Everything the officer's page of one report shows, read in one snapshot. */
export function staffReport(db: Db, id: number) {
  return readSnapshotAsync(db, () => readStaffReport(db, id));
}

async function readStaffReport(db: Db, id: number) {
  const [report] = await db.select().from(siteReports).where(eq(siteReports.id, id));
  if (!report) return undefined;
  const [category] = (await db
    .select()
    .from(siteReportCategories)
    .where(eq(siteReportCategories.id, report.categoryId))) as [typeof siteReportCategories.$inferSelect];
  const [project] = report.projectId
    ? await db
        .select({ id: projects.id, name: projects.name, slug: projects.slug, status: projects.status })
        .from(projects)
        .where(eq(projects.id, report.projectId))
    : [];
  const photos = await db
    .select()
    .from(siteReportPhotos)
    .where(eq(siteReportPhotos.reportId, id))
    .orderBy(asc(siteReportPhotos.id));
  const steps = await db
    .select()
    .from(siteReportEvents)
    .where(eq(siteReportEvents.reportId, id))
    .orderBy(asc(siteReportEvents.at), asc(siteReportEvents.id));
  const actions = project
    ? await db
        .select({
          id: enforcementActions.id,
          type: enforcementActions.type,
          issuedOn: enforcementActions.issuedOn,
          summary: enforcementActions.summary,
        })
        .from(enforcementActions)
        .where(eq(enforcementActions.projectId, project.id))
        .orderBy(desc(enforcementActions.issuedOn))
    : [];
  const blocked = {
    email: await isBlockedHash(db, 'email', report.reporterEmail ? blockHash(report.reporterEmail) : null),
    ip: await isBlockedHash(db, 'ip', report.ipHash),
  };
  const nearby = await matchCandidates(db);
  return {
    report,
    category,
    project,
    photos,
    steps,
    actions,
    blocked,
    projects: nearby.map((p) => ({ id: p.id, name: p.name })),
  };
}

async function isBlockedHash(db: Pick<Db, 'select'>, kind: ReportBlockKind, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  const [row] = await db
    .select({ id: siteReportBlocks.id })
    .from(siteReportBlocks)
    .where(and(eq(siteReportBlocks.kind, kind), eq(siteReportBlocks.valueHash, hash)))
    .limit(1);
  return row !== undefined;
}

/** A photo for the officer (any), by its report. */
export async function staffPhoto(db: Db, photoId: number) {
  const [photo] = await db.select().from(siteReportPhotos).where(eq(siteReportPhotos.id, photoId));
  return photo;
}

/** The triage queue: reports in groups of likely duplicates (near each other, same category, within a week). */
export async function triageQueue(db: Db, opts: { includeClosed: boolean }): Promise<QueueRow[][]> {
  return groupDuplicates(await queueRows(db, opts));
}

/** How often residents may add to reports: per network address, and "still happening" once a day per report. */
export const RESIDENT_STEP_LIMITS = {
  ip: { limit: 10, windowMs: 60 * 60 * 1000 } satisfies Limit,
  stillHappening: { limit: 1, windowMs: 24 * 60 * 60 * 1000 } satisfies Limit,
};
const LIMITED = 'Too many additions were sent from here. Wait an hour and try again.';

/** The officer hears of a resident's step at once, as of a new report. */
async function tellOfficers(tx: Db, report: SiteReport, words: string): Promise<void> {
  const url = `${await townPublicUrlAsync(tx)}/staff/reports/${report.id}`;
  for (const officer of await usersWithRole(tx, 'officer'))
    await enqueueMailAsync(tx, {
      kind: 'site-report-resident-step',
      to: officer.email,
      data: { number: reportNumber(report.id), words, url },
    });
}

const quoted = (text: string) => `“${text.replace(/\s+/g, ' ').trim()}”`;

/**
 * A resident says the problem is still happening (anyone may: the status page is public). A report the officer
 * has finished with opens again as received (stillHappeningStatus), an open one gets the step; either way the
 * officer is mailed, and the reporter and followers get the step.
 */
export async function stillHappening(
  db: Db,
  id: number,
  input: { words: string },
  ctx: { ip: string; now?: Date },
): Promise<Result> {
  const now = ctx.now ?? new Date();
  const [shown] = await db.select({ hidden: siteReports.hidden }).from(siteReports).where(eq(siteReports.id, id));
  if (!shown || shown.hidden) return fail('That report is not on the portal.');
  if (!(await hit(db, `report-step:ip:${ctx.ip}`, RESIDENT_STEP_LIMITS.ip, now)).allowed) return fail(LIMITED);
  if (!(await hit(db, `report-still:${id}:${ctx.ip}`, RESIDENT_STEP_LIMITS.stillHappening, now)).allowed)
    return fail('You said so already today: the stormwater officer has it.');
  const said = input.words.trim() ? ` They wrote: ${quoted(input.words)}` : '';
  return change(db, { label: 'public', ip: ctx.ip }, id, now, async (tx, row) => {
    if (row.hidden) return { error: fail('That report is not on the portal.') };
    // Read from the row as it is now: an officer may have closed (or reopened) it a moment ago.
    const reopened = stillHappeningStatus(row.status);
    const words = reopened
      ? `A resident said on ${formatDay(townToday(now))} that the problem is still happening. The report is open again for the stormwater officer.${said}`
      : `A resident said on ${formatDay(townToday(now))} that the problem is still happening.${said}`;
    await tellOfficers(tx, row, words);
    return {
      set: reopened ? { status: reopened, publicReason: null } : {},
      words,
      action: 'site_report.still_happening',
      fromResident: true,
    };
  });
}

/**
 * A resident adds to a report: words, shown on its page at once like the report's own, and photos, re-encoded
 * when they arrived and shown once the officer has looked at them.
 */
export async function addToReport(
  db: Db,
  id: number,
  input: { words: string; photos: PhotoInput[] },
  ctx: { ip: string; now?: Date },
): Promise<Result> {
  const now = ctx.now ?? new Date();
  const [shown] = await db.select({ hidden: siteReports.hidden }).from(siteReports).where(eq(siteReports.id, id));
  if (!shown || shown.hidden) return fail('That report is not on the portal.');
  if (!(await hit(db, `report-step:ip:${ctx.ip}`, RESIDENT_STEP_LIMITS.ip, now)).allowed) return fail(LIMITED);
  const photos = input.photos.length
    ? ` With ${input.photos.length === 1 ? 'a photo' : `${input.photos.length} photos`}, shown here once the stormwater officer has looked at ${input.photos.length === 1 ? 'it' : 'them'}.`
    : '';
  const words = `A resident added on ${formatDay(townToday(now))}: ${quoted(input.words)}${photos}`;
  return change(db, { label: 'public', ip: ctx.ip }, id, now, async (tx, row) => {
    if (row.hidden) return { error: fail('That report is not on the portal.') };
    const [{ n: already }] = (await tx
      .select({ n: count() })
      .from(siteReportPhotos)
      .where(eq(siteReportPhotos.reportId, id))) as [{ n: number }];
    if (already + input.photos.length > MAX_PHOTOS * 2)
      return { error: fail(`A report keeps at most ${MAX_PHOTOS * 2} photos; this one has ${already}.`, 'photos') };
    if (input.photos.length)
      await tx.insert(siteReportPhotos).values(input.photos.map((p) => ({ reportId: id, ...p, createdAt: now })));
    await tellOfficers(tx, row, words);
    return { set: {}, words, action: 'site_report.add', fromResident: true };
  });
}

/** The officer takes what a resident added off the public page (it stays in the staff view). */
export function hideAddition(db: Db, actor: Actor, id: number, eventId: number, now = new Date()): Promise<Result> {
  return change(db, actor, id, now, async (tx) => {
    const [row] = await tx
      .update(siteReportEvents)
      .set({ public: false })
      .where(
        and(
          eq(siteReportEvents.id, eventId),
          eq(siteReportEvents.reportId, id),
          eq(siteReportEvents.fromResident, true),
        ),
      )
      .returning({ id: siteReportEvents.id });
    if (!row) return { error: fail('No such addition on this report.') };
    return { set: {}, words: null, action: 'site_report.hide_addition' };
  });
}
