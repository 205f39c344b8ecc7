/**
 * Read models for requests made to a site's operator (ordinance L(4)): the operator's queue (only requests for
 * projects the user files for), one request for the operator to answer, and the staff's list and detail (the
 * officer's view of the five-business-day duty, with the way to open an enforcement action when it ran out).
 * Business days are counted by the General Construction Law's calendar (platform/time/deadlines.rules.ts), never here.
 */
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  COPIES_HOW,
  OPERATOR_CHARGE_CODES,
  OPERATOR_REQUEST_STATUSES,
  type CopiesHow,
  type OperatorChargeCode,
  type OperatorRequestStatus,
} from '#db/enums.ts';
import { membersWhere } from '#lib/shared/closed-lists.ts';
import {
  operatorRequestCharges,
  operatorRequestEvents,
  operatorRequestFiles,
  operatorRequests,
  parties,
  projectMembers,
  projects,
  users,
} from '#db/schema.ts';
import { addDays } from '#lib/shared/days.ts';
import { parseMoney } from '#lib/shared/format.ts';
import type { FeeRates } from '#lib/shared/fees.ts';
import type { Actor } from '#lib/server/platform/audit.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { defineUpload } from '#lib/server/platform/forms/define-upload.ts';
import { failFields, fieldsOf, ok, type Result } from '#lib/server/platform/result.ts';
import { closeOfBusinessAsync } from '#lib/server/platform/time/calendar.ts';
import {
  deadlineFlag,
  deadlineWindow,
  STATUTORY_CALENDAR,
  type BusinessCalendar,
  type DeadlineFlag,
  type DeadlineWindow,
} from '#lib/server/platform/time/deadlines.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { townAsync, townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { feeScheduleOn } from '#lib/server/records-requests/fee-schedules.ts';
import {
  askedFor,
  CHARGE_LABEL,
  checkBill,
  countedFromFiles,
  dueWords,
  explainOperatorAnswer,
  OPERATOR_SECTION,
  OPERATOR_STATUS_LABEL,
  OPERATOR_STATUS_MEANING,
  timeliness,
  unansweredFinding,
  type BillFacts,
  type ChargeLine,
  type Timeliness,
  type UnansweredFinding,
} from './request.rules.ts';
import { getOperatorRequestAsync, type OperatorRequestRow } from './store.ts';
import { explainFacts, operatorMayAct, provideCopies } from './workflow.ts';

/**
 * Statuses in which the operator still has something to do (answer, or complete an inspection or a bill).
 * Every status is placed (decision 0088).
 */
const OPEN_STATUSES: OperatorRequestStatus[] = membersWhere(OPERATOR_REQUEST_STATUSES, {
  received: true,
  inspection_offered: true,
  awaiting_payment: true,
  fulfilled: false,
  withdrawn: false,
} as const satisfies Record<OperatorRequestStatus, boolean>);

/** How each timeliness reads for staff. */
export const TIMELINESS_LABEL: Record<Timeliness, string> = {
  pending: 'Within the five business days',
  on_time: 'Answered in time',
  late: 'Answered late',
  missed: 'Not answered in five business days',
  withdrawn: 'Withdrawn',
};

/** Today's deadline window, with the calendar it was read from (read once per screen, not per row). */
async function windowNow(db: Db, now: Date): Promise<DeadlineWindow & { calendar: BusinessCalendar }> {
  // The operator's business days skip weekends and public holidays only, never the Town's closures.
  const calendar = STATUTORY_CALENDAR;
  return { ...deadlineWindow(now, calendar, await closeOfBusinessAsync(db)), calendar };
}

/** The due-date words for a request the operator must still answer; the status words otherwise. */
type Window = Awaited<ReturnType<typeof windowNow>>;

function dueText(r: Pick<OperatorRequestRow, 'status' | 'dueOn'>, w: Window): string {
  if (r.status !== 'received') return OPERATOR_STATUS_LABEL[r.status];
  const left = Math.max(0, w.calendar.businessDaysBetween(w.today, r.dueOn));
  return dueWords(r.dueOn, w.today, left, w.overdueBefore);
}

/** One row of the operator's queue or the staff list (the operator and the staff read the same facts). */
function listRow(r: ListRow, w: Window): OperatorQueueRow {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    statusLabel: OPERATOR_STATUS_LABEL[r.status],
    dueOn: r.dueOn,
    dueWords: dueText(r, w),
    flag: r.status === 'received' ? deadlineFlag(r.dueOn, w) : undefined,
    asked: askedFor(r),
    receivedAt: r.receivedAt,
    projectName: r.projectName,
    projectSlug: r.projectSlug,
    requesterName: r.requesterName,
    requesterEmail: r.requesterEmail,
    requesterPhone: r.requesterPhone,
    requesterAddress: r.requesterAddress,
  };
}

