/**
 * Making a records request: from the public form (with a one-time form key so a double-clicked submit
 * makes one request, a honeypot and a per-IP limit) or entered by a clerk for a request that came by
 * email, mail, telephone or in person. Either way: a number, a private tracking link, the statutory due
 * date, the fee estimate, a timeline entry, an audit row and (with an email address) a receipt.
 */
import { CHANNEL_LABEL, deliveryLabel } from '#lib/shared/labels.ts';
import { eq } from 'drizzle-orm';
import { DELIVERY_METHODS, recordsRequests, requestItems, type DeliveryMethod } from '#db/schema.ts';
import { computeBill, needsCostApproval, type Bill } from '#lib/shared/fees.ts';
import { formatDay, formatInstant, formatMoney } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { hashToken } from '#lib/server/platform/tokens.ts';
import { insertRowAsync } from '#lib/server/platform/insert-row.ts';
import { closeOfBusinessAsync, loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import { feeScheduleOn, type FeeSchedule } from './fee-schedules.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { computeDueDate, explainDueDate } from '#lib/server/platform/time/deadlines.rules.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { hit, isLimited, type Limit } from '#lib/server/platform/http/rate-limit.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import {
  copyItems,
  projectRecords,
  publicDocumentsOf,
  publishedProject,
  rangeDescription,
  resolveItems,
  type ItemRow,
  type PickableDocument,
} from './records.ts';
import { trackingToken, trackUrl } from './links.ts';
import { respondBy, submissionFingerprint, submissionKeyHash, type RequestChannel } from './request.rules.ts';
import { addEventAsync, nextNumberAsync } from './store.ts';
import { loadLocalLawAsync } from '#lib/server/platform/local-law.ts';
import { type Result } from '#lib/server/platform/result.ts';

/** Web submissions per IP address per hour (REQUESTS_PER_IP_PER_HOUR overrides; the bench raises it). */
export function submissionLimit(env: NodeJS.ProcessEnv = process.env): Limit {
  const n = Number(env.REQUESTS_PER_IP_PER_HOUR);
  return { limit: Number.isInteger(n) && n > 0 ? n : 10, windowMs: 60 * 60 * 1000 };
}

export interface Selection {
  documentIds: number[];
  reportsFrom?: string;
  reportsTo?: string;
  freeText?: string;
}

export interface SelectionProblem {
  field: 'project' | 'documentIds' | 'reportsFrom' | 'reportsTo' | 'records';
  message: string;
}

export interface CheckedSelection {
  project: { id: number; slug: string; name: string } | null;
  documents: PickableDocument[];
  reports?: { from: string; to: string };
  freeText?: string;
  problems: SelectionProblem[];
}

/** Match the form's picks against the project: unknown projects and documents not public on it are refused. */
export async function checkSelection(
  db: Pick<Db, 'select'>,
  projectSlug: string | undefined,
  s: Selection,
): Promise<CheckedSelection> {
  const problems: SelectionProblem[] = [];
  const project = projectSlug ? ((await publishedProject(db, projectSlug)) ?? null) : null;
  if (projectSlug && !project)
    problems.push({ field: 'project', message: 'Choose a project from the list. We could not find that one.' });
  const ids = [...new Set(s.documentIds)];
  const docs = project ? await publicDocumentsOf(db, project.id, ids) : [];
  if (ids.length && docs.length !== ids.length) {
    problems.push({
      field: 'documentIds',
      message: project
        ? 'One of the ticked documents is not a public document of this project. Tick documents from the list.'
        : 'Choose the project first, then tick its documents.',
    });
  }
  let reports: CheckedSelection['reports'];
  if (s.reportsFrom || s.reportsTo) {
    if (!project)
      problems.push({
        field: 'reportsFrom',
        message: 'Choose the project first, then the dates of the inspection reports.',
      });
    else if (!s.reportsFrom)
      problems.push({ field: 'reportsFrom', message: 'Enter the first date of the inspection reports you want.' });
    else if (!s.reportsTo)
      problems.push({ field: 'reportsTo', message: 'Enter the last date of the inspection reports you want.' });
    else if (s.reportsFrom > s.reportsTo)
      problems.push({ field: 'reportsTo', message: 'The last date must be on or after the first date.' });
    else reports = { from: s.reportsFrom, to: s.reportsTo };
  }
  const freeText = s.freeText?.trim() || undefined;
  if (!ids.length && !reports && !freeText && !problems.length) {
    problems.push({
      field: 'records',
      message: 'Tick at least one document, give dates for inspection reports, or describe the records you want.',
    });
  }
  return { project, documents: docs, reports, freeText, problems };
}

