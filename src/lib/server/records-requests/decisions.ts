/**
 * The clerk's written decision on one item of a request (POL §89(3)(a), §87(2)): granted, granted in
 * part (some documents withheld, or a redacted copy released instead), or denied, on a ground from the
 * admin's list, with the reason and the appeal rights mailed and shown on the tracking page. Nothing the
 * request covers is left out without such a decision. Or, for a record the Town does not have, the
 * certification of §89(3)(a) (not in its possession, or not found after a diligent search): not a denial, no
 * ground, no appeal rights, mailed and shown as such. The rules are in item-decisions.rules.ts.
 */
import { and, eq } from 'drizzle-orm';
import { requestItems } from '#db/schema.ts';
import { itemDecisionLabel } from '#lib/shared/labels.ts';
import { asClause, formatDay } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { appealRightsFor } from './appeals.ts';
import { currentInvoice, itemRows } from './billing.ts';
import { groundById, listGrounds, withheldLines } from './grounds.ts';
import {
  checkItemDecision,
  isNoRecord,
  noRecordCertification,
  type ItemDecisionInput,
} from './item-decisions.rules.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { trackingLink } from './links.ts';
import { resolveItems } from './records.ts';
import { isOpen } from './request.rules.ts';
import { addEventAsync, getRequestAsync, updateRequestAsync } from './store.ts';
import { fail, type Result } from '#lib/server/platform/result.ts';

/**
 * The clerk's decision on one item. The request, its invoice and the item are read in the transaction that
 * records the decision, so a bill or a second decision made meanwhile is not written over.
 */
export function decideItem(
  db: Db,
  actor: Actor,
  requestId: number,
  itemId: number,
  input: ItemDecisionInput,
  baseUrl: string,
  now = new Date(),
): Promise<Result> {
  const today = townToday(now);
  const withholds = input.decision === 'denied' || input.decision === 'granted_in_part';
  const noRecord = isNoRecord(input.decision);
  return db.transaction(async (tx): Promise<Result> => {
    const r = await getRequestAsync(tx, requestId);
    if (!r) return fail('No such request.');
    if (!isOpen(r.status)) return fail('This request is closed; its items can no longer be decided.');
    const row = (await itemRows(tx, r.id)).find((i) => i.id === itemId);
    if ((await currentInvoice(tx, r.id)) != null)
      return fail('The request is billed: cancel the invoice first, then decide the item and bill again.');
    // What the item covers before any decision (a new decision replaces the old one).
    const covered = row
      ? (await resolveItems(tx, r.projectId, [{ ...row, decision: null, withheldDocumentIds: null }]))[0]
      : null;
    const grounds = await listGrounds(tx, { activeOnly: true });
    const words = await townAsync(tx);
    if (!row || !covered) return fail('No such item on this request.');
    const documentIds = covered.files.map((f) => f.documentId).filter((d): d is number => d != null);
    const problems = checkItemDecision(
      input,
      { documentIds, released: row.releasedAt != null },
      grounds.map((g) => g.id),
      words.kindWord,
    );
    const [field, message] = Object.entries(problems)[0] ?? [];
    if (message) return fail(message, field === 'form' ? undefined : field);
    const patch = {
      decision: input.decision,
      denialGroundId: withholds ? input.groundId : null,
      decisionReason: withholds ? input.reason.trim() : input.reason.trim() || null,
      decidedOn: today,
      decidedByUserId: 'userId' in actor ? actor.userId : null,
      withheldDocumentIds: input.decision === 'granted_in_part' ? [...new Set(input.withheldDocumentIds)] : null,
    };
    await tx
      .update(requestItems)
      .set(patch)
      .where(and(eq(requestItems.id, row.id), eq(requestItems.requestId, r.id)));
    const after = await updateRequestAsync(tx, r, {}, now);
    const [resolved] = await resolveItems(tx, r.projectId, [{ ...row, ...patch }]);
    const ground = await groundById(tx, patch.denialGroundId);
    const lines = await withheldLines(tx, [resolved]);
    const rights = withholds ? await appealRightsFor(tx, after, now) : '';
    const certification = isNoRecord(patch.decision)
      ? noRecordCertification(resolved.label, patch.decision, words.fullName, patch.decisionReason)
      : '';
    await addEventAsync(tx, r.id, {
      kind: 'status',
      visible: true,
      actorUserId: patch.decidedByUserId,
      at: now,
      body: withholds
        ? `Decided in writing on ${formatDay(today)}: ${lines.join(' ')} ${rights}`
        : noRecord
          ? `Certified in writing on ${formatDay(today)}: ${certification}`
          : `${asClause(resolved.label)}: ${itemDecisionLabel(words.kindWord).granted.toLowerCase()} on ${formatDay(today)}.`,
    });
    await auditAsync(tx, actor, {
      action: 'records_request.decide_item',
      entityType: 'records_request',
      entityId: r.id,
      before: {
        itemId: row.id,
        decision: row.decision ?? null,
        denialGroundId: row.denialGroundId ?? null,
        withheldDocumentIds: row.withheldDocumentIds ?? null,
      },
      after: { itemId: row.id, ...patch, ground: ground?.citation ?? null },
    });
    if (noRecord && r.requesterEmail) {
      await enqueueMailAsync(tx, {
        kind: 'request-item-no-record',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: await trackingLink(tx, r, baseUrl),
          decidedText: formatDay(today),
          certification,
        },
      });
    }
    if (withholds && r.requesterEmail) {
      await enqueueMailAsync(tx, {
        kind: 'request-items-withheld',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: await trackingLink(tx, r, baseUrl),
          decidedText: formatDay(today),
          lines,
          appealRights: rights,
        },
      });
    }
    return { ok: true };
  });
}
