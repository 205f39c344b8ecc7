/**
 * Reading one records request: everything the clerk's request page shows, and the smaller, contact-free
 * view the requester's tracking page shows (only what is visible to them, only released files).
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { documents, projects, requestEvents, users } from '#db/schema.ts';
import { formatDay } from '#lib/shared/format.ts';
import type { Tx } from '#lib/server/platform/audit.ts';
import { closeOfBusiness, loadCalendar } from '#lib/server/platform/time/calendar.ts';
import { feeScheduleOn } from './fee-schedules.ts';
import type { DB } from '#lib/server/platform/db.ts';
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
import { listGrounds, withheldLines, type DenialGround } from './grounds.ts';
import { noRecordLines, requestOutcome, type RequestOutcome } from './item-decisions.rules.ts';
import { town } from '#lib/server/platform/town-profile.ts';
import { hashToken, looksLikeToken } from '#lib/server/platform/tokens.ts';
import { getRequest, type RequestRow } from './store.ts';
import { loadThread } from './messages.ts';
import { duplicateLinks } from './duplicate-close.ts';
import { listReplyTemplates, templateFromParam } from './reply-templates.ts';
import { filterAttachable, parseAttachFilter } from './attach-filter.rules.ts';
import { loadLocalLaw } from '#lib/server/platform/local-law.ts';

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

function events(tx: Pick<Tx, 'select'>, requestId: number, onlyVisible: boolean): RequestEvent[] {
  return tx
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
    .orderBy(asc(requestEvents.at), asc(requestEvents.id))
    .all();
}

export function loadRequestView(
  db: DB,
  id: number,
  opts: { forRequester?: boolean; now?: Date } = {},
): RequestView | undefined {
  const r = getRequest(db, id);
  if (!r) return undefined;
  const project = r.projectId
    ? (db
        .select({ id: projects.id, slug: projects.slug, name: projects.name, published: projects.published })
        .from(projects)
        .where(eq(projects.id, r.projectId))
        .get() ?? null)
    : null;
  const calendar = loadCalendar(db);
  const cob = closeOfBusiness(db);
  const t = town(db);
  const due = computeDueDate(r.receivedAt, calendar, {
    closeOfBusiness: cob,
    businessDays: loadLocalLaw(db).foilBusinessDays,
    municipality: t.profile.kind,
  });
  const invoice = currentInvoice(db, r.id);
  const explanation = explainDueDate(due);
  if (due.dueOn !== r.dueOn) {
    explanation.push(
      isOpen(r.status)
        ? `The ${t.profile.kind}'s calendar changed after that; a due date that has passed does not move, so this request was due on ${formatDay(r.dueOn)}.`
        : `The ${t.profile.kind}'s calendar has changed since this request was closed: at the time, it was due on ${formatDay(r.dueOn)}.`,
    );
  }
  const now = opts.now ?? new Date();
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
  const items = resolveItems(db, r.projectId, itemRows(db, r.id));
  const appeal = appealFor(db, r, now);
  const appeals = appealsOf(db, r.id);
  return {
    request: r,
    project,
    items,
    missed,
    missedText: missedWords,
    missedOn: missedDeadlineOn(r, window.overdueBefore),
    appeal,
    canAppeal: appeal != null && appeals.length === 0 && appealInTime(appeal, window.today),
    appealRights: appealRightsFor(db, r, now),
    appeals,
    withheld: withheldLines(db, items),
    noRecord: noRecordLines(
      items.map((i) => ({ label: i.label, decision: i.item.decision ?? null, reason: i.item.decisionReason ?? null })),
      town(db).fullName,
    ),
    outcome:
      r.status === 'denied'
        ? 'denied'
        : r.status === 'fulfilled'
          ? requestOutcome(items.map((i) => i.item.decision ?? null))
          : null,
    events: events(db, r.id, Boolean(opts.forRequester)),
    invoice,
    invoices: opts.forRequester ? (invoice ? [invoice] : []) : allInvoices(db, r.id),
    due,
    explanation,
    flag: deadlineFlag(r.respondBy, window),
  };
}

/** The tracking page's view, by token; undefined for a malformed, tampered or replaced token. */
export function loadTrackingView(db: DB, token: string | undefined, now = new Date()): RequestView | undefined {
  const id = requestIdForToken(db, token);
  return id === undefined ? undefined : loadRequestView(db, id, { forRequester: true, now });
}

/** The project's documents a clerk may attach (all of them: the clerk decides what the records are). */
export function attachableDocuments(db: DB, projectId: number, exclude: number[]) {
  return db
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
    .orderBy(asc(documents.type), desc(documents.documentDate), desc(documents.id))
    .all()
    .filter((d) => !exclude.includes(d.id));
}

/** Fee rates in force today, for the billing form. */
export function ratesToday(db: DB, today: string) {
  return feeScheduleOn(db, today);
}

/**
 * The clerk's request page, in one call: the request view, the calendar facts its forms need (today,
 * the default promise date, the last date that needs no written reason), today's rates, the project's
 * documents that could still be attached, what is not yet released, and whether anything is owed.
 * `linkParam` is a tracking token just made: shown once, and only when it is this request's own.
 */
export function clerkRequestPage(
  db: DB,
  id: number,
  today: string,
  publicUrl: string,
  linkParam: string | null,
  attachParams: URLSearchParams = new URLSearchParams(),
) {
  const view = loadRequestView(db, id);
  if (!view) return undefined;
  const r = view.request;
  const calendar = loadCalendar(db);
  const inv = view.invoice;
  // The attach list filtered by type and dates (GET parameters), ticked documents kept.
  const allAttachable = view.project
    ? attachableDocuments(
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
    rates: ratesToday(db, today),
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
    grounds: listGrounds(db, { activeOnly: true }) as DenialGround[],
    /** Both sides' messages, oldest first. */
    thread: loadThread(db, r.id),
    /** The request this one was closed into, and those closed into it. */
    duplicates: duplicateLinks(db, r),
    /** The saved replies the message box offers, and the one chosen (`?template=`). */
    replyTemplates: listReplyTemplates(db),
    chosenTemplate: templateFromParam(db, attachParams.get('template')),
  };
}