const listColumns = {
  id: operatorRequests.id,
  number: operatorRequests.number,
  status: operatorRequests.status,
  receivedAt: operatorRequests.receivedAt,
  dueOn: operatorRequests.dueOn,
  answeredOn: operatorRequests.answeredOn,
  availableOn: operatorRequests.availableOn,
  withdrawnOn: operatorRequests.withdrawnOn,
  wantsSwppp: operatorRequests.wantsSwppp,
  reportsFrom: operatorRequests.reportsFrom,
  reportsTo: operatorRequests.reportsTo,
  description: operatorRequests.description,
  delivery: operatorRequests.delivery,
  requesterName: operatorRequests.requesterName,
  requesterEmail: operatorRequests.requesterEmail,
  requesterPhone: operatorRequests.requesterPhone,
  requesterAddress: operatorRequests.requesterAddress,
  projectId: operatorRequests.projectId,
  projectName: projects.name,
  projectSlug: projects.slug,
};
type ListRow = Pick<
  OperatorRequestRow,
  | 'id'
  | 'number'
  | 'status'
  | 'dueOn'
  | 'receivedAt'
  | 'wantsSwppp'
  | 'reportsFrom'
  | 'reportsTo'
  | 'description'
  | 'delivery'
  | 'requesterName'
  | 'requesterEmail'
  | 'requesterPhone'
  | 'requesterAddress'
> & { projectName: string; projectSlug: string };

/** Received first (by due date), then those waiting for an inspection or a payment, then closed ones (newest first). */
function queueOrder(
  a: { status: OperatorRequestStatus; dueOn: string },
  b: { status: OperatorRequestStatus; dueOn: string },
): number {
  const rank = (s: OperatorRequestStatus) => (s === 'received' ? 0 : OPEN_STATUSES.includes(s) ? 1 : 2);
  const byRank = rank(a.status) - rank(b.status);
  if (byRank) return byRank;
  return rank(a.status) === 2 ? b.dueOn.localeCompare(a.dueOn) : a.dueOn.localeCompare(b.dueOn);
}

export interface OperatorQueueRow {
  id: number;
  number: string;
  status: OperatorRequestStatus;
  statusLabel: string;
  dueOn: string;
  dueWords: string;
  flag: DeadlineFlag | undefined;
  asked: string;
  receivedAt: Date;
  projectName: string;
  projectSlug: string;
  requesterName: string;
  requesterEmail: string | null;
  requesterPhone: string | null;
  requesterAddress: string | null;
}

/** The operator's queue: every request for a project the user is a member of, and none other. */
export async function operatorQueue(db: Db, userId: number, now = new Date()): Promise<OperatorQueueRow[]> {
  const w = await windowNow(db, now);
  const rows = await db
    .select(listColumns)
    .from(operatorRequests)
    .innerJoin(projects, eq(projects.id, operatorRequests.projectId))
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, operatorRequests.projectId), eq(projectMembers.userId, userId)),
    );
  return rows.map((r) => listRow(r, w)).sort(queueOrder);
}

