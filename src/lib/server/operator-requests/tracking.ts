/**
 * The requester's view of a request made to the site's operator (ordinance L(4)), at the same private
 * tracking address as the Town's requests: whom it went to (the operator's business name only), the due date
 * and how it was counted, what the operator did and when, the bill (lines, total, the Town's yardstick and any
 * statement of actual cost), the copies once released (no bill, or the bill paid: "copying … at the
 * requester's expense"), and the history the requester may see. Nothing about the operator's people.
 */
import { and, asc, eq } from 'drizzle-orm';
import { operatorRequestCharges, operatorRequestEvents, operatorRequestFiles, parties, projects } from '#db/schema.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import type { StoredFileInfo } from '#lib/server/platform/files/downloads.ts';
import { closeOfBusinessAsync } from '#lib/server/platform/time/calendar.ts';
import {
  computeDueDate,
  deadlineWindow,
  explainDueDate,
  STATUTORY_CALENDAR,
} from '#lib/server/platform/time/deadlines.rules.ts';
import { formatDay } from '#lib/shared/format.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import {
  askedFor,
  explainOperatorAnswer,
  OPERATOR_DELIVERY_PHRASE,
  OPERATOR_STATUS_LABEL,
  OPERATOR_STATUS_MEANING,
  timeliness,
  townLimitWords,
} from './request.rules.ts';
import { getOperatorRequestAsync, operatorRequestIdForToken } from './store.ts';
import { explainFacts, publicOperatorPhone } from './workflow.ts';

const CHANNEL_WORDS = { web: 'through this portal', letter: 'by letter', email: 'by email', hand: 'by hand' } as const;

/** Copies are released to the requester when there is no bill to pay, or it is paid. */
export function copiesReleased(r: { billTotalCents: number | null; paidOn: string | null }): boolean {
  return !r.billTotalCents || r.paidOn != null;
}

/** The requester's tracking page of a request to the operator, read in one snapshot; undefined for a bad link. */
export function loadOperatorTracking(db: Db, token: string | undefined, now = new Date()) {
  return readSnapshotAsync(db, () => readOperatorTracking(db, token, now));
}

