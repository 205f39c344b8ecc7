/**
 * The escrow for the Town's retained professionals, per project (staff only; never on a public page). The
 * ordinance: professionals retained to review an SWPPP or inspect the control measures are paid "from funds
 * deposited by the applicant with the Town in escrow accounts"; the applicant submits certified checks equal to
 * the professional's estimate; the Town pays "upon acceptance by the Town of said service". An estimate above
 * the balance asks the applicant for the difference by mail (outbox). Rules: escrow.rules.ts (decision 0037).
 */
import { asc, eq, and } from 'drizzle-orm';
import { escrowEntries, parties, projects, type EscrowEntryKind } from '#db/schema.ts';
import { formatMoney } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import type { Result } from '#lib/server/platform/result.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import {
  chargeProblem,
  escrowBalance,
  isEscrowClosed,
  refundProblem,
  statementLines,
  topUpNeeded,
} from './escrow.rules.ts';

export interface EscrowInput {
  kind: Exclude<EscrowEntryKind, 'top_up_request'>;
  on: string;
  amountCents: number;
  checkNumber: string | null;
  professional: string | null;
  description: string;
  hundredthsOfHours: number | null;
  acceptedOn: string | null;
}

/** The applicant the Town writes to: the owner/operator named in the NOI, with an email. */
async function applicant(db: Pick<Db, 'select'>, projectId: number) {
  const [owner] = await db
    .select({ name: parties.contactName, company: parties.companyName, email: parties.email })
    .from(parties)
    .where(and(eq(parties.projectId, projectId), eq(parties.role, 'owner_operator')))
    .orderBy(asc(parties.id))
    .limit(1);
  return owner;
}

export async function escrowForProject(db: Db, projectId: number) {
  const entries = await db
    .select()
    .from(escrowEntries)
    .where(eq(escrowEntries.projectId, projectId))
    .orderBy(asc(escrowEntries.on), asc(escrowEntries.id));
  const balanceCents = escrowBalance(entries);
  const a = await applicant(db, projectId);
  return {
    entries,
    lines: statementLines(entries),
    balanceCents,
    closed: isEscrowClosed(entries),
    applicant: a ? { name: a.name ?? a.company, company: a.company, email: a.email } : null,
  };
}

export function recordEscrowEntry(
  db: Db,
  actor: Actor,
  projectId: number,
  input: EscrowInput,
  today: string,
): Promise<Result<{ id: number; topUpCents: number; mailed: boolean }>> {
  // The balance is read in the transaction that records the entry: two refunds at once cannot both pass.
  return db.transaction(async (tx): Promise<Result<{ id: number; topUpCents: number; mailed: boolean }>> => {
    const [project] = await tx
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!project) return { ok: false, message: 'No such project.' };
    if (input.on > today) return { ok: false, fields: { on: 'The day cannot be in the future.' } };
    if (input.amountCents < 1) return { ok: false, fields: { amount: 'Enter an amount above zero.' } };
    const entries = await tx
      .select()
      .from(escrowEntries)
      .where(eq(escrowEntries.projectId, projectId))
      .orderBy(asc(escrowEntries.on), asc(escrowEntries.id));
    const balance = escrowBalance(entries);
    if (input.kind === 'deposit' && !input.checkNumber)
      return {
        ok: false,
        fields: { checkNumber: 'Enter the certified check’s number: deposits are made by certified check.' },
      };
    if ((input.kind === 'estimate' || input.kind === 'charge') && !input.professional)
      return { ok: false, fields: { professional: 'Name the licensed/certified professional.' } };
    if (input.kind === 'charge') {
      if (!input.description) return { ok: false, fields: { description: 'Say what services were rendered.' } };
      const problem = chargeProblem(balance, input, today, (await townAsync(tx)).kindWord);
      if (problem)
        return {
          ok: false,
          fields: { [input.acceptedOn && input.acceptedOn <= today ? 'amount' : 'acceptedOn']: problem },
        };
    }
    if (input.kind === 'refund') {
      const problem = refundProblem(balance, input.amountCents);
      if (problem) return { ok: false, fields: { amount: problem } };
    }
    const topUpCents = input.kind === 'estimate' ? topUpNeeded(balance, input.amountCents) : 0;
    const [to] = topUpCents
      ? await tx
          .select({ name: parties.contactName, company: parties.companyName, email: parties.email })
          .from(parties)
          .where(and(eq(parties.projectId, projectId), eq(parties.role, 'owner_operator')))
          .orderBy(asc(parties.id))
          .limit(1)
      : [];
    const [row] = await tx
      .insert(escrowEntries)
      .values({
        ...input,
        acceptedOn: input.kind === 'charge' ? input.acceptedOn : null,
        projectId,
        recordedByUserId: 'userId' in actor ? actor.userId : null,
      })
      .returning();
    await auditAsync(tx, actor, {
      action: `escrow.${input.kind}`,
      entityType: 'escrow_entry',
      entityId: row!.id,
      after: { ...row, balanceBeforeCents: balance },
    });
    let mailed = false;
    if (topUpCents) {
      const [req] = await tx
        .insert(escrowEntries)
        .values({
          projectId,
          kind: 'top_up_request',
          on: input.on,
          amountCents: topUpCents,
          professional: input.professional,
          description: `Estimate ${formatMoney(input.amountCents)} exceeds the balance of ${formatMoney(balance)}.`,
          recordedByUserId: 'userId' in actor ? actor.userId : null,
        })
        .returning();
      if (to?.email) {
        await enqueueMailAsync(tx, {
          kind: 'escrow-top-up',
          to: to.email,
          data: {
            name: to.name ?? to.company,
            projectName: project.name,
            professional: input.professional ?? 'The professional',
            estimate: formatMoney(input.amountCents),
            balance: formatMoney(balance),
            requested: formatMoney(topUpCents),
          },
        });
        mailed = true;
      }
      await auditAsync(tx, actor, {
        action: 'escrow.top_up_request',
        entityType: 'escrow_entry',
        entityId: req!.id,
        after: { ...req, mailedTo: mailed ? to?.email : null },
      });
    }
    return { ok: true as const, id: row!.id, topUpCents, mailed };
  });
}
