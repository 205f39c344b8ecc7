/**
 * Making a request to the site's operator (ordinance L(4)): through the portal (the operator receives it
 * when the portal delivers it to their workspace and mail), or a written request sent outside the portal
 * (letter, email, by hand) logged afterwards by the requester or the clerk with the day the operator
 * received it. Either way: a number, a private tracking link, the five-business-day due date counted by the
 * same module as the Town's requests, a timeline entry, an audit row, and mail to both sides.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  operatorRequests,
  parties,
  projectMembers,
  projects,
  userRoles,
  users,
  type DeliveryMethod,
  type OperatorRequestChannel,
} from '#db/schema.ts';
import { formatDay, formatInstant } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { preparedOnce } from '#lib/server/platform/db.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { hit, isLimited, type Limit } from '#lib/server/platform/http/rate-limit.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { hashToken } from '#lib/server/platform/tokens.ts';
import { closeOfBusinessAsync } from '#lib/server/platform/time/calendar.ts';
import { computeDueDate, explainDueDate, STATUTORY_CALENDAR } from '#lib/server/platform/time/deadlines.rules.ts';
import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { trackingToken, trackUrl } from '#lib/server/records-requests/links.ts';
import { submissionKeyHash } from '#lib/server/records-requests/request.rules.ts';
import { submissionLimit } from '#lib/server/records-requests/submit.ts';
import { addDays } from '#lib/shared/days.ts';
import { askedFor, OPERATOR_DELIVERY_PHRASE } from './request.rules.ts';
import { addOperatorEventAsync, nextOperatorNumberAsync } from './store.ts';
import { failFields, type Result } from '#lib/server/platform/result.ts';

export interface OperatorContact {
  name: string;
  email: string;
}

/**
 * Where the portal delivers a request to the operator: the operator accounts that file for the project,
 * and the owner/operator's business email on the NOI record. No address, no delivery through the portal.
 */
export async function operatorContacts(db: Db, projectId: number): Promise<OperatorContact[]> {
  const q = addresseeStatements(db);
  const accounts = await q.accounts.all({ projectId });
  const owners = (await q.owners.all({ projectId }))
    .filter((p): p is typeof p & { email: string } => !!p.email)
    .map((p) => ({ name: p.name ?? p.company, email: p.email }));
  const seen = new Set<string>();
  return [...accounts, ...owners].filter((c) =>
    seen.has(c.email.toLowerCase()) ? false : (seen.add(c.email.toLowerCase()), true),
  );
}

/** The project a request to its operator can be about: published, with its operator's name. */
export async function requestableProject(db: Db, slug: string) {
  const q = addresseeStatements(db);
  const p = await q.project.get({ slug });
  if (!p) return undefined;
  const [operator] = await q.owners.all({ projectId: p.id });
  return { ...p, operatorName: operator?.company ?? null, reachable: (await operatorContacts(db, p.id)).length > 0 };
}

/**
 * The reads behind whom to ask, prepared once per connection: every public project page asks them
 * (the "whom to ask" box), so they must cost microseconds, not a query plan each.
 */
function addresseeStatements(db: Db) {
  return preparedOnce(db, 'operator-requests.addressee', () => {
    const projectId = sql.placeholder('projectId');
    return {
      project: db
        .select({ id: projects.id, slug: projects.slug, name: projects.name })
        .from(projects)
        .where(and(eq(projects.slug, sql.placeholder('slug')), eq(projects.published, true)))
        .prepare(),
      accounts: db
        .select({ name: users.name, email: users.email })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'operator')))
        .where(and(eq(projectMembers.projectId, projectId), eq(users.disabled, false)))
        .prepare(),
      owners: db
        .select({ name: parties.contactName, company: parties.companyName, email: parties.email })
        .from(parties)
        .where(and(eq(parties.projectId, projectId), eq(parties.role, 'owner_operator')))
        .orderBy(asc(parties.id))
        .prepare(),
    };
  });
}

export interface OperatorRequestInput {
  project: string;
  wantsSwppp: boolean;
  reportsFrom?: string;
  reportsTo?: string;
  description?: string;
  delivery: DeliveryMethod;
  name: string;
  email?: string;
  phone?: string;
  address?: string;
  channel: OperatorRequestChannel;
  /** For a request sent outside the portal: the local day the operator received it. */
  receivedOn?: string;
  /** The public form's one-time key: the same form sent twice (a double click) makes one request. */
  formKey?: string;
}

