/**
 * Reading one records request: everything the clerk's request page shows, and the smaller, contact-free
 * view the requester's tracking page shows (only what is visible to them, only released files).
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { documents, projects, requestEvents, users } from '#db/schema.ts';
import { formatDay } from '#lib/shared/format.ts';
import { closeOfBusinessAsync, loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import { feeScheduleOn } from './fee-schedules.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import {
  computeDueDate,
  deadlineFlag,
  deadlineWindow,
  explainDueDate,
  latestPromiseWithoutReason,
  type DeadlineFlag,
  type DueDate,
} from '#lib/server/platform/time/deadlines.rules.ts';
import { allInvoices, currentInvoice, itemRows, type InvoiceView } from './billing.ts';
import { requestIdForToken, trackUrl } from './links.ts';
import { resolveItems, type ResolvedItem } from './records.ts';
import { explainAfterDueDate, isOpen, missedDeadlineOn, missedText } from './request.rules.ts';
import { appealFor, appealRightsFor, appealsOf, type AppealRow } from './appeals.ts';
import { appealInTime, type Appealable } from './appeals.rules.ts';
import { listGrounds, withheldLines } from './grounds.ts';
import { noRecordLines, requestOutcome, type RequestOutcome } from './item-decisions.rules.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { hashToken, looksLikeToken } from '#lib/server/platform/tokens.ts';
import { getRequestAsync, type RequestRow } from './store.ts';
import { loadThread } from './messages.ts';
import { duplicateLinks } from './duplicate-close.ts';
import { listReplyTemplates, templateFromParam } from './reply-templates.ts';
import { filterAttachable, parseAttachFilter } from './attach-filter.rules.ts';
import { loadLocalLawAsync } from '#lib/server/platform/local-law.ts';

export interface RequestEvent {
  id: number;
  at: Date;
  kind: string;
  visibleToRequester: boolean;
  body: string;
  actorName: string | null;
}

export interface RequestView {
  request: RequestRow;
  project: { id: number; slug: string; name: string; published: boolean } | null;
  items: ResolvedItem[];
  events: RequestEvent[];
  invoice: InvoiceView | undefined;
  invoices: InvoiceView[];
  due: DueDate;
  /** The due-date explanation, then what happened after (acknowledgment, cost-approval wait, outcome). */
  explanation: string[];
  flag: DeadlineFlag | undefined;
  /** A time limit ran out unanswered (the five business days, or the date promised): stays true after a late answer. */
  missed: boolean;
  /** Which limit was missed, in the requester's words (POL §89(4)(a)); null when none. */
  missedText: string | null;
  /** The day that limit ran out (the due date or the promised date); null when none. */
  missedOn: string | null;
  /** What the requester may appeal now, and until when (null: nothing denied). */
  appeal: Appealable | null;
  /** Whether the requester can still send an appeal (in time, none already made). */
  canAppeal: boolean;
  appealRights: string;
  appeals: AppealRow[];
  /** What was withheld in writing, one line per item. */
  withheld: string[];
  /** The certifications that the Town has no such record (POL §89(3)(a)), one per item: not denials. */
  noRecord: string[];
  /** Granted, granted in part or denied, once the request is answered (fulfilled or denied). */
  outcome: RequestOutcome | null;
}

function events(db: Db, requestId: number, onlyVisible: boolean): Promise<RequestEvent[]> {
  return db
    .select({
      id: requestEvents.id,
      at: requestEvents.at,
      kind: requestEvents.kind,
      visibleToRequester: requestEvents.visibleToRequester,
      body: requestEvents.body,
      actorName: users.name,
    })
    .from(requestEvents)
    .leftJoin(users, eq(users.id, requestEvents.actorUserId))
    .where(
      onlyVisible
        ? and(eq(requestEvents.requestId, requestId), eq(requestEvents.visibleToRequester, true))
        : eq(requestEvents.requestId, requestId),
    )
    .orderBy(asc(requestEvents.at), asc(requestEvents.id));
}

/** One request as its page shows it, read in one snapshot. */
export function loadRequestView(
  db: Db,
  id: number,
  opts: { forRequester?: boolean; now?: Date } = {},
): Promise<RequestView | undefined> {
  return readSnapshotAsync(db, () => readRequestView(db, id, opts));
}