type NewItem = Omit<typeof requestItems.$inferInsert, 'requestId'>;

function itemsFor(sel: CheckedSelection): NewItem[] {
  const items: NewItem[] = sel.documents.map((d) => ({
    documentId: d.id,
    description: d.title + (d.documentDate ? ` (${formatDay(d.documentDate)})` : ''),
  }));
  if (sel.reports) {
    items.push({
      documentType: 'inspection_report',
      dateFrom: sel.reports.from,
      dateTo: sel.reports.to,
      description: rangeDescription('inspection_report', sel.reports.from, sel.reports.to),
    });
  }
  if (sel.freeText) items.push({ description: sel.freeText });
  return items;
}

function asItemRows(items: NewItem[]): ItemRow[] {
  return items.map((i, k) => ({
    id: -k - 1,
    documentId: i.documentId ?? null,
    description: i.description ?? null,
    dateFrom: i.dateFrom ?? null,
    dateTo: i.dateTo ?? null,
    documentType: i.documentType ?? null,
    pages: null,
    largeFormatSheets: null,
    releasedAt: null,
    fileSha256: null,
    fileName: null,
    fileMimeType: null,
    fileSizeBytes: null,
    addedByUserId: null,
  }));
}

export interface Estimate {
  bill: Bill;
  /** Items whose size the estimate cannot know (free-text descriptions). */
  unsized: string[];
  items: string[];
  feeScheduleId: number;
}

/**
 * The fee estimate for a checked selection, from the stored page counts and the schedule in force on `today`.
 * The items are resolved as an invoice resolves them (resolveItems).
 */
export async function estimateSelection(
  db: Db,
  sel: CheckedSelection,
  delivery: DeliveryMethod,
  today = townToday(),
): Promise<Estimate> {
  return selectionEstimate(db, sel, delivery, await feeScheduleOn(db, today));
}

function selectionEstimate(
  db: Pick<Db, 'select'>,
  sel: CheckedSelection,
  delivery: DeliveryMethod,
  fee: FeeSchedule,
): Promise<Estimate> {
  return estimateItems(db, sel.project?.id ?? null, asItemRows(itemsFor(sel)), delivery, fee);
}

/**
 * The estimate the form showed, for a request already made (decision 0030: the tracking page shows the same
 * breakdown): the items the requester asked for, priced by the schedule in force the day it was received.
 */
export async function estimateForRequest(
  db: Db,
  r: { projectId: number | null; delivery: DeliveryMethod; receivedAt: Date },
  rows: ItemRow[],
): Promise<Estimate> {
  return estimateItems(
    db,
    r.projectId,
    rows.filter((i) => i.addedByUserId == null),
    r.delivery,
    await feeScheduleOn(db, townToday(r.receivedAt)),
  );
}

/** One estimate, for the form and the tracking page: items resolved to their documents' counts, then the bill. */
async function estimateItems(
  db: Pick<Db, 'select'>,
  projectId: number | null,
  rows: ItemRow[],
  delivery: DeliveryMethod,
  fee: FeeSchedule,
): Promise<Estimate> {
  const resolved = await resolveItems(db, projectId, rows);
  return {
    bill: computeBill(fee, { delivery, items: copyItems(resolved) }),
    unsized: resolved.filter((r) => !r.sized).map((r) => r.label),
    items: resolved.map((r) => r.label),
    feeScheduleId: fee.id,
  };
}

export interface Requester {
  name: string;
  email?: string;
  phone?: string;
  address?: string;
}

export interface NewRequest {
  channel: RequestChannel;
  receivedAt: Date;
  selection: CheckedSelection;
  delivery: DeliveryMethod;
  requester: Requester;
  costLimitCents?: number | null;
  /** The public form's one-time key (web only). */
  formKey?: string;
}

export type CreateResult = Result<
  { id: number; number: string; token: string; duplicate: boolean },
  { reason: 'limited'; retryAfterMs: number }
>;

/**
 * Store a new request. For the web form, the form key makes a resubmission of the same form return the
 * request already made (same tracking link); a changed form after Back makes a new one. The form key and the
 * connection's hourly count are read in the transaction that stores the request, so a double click stores one
 * request and two sends at once cannot both pass the limit.
 */