export type FieldProblems = Partial<
  Record<
    | 'project'
    | 'records'
    | 'reportsFrom'
    | 'reportsTo'
    | 'name'
    | 'email'
    | 'address'
    | 'delivery'
    | 'receivedOn'
    | 'channel',
    string
  >
>;

/** Everything wrong with a request, by field, at once (an empty object: it can be sent). */
export async function checkOperatorRequest(
  db: Db,
  v: OperatorRequestInput,
  who: 'public' | 'clerk',
  today = townToday(),
): Promise<FieldProblems> {
  const p: FieldProblems = {};
  const project = v.project ? await requestableProject(db, v.project) : undefined;
  if (!project) p.project = 'Choose a project from the list. We could not find that one.';
  else if (v.channel === 'web' && !project.reachable)
    p.project = `The ${(await townAsync(db)).kindWord} has no address for this project’s operator, so the portal cannot send it. Send your request in writing to the operator at the site, then log it here with the day they received it.`;
  if (!v.wantsSwppp && !v.reportsFrom && !v.reportsTo && !v.description?.trim())
    p.records = 'Tick the SWPPP, give dates for inspection reports, or describe the records you want.';
  if (v.reportsFrom || v.reportsTo) {
    if (!v.reportsFrom) p.reportsFrom = 'Enter the first date of the inspection reports you want.';
    else if (!v.reportsTo) p.reportsTo = 'Enter the last date of the inspection reports you want.';
    else if (v.reportsFrom > v.reportsTo) p.reportsTo = 'The last date must be on or after the first date.';
  }
  if (!v.name?.trim()) p.name = 'Enter your name (or an organization’s).';
  if (who === 'public' && !v.email) p.email = 'Enter your email address: the receipt and tracking link go there.';
  if (v.delivery === 'paper_mail' && !v.address) p.address = 'Enter the postal address to mail the copies to.';
  if (!(v.delivery in OPERATOR_DELIVERY_PHRASE))
    p.delivery = 'Choose how you want the records: copies by email or download, paper copies, or to inspect them.';
  if (v.channel === 'web') {
    if (who === 'clerk') p.channel = 'Choose how the request reached the operator: by letter, by email or by hand.';
  } else if (!v.receivedOn) p.receivedOn = 'Enter the day the operator received the written request.';
  else if (v.receivedOn > today) p.receivedOn = 'The day the operator received it cannot be in the future.';
  else if (v.receivedOn < addDays(today, -366)) p.receivedOn = 'Log requests from the last twelve months only.';
  return p;
}

/** A refusal by the connection's hourly limit carries how long to wait (`retryAfterMs`). */
export type CreateResult = Result<
  { id: number; number: string; token: string; duplicate?: boolean },
  { retryAfterMs?: number }
>;

/**
 * Record the request and tell both sides; `now` is when the portal delivered it (web requests). The form key and
 * the connection's hourly count (`opts.limitKey`) are read in the transaction that stores the request, so a
 * double click at once stores one request, and a form sent again answers with it even over the limit.
 */