/** For the box on /operator: requests the operator must still answer, and the nearest due date. */
export async function operatorRequestSummary(
  db: Db,
  userId: number,
): Promise<{ toAnswer: number; nextDueOn: string | null }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`, next: sql<string | null>`min(${operatorRequests.dueOn})` })
    .from(operatorRequests)
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, operatorRequests.projectId), eq(projectMembers.userId, userId)),
    )
    .where(eq(operatorRequests.status, 'received'));
  return { toAnswer: row?.n ?? 0, nextDueOn: row?.next ?? null };
}

/** One line of the Town's schedule, for the operator's bill form: what the Town would charge for each kind. */
export function townRates(
  rates: FeeRates,
): Array<{ code: OperatorChargeCode; label: string; unitCents: number | null; note: string }> {
  const unit: Record<OperatorChargeCode, [number | null, string]> = {
    page: [rates.perPageCents, 'per page'],
    large_format_sheet: [rates.largeFormatSheetCents, 'per sheet'],
    cd: [rates.cdCents, 'each'],
    usb: [rates.usbCents, 'each'],
    postage: [null, 'at cost'],
    other: [0, 'only with a statement of actual cost'],
  };
  return OPERATOR_CHARGE_CODES.map((code) => ({
    code,
    label: CHARGE_LABEL[code],
    unitCents: unit[code][0],
    note: unit[code][1],
  }));
}

/** One request as the operator's and the staff's pages show it (the callers read it in one snapshot). */
async function readDetail(db: Db, r: OperatorRequestRow, now: Date, withInternal: boolean) {
  const w = await windowNow(db, now);
  const [project] = (await db
    .select({ id: projects.id, name: projects.name, slug: projects.slug })
    .from(projects)
    .where(eq(projects.id, r.projectId))) as [{ id: number; name: string; slug: string }];
  const charges = await db
    .select()
    .from(operatorRequestCharges)
    .where(eq(operatorRequestCharges.requestId, r.id))
    .orderBy(asc(operatorRequestCharges.id));
  const files = await db
    .select()
    .from(operatorRequestFiles)
    .where(eq(operatorRequestFiles.requestId, r.id))
    .orderBy(asc(operatorRequestFiles.id));
  const events = await db
    .select({
      id: operatorRequestEvents.id,
      at: operatorRequestEvents.at,
      kind: operatorRequestEvents.kind,
      body: operatorRequestEvents.body,
      visibleToRequester: operatorRequestEvents.visibleToRequester,
      actorName: users.name,
    })
    .from(operatorRequestEvents)
    .leftJoin(users, eq(users.id, operatorRequestEvents.actorUserId))
    .where(
      withInternal
        ? eq(operatorRequestEvents.requestId, r.id)
        : and(eq(operatorRequestEvents.requestId, r.id), eq(operatorRequestEvents.visibleToRequester, true)),
    )
    .orderBy(asc(operatorRequestEvents.at), asc(operatorRequestEvents.id));
  // The owner/operator on the NOI record: whom a bill is payable to unless the operator says otherwise.
  const [owner] = await db
    .select({ company: parties.companyName })
    .from(parties)
    .where(and(eq(parties.projectId, r.projectId), eq(parties.role, 'owner_operator')));
  const operatorName = owner?.company ?? null;
  const { kindWord } = await townAsync(db);
  const schedule = await feeScheduleOn(db, w.today);
  const t = timeliness(r, w.overdueBefore);
  const finding: UnansweredFinding | null = unansweredFinding(
    { ...r, receivedOn: townToday(r.receivedAt) },
    w.overdueBefore,
    (d) => addDays(d, 1),
  );
  return {
    request: r,
    project,
    operatorName,
    today: w.today,
    statusLabel: OPERATOR_STATUS_LABEL[r.status],
    statusMeaning: OPERATOR_STATUS_MEANING[r.status],
    asked: askedFor(r),
    dueWords: dueText(r, w),
    flag: r.status === 'received' ? deadlineFlag(r.dueOn, w) : undefined,
    timeliness: t,
    timelinessLabel: TIMELINESS_LABEL[t],
    explanation: explainOperatorAnswer(explainFacts(r), w.overdueBefore, kindWord),
    finding,
    charges,
    files,
    events,
    rates: townRates(schedule),
    /** What the operator may still do. */
    can: {
      offer: r.status === 'received' || r.status === 'inspection_offered',
      copies: r.status === 'received' || r.status === 'inspection_offered',
      payment: r.status === 'awaiting_payment',
      inspected: r.status === 'inspection_offered',
    },
  };
}

export type OperatorRequestDetail = Awaited<ReturnType<typeof readDetail>>;

/** A copy the operator uploaded, for its download: undefined unless the user files for the request's project. */
export async function operatorRequestFile(db: Db, userId: number, requestId: number, fileId: number) {
  if (!(await operatorMayAct(db, userId, requestId))) return undefined;
  const [f] = await db
    .select()
    .from(operatorRequestFiles)
    .where(and(eq(operatorRequestFiles.id, fileId), eq(operatorRequestFiles.requestId, requestId)));
  return f ? { sha256: f.sha256, filename: f.fileName, mimeType: f.mimeType, sizeBytes: f.sizeBytes } : undefined;
}

/** One request for the operator: undefined (404) unless the user files for its project. */
export async function operatorRequestDetail(
  db: Db,
  userId: number,
  id: number,
  now = new Date(),
): Promise<OperatorRequestDetail | undefined> {
  return readSnapshotAsync(db, async () => {
    const r = await operatorMayAct(db, userId, id);
    return r ? readDetail(db, r, now, false) : undefined;
  });
}

// ---------------------------------------------------------------------------------------------
// Staff (officer, clerk, admin): every request, read-only

export const STAFF_FILTERS = {
  open: 'Open',
  overdue: 'Not answered in five business days',
  all: 'All',
  ...OPERATOR_STATUS_LABEL,
} as const;
export type StaffFilter = keyof typeof STAFF_FILTERS;

export function parseStaffFilter(value: string | null): StaffFilter {
  return value && Object.hasOwn(STAFF_FILTERS, value) ? (value as StaffFilter) : 'open';
}

export interface StaffOperatorRow extends OperatorQueueRow {
  timeliness: Timeliness;
  timelinessLabel: string;
}

/** Every operator request matching the filter, by due date (the most urgent first). */
export async function staffOperatorRequests(
  db: Db,
  filter: StaffFilter,
  now = new Date(),
): Promise<StaffOperatorRow[]> {
  const w = await windowNow(db, now);
  const where =
    filter === 'all'
      ? undefined
      : filter === 'open'
        ? inArray(operatorRequests.status, OPEN_STATUSES)
        : filter === 'overdue'
          ? and(eq(operatorRequests.status, 'received'), lt(operatorRequests.dueOn, w.overdueBefore))
          : eq(operatorRequests.status, filter as OperatorRequestStatus);
  const q = db
    .select(listColumns)
    .from(operatorRequests)
    .innerJoin(projects, eq(projects.id, operatorRequests.projectId));
  const rows = await (where ? q.where(where) : q).orderBy(asc(operatorRequests.dueOn), desc(operatorRequests.id));
  return rows.map((r) => {
    const t = timeliness(r, w.overdueBefore);
    return { ...listRow(r, w), timeliness: t, timelinessLabel: TIMELINESS_LABEL[t] };
  });
}

/**
 * One request for staff, with the link to open an enforcement action under L(4) once the five business days
 * ran out without an answer (or were answered late): the project's new-action form, prefilled.
 */
export function staffOperatorRequestDetail(db: Db, id: number, now = new Date()) {
  return readSnapshotAsync(db, () => readStaffDetail(db, id, now));
}

async function readStaffDetail(db: Db, id: number, now: Date) {
  const r = await getOperatorRequestAsync(db, id);
  if (!r) return undefined;
  const d = await readDetail(db, r, now, true);
  const enforcementHref = d.finding
    ? `/staff/projects/${d.project.slug}/enforcement?${new URLSearchParams({ type: 'written_warning', citedSection: OPERATOR_SECTION, summary: d.finding.text })}#issue`
    : null;
  return { ...d, enforcementHref };
}