export function createRecordsRequest(
  db: Db,
  input: NewRequest,
  actor: Actor,
  baseUrl: string,
  opts: { ip?: string; limit?: Limit } = {},
): Promise<CreateResult> {
  const sel = input.selection;
  const requester = {
    name: input.requester.name.trim(),
    email: input.requester.email?.trim().toLowerCase() || null,
    phone: input.requester.phone?.trim() || null,
    address: input.requester.address?.trim() || null,
  };
  const fingerprint = submissionFingerprint({
    project: sel.project?.id ?? null,
    docs: sel.documents.map((d) => d.id).sort((a, b) => a - b),
    reports: sel.reports ?? null,
    freeText: sel.freeText ?? null,
    delivery: input.delivery,
    requester,
    costLimitCents: input.costLimitCents ?? null,
  });
  const keyHash = input.formKey ? submissionKeyHash(input.formKey) : null;
  const limitKey = opts.ip ? `records-request:ip:${opts.ip}` : undefined;
  const limit = opts.limit ?? submissionLimit();
  const items = itemsFor(sel);
  const description =
    sel.freeText ??
    [
      sel.documents.length ? sel.documents.map((d) => d.title).join('; ') : '',
      sel.reports ? rangeDescription('inspection_report', sel.reports.from, sel.reports.to) : '',
    ]
      .filter(Boolean)
      .join('; ');
  const now = new Date();

  return db.transaction(async (tx): Promise<CreateResult> => {
    // A double click sends the same form twice: answer with the request the first one made.
    const [existing] = keyHash
      ? await tx
          .select({
            id: recordsRequests.id,
            number: recordsRequests.number,
            version: recordsRequests.trackingLinkVersion,
            fingerprint: recordsRequests.submissionFingerprint,
          })
          .from(recordsRequests)
          .where(eq(recordsRequests.submissionKeyHash, keyHash))
          .limit(1)
      : [];
    if (existing && existing.fingerprint === fingerprint) {
      return {
        ok: true,
        id: existing.id,
        number: existing.number,
        token: trackingToken(existing.number, existing.version),
        duplicate: true,
      };
    }
    if (limitKey) {
      const state = await isLimited(tx, limitKey, limit);
      if (!state.allowed) return { ok: false, reason: 'limited', retryAfterMs: state.retryAfterMs };
    }
    const words = await townAsync(tx);
    const due = computeDueDate(input.receivedAt, await loadCalendarAsync(tx), {
      closeOfBusiness: await closeOfBusinessAsync(tx),
      businessDays: (await loadLocalLawAsync(tx)).foilBusinessDays,
      municipality: words.profile.kind,
    });
    const estimate = await selectionEstimate(
      tx,
      sel,
      input.delivery,
      await feeScheduleOn(tx, townToday(input.receivedAt)),
    );
    const waiting = needsCostApproval(estimate.bill.totalCents, input.costLimitCents);
    // A form sent again after changes (Back, edit, send) is a new request; only the first keeps the key.
    const keyFree = keyHash && !existing;

    const number = await nextNumberAsync(tx, 'R', due.receivedLocal.slice(0, 4));
    const status = waiting ? 'awaiting_cost_approval' : 'received';
    const token = trackingToken(number, 1);
    const id = await insertRowAsync(tx, recordsRequests, {
      number,
      trackingTokenHash: hashToken(token),
      projectId: sel.project?.id ?? null,
      channel: input.channel,
      status,
      receivedAt: input.receivedAt,
      dueOn: due.dueOn,
      respondBy: respondBy({ status, dueOn: due.dueOn, promisedOn: null }),
      description,
      delivery: input.delivery,
      costLimitCents: input.costLimitCents ?? null,
      costApprovalRequestedAt: waiting ? now : null,
      estimateCents: estimate.bill.totalCents,
      requesterName: requester.name,
      requesterEmail: requester.email,
      requesterPhone: requester.phone,
      requesterAddress: requester.address,
      enteredByUserId: 'userId' in actor ? actor.userId : null,
      submissionKeyHash: keyFree ? keyHash : null,
      submissionFingerprint: keyFree ? fingerprint : null,
      createdAt: now,
      updatedAt: now,
    });
    for (const item of items) await insertRowAsync(tx, requestItems, { ...item, requestId: id });

    const dueText = formatDay(due.dueOn);
    await addEventAsync(tx, id, {
      kind: 'status',
      visible: true,
      at: input.receivedAt,
      actorUserId: 'userId' in actor ? actor.userId : null,
      body: `Request ${number} received (${CHANNEL_LABEL[input.channel].toLowerCase()}). ${due.receiptNote ? `${due.receiptNote} ` : ''}The ${words.kindWord} must respond by close of business on ${dueText}.`,
    });
    const estimateText = estimateSentence(estimate, input.delivery);
    if (waiting) {
      await addEventAsync(tx, id, {
        kind: 'status',
        visible: true,
        body: `${estimateText} That is more than the ${formatMoney(input.costLimitCents ?? 0)} limit you gave, so the request waits for your approval before anything is copied or charged.`,
      });
    }
    await auditAsync(tx, actor, {
      action: 'records_request.create',
      entityType: 'records_request',
      entityId: id,
      after: {
        number,
        channel: input.channel,
        status,
        receivedAt: input.receivedAt,
        dueOn: due.dueOn,
        projectId: sel.project?.id ?? null,
        delivery: input.delivery,
        items: items.length,
        estimateCents: estimate.bill.totalCents,
        costLimitCents: input.costLimitCents ?? null,
      },
    });
    if (requester.email) {
      await enqueueMailAsync(tx, {
        kind: 'request-receipt',
        to: requester.email,
        data: {
          number,
          name: requester.name,
          trackUrl: trackUrl(baseUrl, token),
          receivedText: formatInstant(input.receivedAt),
          dueText,
          explanation: explainDueDate(due),
          items: estimate.items,
          deliveryText: deliveryLabel(words.hall)[input.delivery],
          estimateText,
          waitingForApproval: waiting,
        },
      });
    }
    // Counted with the request it allowed, in the same commit.
    if (limitKey) await hit(tx, limitKey, limit);
    return { ok: true, id, number, token, duplicate: false };
  });
}

