/**
 * The escrow for the town's retained professionals. The ordinance: the Planning Commission and/or DPW may
 * retain licensed/certified professionals to review an SWPPP or inspect the control measures; they are paid
 * "from funds deposited by the applicant with the Town in escrow accounts"; the applicant submits "certified
 * check(s) in amounts equal to the estimate of the licensed/certified professional"; the Town pays the
 * professional "upon acceptance by the Town of said service". Readings in decision 0037. Pure; money in cents.
 */
import type { EscrowEntryKind } from '#db/enums.ts';

export interface EscrowEntryFacts {
  kind: EscrowEntryKind;
  on: string;
  amountCents: number;
  acceptedOn?: string | null;
}

/** One entry's effect on the balance: deposits in, charges and refunds out, estimates and requests none. */
export function balanceDelta(e: Pick<EscrowEntryFacts, 'kind' | 'amountCents'>): number {
  if (e.kind === 'deposit') return e.amountCents;
  if (e.kind === 'charge' || e.kind === 'refund') return -e.amountCents;
  return 0;
}

/** What the account holds: deposits less charges for accepted services less refunds. */
export function escrowBalance(entries: readonly EscrowEntryFacts[]): number {
  return entries.reduce((cents, e) => cents + balanceDelta(e), 0);
}

/** The further deposit to ask for when a professional's estimate exceeds what the account holds (0: none). */
export function topUpNeeded(balanceCents: number, estimateCents: number): number {
  return Math.max(0, estimateCents - balanceCents);
}

/** A charge is paid from the escrow only for services the Town accepted, and only as far as the escrow holds. */
export function chargeProblem(
  balanceCents: number,
  charge: { amountCents: number; acceptedOn: string | null },
  today: string,
  /** The municipality's word ("Village"), which accepts the services. */
  kindWord = 'Town',
): string | null {
  if (!charge.acceptedOn)
    return `Enter the day the ${kindWord} accepted the services: the professional is paid only upon acceptance.`;
  if (charge.acceptedOn > today) return `The ${kindWord} cannot accept services on a day still to come.`;
  if (charge.amountCents > balanceCents)
    return 'The escrow does not hold enough for this charge: request a further deposit from the applicant first.';
  return null;
}

/** At close the remainder goes back to the applicant: the refund is the whole balance, and only a positive one. */
export function refundProblem(balanceCents: number, amountCents: number): string | null {
  if (balanceCents <= 0) return 'There is nothing left in the escrow to refund.';
  if (amountCents !== balanceCents) return 'The refund at close is the whole remainder of the escrow.';
  return null;
}

export interface StatementLine<E> {
  entry: E;
  /** The entry's effect on the balance (balanceDelta). */
  deltaCents: number;
  balanceCents: number;
}

/** The statement: entries in order with the running balance. */
export function statementLines<E extends EscrowEntryFacts>(entries: readonly E[]): StatementLine<E>[] {
  let balance = 0;
  return entries.map((entry) => {
    const deltaCents = balanceDelta(entry);
    balance += deltaCents;
    return { entry, deltaCents, balanceCents: balance };
  });
}

/** Closed: refunded to zero after at least one deposit. */
export function isEscrowClosed(entries: readonly EscrowEntryFacts[]): boolean {
  return (
    entries.some((e) => e.kind === 'refund') &&
    escrowBalance(entries) === 0 &&
    entries[entries.length - 1]?.kind === 'refund'
  );
}
