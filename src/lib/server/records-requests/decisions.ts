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
import { audit, type Actor } from '#lib/server/platform/audit.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { enqueueMail } from '#lib/server/platform/mail/outbox.ts';
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
import { town } from '#lib/server/platform/town-profile.ts';
import { trackingLink } from './links.ts';
import { resolveItems } from './records.ts';
import { isOpen } from './request.rules.ts';
import { addEvent, getRequest, updateRequest } from './store.ts';
import { fail, type Result } from '#lib/server/platform/result.ts';

export function decideItem(
  db: DB,
  actor: Actor,
  requestId: number,
  itemId: number,
  input: ItemDecisionInput,
  baseUrl: string,
  now = new Date(),
): Result {
  const r = getRequest(db, requestId);
  if (!r) return fail('No such request.');
  if (!isOpen(r.status)) return fail('This request is closed; its items can no longer be decided.');
  if (currentInvoice(db, r.id))
    return fail('The request is billed: cancel the invoice first, then decide the item and bill again.');
  const rows = itemRows(db, r.id);
  const row = rows.find((i) => i.id === itemId);
  if (!row) return fail('No such item on this request.');
  // What the item covers before any decision (a new decision replaces the old one).
  const [covered] = resolveItems(db, r.projectId, [{ ...row, decision: null, withheldDocumentIds: null }]);
  const documentIds = covered.files.map((f) => f.documentId).filter((d): d is number => d != null);
  const grounds = listGrounds(db, { activeOnly: true });
  const problems = checkItemDecision(
    input,
    { documentIds, released: row.releasedAt != null },
    grounds.map((g) => g.id),
    town(db).kindWord,
  );
  const [field, message] = Object.entries(problems)[0] ?? [];
  if (message) return fail(message, field === 'form' ? undefined : field);
  const today = townToday(now);
  const withholds = input.decision === 'denied' || input.decision === 'granted_in_part';
  const noRecord = isNoRecord(input.decision);
  const patch = {
    decision: input.decision,
    denialGroundId: withholds ? input.groundId : null,
    decisionReason: withholds ? input.reason.trim() : input.reason.trim() || null,
    decidedOn: today,
    decidedByUserId: 'userId' in actor ? actor.userId : null,
    withheldDocumentIds: input.decision === 'granted_in_part' ? [...new Set(input.withheldDocumentIds)] : null,
  };
  db.transaction((tx) => {
    tx.update(requestItems)
      .set(patch)
      .where(and(eq(requestItems.id, row.id), eq(requestItems.requestId, r.id)))
      .run();
    const after = updateRequest(tx, r, {}, now);
    const [resolved] = resolveItems(tx, r.projectId, [{ ...row, ...patch }]);
    const ground = groundById(tx, patch.denialGroundId);
    const lines = withheldLines(tx, [resolved]);
    const rights = withholds ? appealRightsFor(tx, after, now) : '';
    const certification = isNoRecord(patch.decision)
      ? noRecordCertification(resolved.label, patch.decision, town(tx).fullName, patch.decisionReason)
      : '';
    addEvent(tx, r.id, {
      kind: 'status',
      visible: true,
      actorUserId: patch.decidedByUserId,
      at: now,
      body: withholds
        ? `Decided in writing on ${formatDay(today)}: ${lines.join(' ')} ${rights}`
        : noRecord
          ? `Certified in writing on ${formatDay(today)}: ${certification}`
          : `${asClause(resolved.label)}: ${itemDecisionLabel(town(tx).kindWord).granted.toLowerCase()} on ${formatDay(today)}.`,
    });
    audit(tx, actor, {
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
      enqueueMail(tx, {
        kind: 'request-item-no-record',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: trackingLink(tx, r, baseUrl),
          decidedText: formatDay(today),
          certification,
        },
      });
    }
    if (withholds && r.requesterEmail) {
      enqueueMail(tx, {
        kind: 'request-items-withheld',
        to: r.requesterEmail,
        data: {
          number: r.number,
          name: r.requesterName,
          trackUrl: trackingLink(tx, r, baseUrl),
          decidedText: formatDay(today),
          lines,
          appealRights: rights,
        },
      });
    }
  });
  return { ok: true };
}