async function readRequestView(
  db: Db,
  id: number,
  opts: { forRequester?: boolean; now?: Date },
): Promise<RequestView | undefined> {
  const r = await getRequestAsync(db, id);
  if (!r) return undefined;
  const [project] = r.projectId
    ? await db
        .select({ id: projects.id, slug: projects.slug, name: projects.name, published: projects.published })
        .from(projects)
        .where(eq(projects.id, r.projectId))
    : [];
  const now = opts.now ?? new Date();
  const calendar = await loadCalendarAsync(db);
  const cob = await closeOfBusinessAsync(db);
  const t = await townAsync(db);
  const law = await loadLocalLawAsync(db);
  const items = await resolveItems(db, r.projectId, await itemRows(db, r.id));
  const invoice = await currentInvoice(db, r.id);
  const appeal = await appealFor(db, r, now);
  const appeals = await appealsOf(db, r.id);
  const appealRights = await appealRightsFor(db, r, now);
  const withheld = await withheldLines(db, items);
  const invoices = opts.forRequester ? (invoice ? [invoice] : []) : await allInvoices(db, r.id);
  const due = computeDueDate(r.receivedAt, calendar, {
    closeOfBusiness: cob,
    businessDays: law.foilBusinessDays,
    municipality: t.profile.kind,
  });
  const explanation = explainDueDate(due);
  if (due.dueOn !== r.dueOn) {
    explanation.push(
      isOpen(r.status)
        ? `The ${t.profile.kind}'s calendar changed after that; a due date that has passed does not move, so this request was due on ${formatDay(r.dueOn)}.`
        : `The ${t.profile.kind}'s calendar has changed since this request was closed: at the time, it was due on ${formatDay(r.dueOn)}.`,
    );
  }
  const window = deadlineWindow(now, calendar, cob);
  const missedWords = missedText(r, window.overdueBefore, t.kindWord);
  const missed = missedWords != null;
  if (missedWords) explanation.push(missedWords);
  explanation.push(
    ...explainAfterDueDate(
      {
        ...r,
        pendingCostCents: invoice?.status === 'draft' ? invoice.totalCents : r.estimateCents,
      },
      t,
    ),
  );
  return {
    request: r,
    project: project ?? null,
    items,
    missed,
    missedText: missedWords,
    missedOn: missedDeadlineOn(r, window.overdueBefore),
    appeal,
    canAppeal: appeal != null && appeals.length === 0 && appealInTime(appeal, window.today),
    appealRights,
    appeals,
    withheld,
    noRecord: noRecordLines(
      items.map((i) => ({ label: i.label, decision: i.item.decision ?? null, reason: i.item.decisionReason ?? null })),
      t.fullName,
    ),
    outcome:
      r.status === 'denied'
        ? 'denied'
        : r.status === 'fulfilled'
          ? requestOutcome(items.map((i) => i.item.decision ?? null))
          : null,
    events: await events(db, r.id, Boolean(opts.forRequester)),
    invoice,
    invoices,
    due,
    explanation,
    flag: deadlineFlag(r.respondBy, window),
  };
}

/** The tracking page's view, by token; undefined for a malformed, tampered or replaced token. */
export async function loadTrackingView(
  db: Db,
  token: string | undefined,
  now = new Date(),
): Promise<RequestView | undefined> {
  const id = await requestIdForToken(db, token);
  return id === undefined ? undefined : loadRequestView(db, id, { forRequester: true, now });
}

/** The project's documents a clerk may attach (all of them: the clerk decides what the records are). */
export async function attachableDocuments(db: Db, projectId: number, exclude: number[]) {
  const rows = await db
    .select({
      id: documents.id,
      type: documents.type,
      title: documents.title,
      documentDate: documents.documentDate,
      public: documents.public,
      pageCount: documents.pageCount,
      largeFormatPages: documents.largeFormatPages,
    })
    .from(documents)
    .where(eq(documents.projectId, projectId))
    .orderBy(asc(documents.type), desc(documents.documentDate), desc(documents.id));
  return rows.filter((d) => !exclude.includes(d.id));
}

/**
 * The clerk's request page, in one call: the request view, the calendar facts its forms need (today,
 * the default promise date, the last date that needs no written reason), today's rates, the project's
 * documents that could still be attached, what is not yet released, and whether anything is owed.
 * `linkParam` is a tracking token just made: shown once, and only when it is this request's own.
 */
export function clerkRequestPage(
  db: Db,
  id: number,
  today: string,
  publicUrl: string,
  linkParam: string | null,
  attachParams: URLSearchParams = new URLSearchParams(),
) {
  return readSnapshotAsync(db, () => readClerkRequestPage(db, id, today, publicUrl, linkParam, attachParams));
}

async function readClerkRequestPage(
  db: Db,
  id: number,
  today: string,
  publicUrl: string,
  linkParam: string | null,
  attachParams: URLSearchParams,
) {
  const view = await loadRequestView(db, id);
  if (!view) return undefined;
  const r = view.request;
  const inv = view.invoice;
  const calendar = await loadCalendarAsync(db);
  const rates = await feeScheduleOn(db, today);
  const grounds = await listGrounds(db, { activeOnly: true });
  const thread = await loadThread(db, r.id);
  const duplicates = await duplicateLinks(db, r);
  const replyTemplates = await listReplyTemplates(db);
  const chosenTemplate = await templateFromParam(db, attachParams.get('template'));
  // The attach list filtered by type and dates (GET parameters), ticked documents kept.
  const allAttachable = view.project
    ? await attachableDocuments(
        db,
        view.project.id,
        view.items.map((i) => i.item.documentId).filter((d): d is number => d != null),
      )
    : [];
  const attachFilter = parseAttachFilter(attachParams);
  const attachable = filterAttachable(allAttachable, attachFilter);
  return {
    view,
    today,
    open: isOpen(r.status),
    rates,
    attachable,
    attachTotal: allAttachable.length,
    attachFilter,
    /** The document types the project has, for the filter's choices. */
    attachTypes: [...new Set(allAttachable.map((d) => d.type))],
    /** Ticked before filtering and now filtered out: kept ticked as hidden fields. */
    attachHiddenTicked: attachFilter.ticked.filter(
      (t) => allAttachable.some((d) => d.id === t) && !attachable.some((d) => d.id === t),
    ),
    unreleased: view.items.filter((i) => !i.item.releasedAt && i.files.length > 0),
    owed: inv ? inv.status === 'draft' || inv.balanceCents > 0 : false,
    shownLink:
      looksLikeToken(linkParam) && hashToken(linkParam) === r.trackingTokenHash
        ? trackUrl(publicUrl, linkParam)
        : undefined,
    defaultPromise: calendar.addBusinessDays(today, 10).date,
    noReasonUntil: latestPromiseWithoutReason(r.acknowledgedOn ?? today, calendar),
    grounds,
    /** Both sides' messages, oldest first. */
    thread,
    /** The request this one was closed into, and those closed into it. */
    duplicates,
    /** The saved replies the message box offers, and the one chosen (`?template=`). */
    replyTemplates,
    chosenTemplate,
  };
}