async function readOperatorTracking(db: Db, token: string | undefined, now: Date) {
  const id = await operatorRequestIdForToken(db, token);
  const r = id === undefined ? undefined : await getOperatorRequestAsync(db, id);
  if (!r) return undefined;
  const [project] = await db
    .select({ name: projects.name, slug: projects.slug, published: projects.published })
    .from(projects)
    .where(eq(projects.id, r.projectId));
  // Whom it went to: the owner/operator's business name from the NOI record, nothing personal.
  const [operator] = await db
    .select({ company: parties.companyName })
    .from(parties)
    .where(and(eq(parties.projectId, r.projectId), eq(parties.role, 'owner_operator')));
  const operatorName = operator?.company ?? null;
  // The business phone the project's public page already shows: whom to ask when the bill does not say how to pay.
  const operatorPhone = await publicOperatorPhone(db, r.projectId);
  const cob = await closeOfBusinessAsync(db);
  const t = await townAsync(db);
  const calendar = STATUTORY_CALENDAR;
  const window = deadlineWindow(now, calendar, cob);
  const due = computeDueDate(r.receivedAt, calendar, { closeOfBusiness: cob, municipality: t.profile.kind });
  const explanation = explainDueDate(due).map((l) =>
    l.replace('Your request arrived', 'The operator received your request'),
  );
  if (r.channel !== 'web') {
    explanation[0] = `The operator received your request ${CHANNEL_WORDS[r.channel]} on ${formatDay(townToday(r.receivedAt))}${r.loggedByUserId ? ` (logged by the ${t.clerk})` : ''}.`;
  }
  if (due.dueOn !== r.dueOn)
    explanation.push(`The due date set when the request was received stands: ${formatDay(r.dueOn)}.`);
  const charges = await db
    .select()
    .from(operatorRequestCharges)
    .where(eq(operatorRequestCharges.requestId, r.id))
    .orderBy(asc(operatorRequestCharges.id));
  const released = copiesReleased(r);
  const files = await db
    .select({
      id: operatorRequestFiles.id,
      fileName: operatorRequestFiles.fileName,
      mimeType: operatorRequestFiles.mimeType,
      sizeBytes: operatorRequestFiles.sizeBytes,
    })
    .from(operatorRequestFiles)
    .where(eq(operatorRequestFiles.requestId, r.id))
    .orderBy(asc(operatorRequestFiles.id));
  const events = (
    await db
      .select({
        id: operatorRequestEvents.id,
        at: operatorRequestEvents.at,
        kind: operatorRequestEvents.kind,
        body: operatorRequestEvents.body,
        visibleToRequester: operatorRequestEvents.visibleToRequester,
      })
      .from(operatorRequestEvents)
      .where(and(eq(operatorRequestEvents.requestId, r.id), eq(operatorRequestEvents.visibleToRequester, true)))
      .orderBy(asc(operatorRequestEvents.at), asc(operatorRequestEvents.id))
  ).map((e) => ({ ...e, actorName: null }));
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    statusLabel: OPERATOR_STATUS_LABEL[r.status],
    statusMeaning: OPERATOR_STATUS_MEANING[r.status],
    project: project!,
    operatorName,
    channel: r.channel,
    receivedAt: r.receivedAt,
    /** The local day the operator received it. */
    receivedOn: townToday(r.receivedAt),
    dueOn: r.dueOn,
    timeliness: timeliness(r, window.overdueBefore),
    asked: askedFor(r),
    delivery: OPERATOR_DELIVERY_PHRASE[r.delivery] ?? 'as copies',
    hasEmail: !!r.requesterEmail,
    explanation,
    answer: explainOperatorAnswer(explainFacts(r, operatorPhone), window.overdueBefore, t.kindWord),
    operatorPhone,
    /** How the operator provided the copies, once they did (uploaded here, mailed, emailed or handed over). */
    copiesHow: r.copiesHow,
    bill:
      r.billTotalCents == null
        ? null
        : {
            lines: charges,
            totalCents: r.billTotalCents,
            townLimitCents: r.townLimitCents,
            // The yardstick in words: the delivery asked for, and the pages counted from the files.
            townLimitText:
              r.townLimitCents == null
                ? null
                : townLimitWords(
                    {
                      delivery: r.delivery,
                      counted:
                        r.billPagesCounted == null
                          ? null
                          : { pages: r.billPagesCounted, largeFormatSheets: r.billSheetsCounted ?? 0 },
                      townLimitCents: r.townLimitCents,
                    },
                    t.kindWord,
                  ),
            actualCostStatement: r.actualCostStatement,
            payee: r.billPayee,
            howToPay: r.billHowToPay,
            paidOn: r.paidOn,
          },
    released,
    files: released ? files : [],
    heldFiles: released ? 0 : files.length,
    events,
    canWithdraw: r.status !== 'fulfilled' && r.status !== 'withdrawn',
  };
}

export type OperatorTracking = NonNullable<Awaited<ReturnType<typeof loadOperatorTracking>>>;

/** A released copy, for the holder of the tracking link only; undefined for anything else. */
export function releasedOperatorFile(
  db: Db,
  token: string | undefined,
  fileId: number,
): Promise<StoredFileInfo | undefined> {
  return readSnapshotAsync(db, async () => {
    const id = await operatorRequestIdForToken(db, token);
    const r = id === undefined ? undefined : await getOperatorRequestAsync(db, id);
    if (!r || !copiesReleased(r) || !Number.isSafeInteger(fileId)) return undefined;
    const [f] = await db
      .select()
      .from(operatorRequestFiles)
      .where(and(eq(operatorRequestFiles.id, fileId), eq(operatorRequestFiles.requestId, r.id)));
    return f ? { sha256: f.sha256, filename: f.fileName, mimeType: f.mimeType, sizeBytes: f.sizeBytes } : undefined;
  });
}