export function createOperatorRequest(
  db: Db,
  v: OperatorRequestInput,
  actor: Actor,
  baseUrl: string,
  now = new Date(),
  opts: { limitKey?: string; limit?: Limit } = {},
): Promise<CreateResult> {
  const keyHash = v.formKey ? submissionKeyHash(v.formKey) : null;
  return db.transaction(async (tx): Promise<CreateResult> => {
    if (keyHash) {
      const [made] = await tx
        .select({
          id: operatorRequests.id,
          number: operatorRequests.number,
          version: operatorRequests.trackingLinkVersion,
        })
        .from(operatorRequests)
        .where(eq(operatorRequests.submissionKeyHash, keyHash))
        .limit(1);
      if (made)
        return {
          ok: true,
          id: made.id,
          number: made.number,
          token: trackingToken(made.number, made.version),
          duplicate: true,
        };
    }
    const limit = opts.limit ?? submissionLimit();
    if (opts.limitKey) {
      const state = await isLimited(tx, opts.limitKey, limit);
      if (!state.allowed) return { ok: false, retryAfterMs: state.retryAfterMs };
    }
    const read = await readRequestFacts(tx, v, actor, now);
    if (!read.ok) return read;
    const { project, receivedAt, due, t, contacts } = read;
    const clean = (s?: string) => s?.trim() || null;
    const facts = {
      wantsSwppp: v.wantsSwppp,
      reportsFrom: clean(v.reportsFrom),
      reportsTo: clean(v.reportsTo),
      description: clean(v.description),
      delivery: v.delivery,
    };
    const asked = askedFor(facts);
    const loggedByUserId = v.channel !== 'web' && 'userId' in actor ? actor.userId : null;
    const number = await nextOperatorNumberAsync(tx, due.receivedLocal.slice(0, 4));
    const token = trackingToken(number, 1);
    const [row] = await tx
      .insert(operatorRequests)
      .values({
        number,
        trackingTokenHash: hashToken(token),
        projectId: project.id,
        channel: v.channel,
        status: 'received',
        receivedAt,
        dueOn: due.dueOn,
        ...facts,
        requesterName: v.name.trim(),
        requesterEmail: clean(v.email),
        requesterPhone: clean(v.phone),
        requesterAddress: clean(v.address),
        loggedByUserId,
        submissionKeyHash: keyHash,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: operatorRequests.id });
    const how =
      v.channel === 'web'
        ? 'through the portal'
        : v.channel === 'letter'
          ? 'by letter'
          : v.channel === 'email'
            ? 'by email'
            : 'by hand';
    await addOperatorEventAsync(tx, row!.id, {
      kind: 'status',
      at: receivedAt,
      actorUserId: loggedByUserId,
      body:
        `Request ${number} received by the operator ${how}${v.channel === 'web' ? '' : ` on ${formatDay(v.receivedOn!)} (logged ${loggedByUserId ? `by the ${t.clerk}` : 'by the requester'})`}. ` +
        `${due.receiptNote ? `${due.receiptNote} ` : ''}The records must be available by close of business on ${formatDay(due.dueOn)} (Subsection L(4)).`,
    });
    await auditAsync(tx, actor, {
      action: v.channel === 'web' ? 'operator_request.create' : 'operator_request.log',
      entityType: 'operator_request',
      entityId: row!.id,
      after: { number, projectId: project.id, channel: v.channel, receivedAt, dueOn: due.dueOn, delivery: v.delivery },
    });
    const receivedText = v.channel === 'web' ? formatInstant(receivedAt) : formatDay(v.receivedOn!);
    if (v.email) {
      await enqueueMailAsync(tx, {
        kind: 'operator-request-receipt',
        to: v.email,
        data: {
          number,
          projectName: project.name,
          name: v.name.trim(),
          trackUrl: trackUrl(baseUrl, token),
          receivedText,
          dueText: formatDay(due.dueOn),
          explanation: explainDueDate(due).map((l) =>
            l.replace('Your request arrived', 'The operator received your request'),
          ),
          asked,
          delivery: v.delivery,
        },
      });
    }
    for (const c of contacts) {
      await enqueueMailAsync(tx, {
        kind: 'operator-request-new',
        to: c.email,
        data: {
          number,
          projectName: project.name,
          name: c.name,
          workspaceUrl: `${baseUrl}/operator/requests/${row!.id}`,
          receivedText,
          dueText: formatDay(due.dueOn),
          asked,
          deliveryText: OPERATOR_DELIVERY_PHRASE[v.delivery] ?? 'as copies',
        },
      });
    }
    if (opts.limitKey) await hit(tx, opts.limitKey, limit);
    return { ok: true, id: row!.id, number, token };
  });
}

/** What a new request needs read: the law's checks of the form, the project, the due date and whom to tell. */
async function readRequestFacts(db: Db, v: OperatorRequestInput, actor: Actor, now: Date) {
  const who = 'userId' in actor && v.channel !== 'web' ? 'clerk' : 'public';
  const problems = await checkOperatorRequest(db, v, who, townToday(now));
  if (Object.keys(problems).length) return failFields(problems as Record<string, string>);
  const project = (await requestableProject(db, v.project))!;
  const receivedAt = v.channel === 'web' ? now : townInstant(v.receivedOn!, '09:00');
  // The operator's days are the General Construction Law's, not Town Hall's (decision 0069).
  const t = await townAsync(db);
  const due = computeDueDate(receivedAt, STATUTORY_CALENDAR, {
    closeOfBusiness: await closeOfBusinessAsync(db),
    municipality: t.profile.kind,
  });
  return { ok: true as const, project, receivedAt, t, due, contacts: await operatorContacts(db, project.id) };
}