// ---------------------------------------------------------------------------------------------
// The operator's copies form (multipart: taken by operatorCopiesUpload below, like the operator's document upload)

/** Blank bill rows the form offers (it works without JavaScript). */
export const BILL_ROWS = 4;

export interface CopiesForm {
  how: string;
  lines: ChargeLine[];
  actualCostStatement: string;
  payee: string;
  howToPay: string;
  /** Field → message, bill lines by form row ("line.2"). */
  problems: Record<string, string>;
  /** The form row of each line ("lines.1" may be row 2 when a row was left blank). */
  rowOf: number[];
}

/**
 * The posted copies form: how the copies were provided, and the bill rows that were filled in ("line.0.code",
 * "line.0.description", "line.0.quantity", "line.0.price" in dollars). A row left wholly blank is no line.
 */
export async function readCopiesForm(
  db: Db,
  values: Record<string, string>,
  facts: Pick<BillFacts, 'delivery' | 'counted'>,
  now = new Date(),
): Promise<CopiesForm> {
  const problems: Record<string, string> = {};
  const lines: ChargeLine[] = [];
  const rowOf: number[] = [];
  for (let i = 0; i < BILL_ROWS; i++) {
    const get = (k: string) => (values[`line.${i}.${k}`] ?? '').trim();
    const [code, description, quantity, price] = [get('code'), get('description'), get('quantity'), get('price')];
    if (!description && !quantity && !price) continue;
    const n = lines.length;
    rowOf.push(i);
    if (!(OPERATOR_CHARGE_CODES as readonly string[]).includes(code))
      problems[`lines.${n}`] = `Line ${n + 1}: choose what the charge is for.`;
    else if (description.length > 300)
      problems[`lines.${n}`] = `Line ${n + 1}: use at most 300 characters to say what was copied.`;
    lines.push({
      code: (code || 'other') as OperatorChargeCode,
      description,
      quantity: /^\d{1,6}$/.test(quantity) ? Number(quantity) : Number.NaN,
      unitCents: parseMoney(price) ?? Number.NaN,
    });
  }
  const statement = (values.actualCostStatement ?? '').trim();
  if (statement.length > 2000)
    problems.actualCostStatement = 'Use at most 2,000 characters for the statement of actual cost.';
  const payee = (values.billPayee ?? '').trim();
  const howToPay = (values.billHowToPay ?? '').trim();
  if (payee.length > 200) problems.billPayee = 'Use at most 200 characters for whom to pay.';
  if (howToPay.length > 1000) problems.billHowToPay = 'Use at most 1,000 characters for how to pay.';
  // The bill checked now, so every problem shows at once (provideCopies checks it again when it saves).
  if (lines.length) {
    const checked = checkBill(
      lines,
      await feeScheduleOn(db, townToday(now)),
      {
        ...facts,
        actualCostStatement: statement,
        payee,
        howToPay,
      },
      (await townAsync(db)).kindWord,
    );
    for (const [k, v] of Object.entries(checked.problems)) problems[k] ??= v;
  }
  return {
    how: (values.how ?? '').trim(),
    lines,
    actualCostStatement: statement,
    payee,
    howToPay,
    problems: messagesByRow(problems, rowOf),
    rowOf,
  };
}