/** "Estimated cost: $12.50 (…)". */
export function estimateSentence(e: Estimate, delivery: DeliveryMethod): string {
  const parts = [`Estimated cost: ${formatMoney(e.bill.totalCents)}`];
  if (delivery === 'electronic') parts.push('(electronic copies are free)');
  let s = parts.join(' ') + '.';
  if (e.bill.notes.length) s += ` ${e.bill.notes.join(' ')}`;
  if (e.unsized.length)
    s += ' Records you described in your own words are not in the estimate; the clerk will tell you their cost.';
  return s;
}

/**
 * What the request form shows for the values it holds (a GET, a preview, a failed send): the project's
 * records to tick and the estimate. Documents of another project (the project was changed) are dropped.
 */
export async function formPreview(
  db: Db,
  v: {
    project: string;
    documentIds: string[];
    reportsFrom: string;
    reportsTo: string;
    freeText: string;
    delivery: string;
  },
) {
  const project = v.project ? await publishedProject(db, v.project) : undefined;
  const records = project ? await projectRecords(db, project) : undefined;
  const known = new Set(
    records ? [...records.swppp, ...records.noi, ...records.summaries, ...records.other].map((d) => d.id) : [],
  );
  const documentIds = v.documentIds.map(Number).filter((id) => known.has(id));
  const delivery = (
    (DELIVERY_METHODS as readonly string[]).includes(v.delivery) ? v.delivery : 'electronic'
  ) as DeliveryMethod;
  const sel = await checkSelection(db, project?.slug, {
    documentIds,
    reportsFrom: /^\d{4}-\d{2}-\d{2}$/.test(v.reportsFrom) ? v.reportsFrom : undefined,
    reportsTo: /^\d{4}-\d{2}-\d{2}$/.test(v.reportsTo) ? v.reportsTo : undefined,
    freeText: v.freeText,
  });
  // One read of the fee schedule for the estimate and the rates shown beside it, not one for each.
  const today = townToday();
  const rates = await feeScheduleOn(db, today);
  const estimate = project || sel.freeText ? await selectionEstimate(db, sel, delivery, rates) : undefined;
  return {
    project,
    projectError: v.project && !project ? 'Choose a project from the list. We could not find that one.' : undefined,
    records,
    documentIds,
    estimate,
    rates,
    selection: sel,
    delivery,
  };
}