/** Messages keyed by line ("lines.1") moved to their form rows ("line.2"); others unchanged. */
export function messagesByRow(problems: Record<string, string>, rowOf: number[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(problems)) {
    const m = /^lines\.(\d+)$/.exec(k);
    out[m ? `line.${rowOf[Number(m[1])] ?? Number(m[1])}` : k] = v;
  }
  return out;
}

/** The copies form read for saving: how they were provided, the bill, and the form row of each bill line. */
export interface ParsedCopies extends Omit<CopiesForm, 'how' | 'problems'> {
  how: CopiesHow;
}

/** The posted copies form, refused (messages beside each field and bill row) unless it can be saved. */
export async function parseCopiesForm(
  db: Db,
  values: Record<string, string>,
  facts: Pick<BillFacts, 'delivery' | 'counted'>,
  now = new Date(),
): Promise<Result<{ value: ParsedCopies }>> {
  const read = await readCopiesForm(db, values, facts, now);
  const problems = { ...read.problems };
  if (!(COPIES_HOW as readonly string[]).includes(read.how)) problems.how = 'Choose how you provided the copies.';
  if (Object.keys(problems).length) return failFields(problems);
  return ok({
    value: {
      how: read.how as CopiesHow,
      lines: read.lines,
      actualCostStatement: read.actualCostStatement,
      payee: read.payee,
      howToPay: read.howToPay,
      rowOf: read.rowOf,
    },
  });
}

/** Who provides the copies, for which request, and the delivery the requester asked for. */
export interface CopiesContext {
  db: Db;
  actor: Actor & { userId: number };
  requestId: number;
  delivery: BillFacts['delivery'];
}

/** The operator's copies: up to 20 PDFs (optional when they were mailed, emailed or handed over), the bill. */
export const operatorCopiesUpload = defineUpload({
  accept: ['pdf'],
  maxFiles: 20,
  fileField: 'files',
  chooseAgain: 'the PDFs',
  // Pages counted from the uploaded PDFs: the Town's yardstick is applied to what the files hold.
  parse: ({ values, files }, c: CopiesContext) =>
    parseCopiesForm(c.db, values, { delivery: c.delivery, counted: countedFromFiles(files) }),
  handle: async (read, files, c, { dbAsync }) => {
    const result = await provideCopies(
      dbAsync,
      c.actor,
      c.requestId,
      {
        how: read.how,
        files: files.map((f) => ({
          sha256: f.sha256,
          filename: f.filename,
          mimeType: f.mimeType,
          sizeBytes: f.sizeBytes,
          pdf: f.pdf,
        })),
        lines: read.lines,
        actualCostStatement: read.actualCostStatement,
        payee: read.payee,
        howToPay: read.howToPay,
      },
      await townPublicUrlAsync(dbAsync),
    );
    // The service names bill lines ("lines.1"); the form shows them beside their rows ("line.2").
    return result.ok ? result : { ...result, fields: messagesByRow(fieldsOf(result), read.rowOf) };
  },
});
