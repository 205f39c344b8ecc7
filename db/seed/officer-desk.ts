/**
 * Demo data for the officer's desk that the base seed does not carry: the court, docket and conviction
 * behind the fine and the payments ledger of the partly paid fine, the status the stop-work site had before its order, performance guarantees
 * (one expiring, one expired on the troubled site), a 48-hour notice for the next days, and a follow-up
 * inspection the officer has scheduled at the stop-work site.
 * Deterministic: every date derives from `today` / `now`.
 */
import { and, eq } from 'drizzle-orm';
import {
  enforcementActions,
  finePayments,
  inspectionNotices,
  parties,
  performanceGuarantees,
  projects,
  scheduledInspections,
} from '../schema.ts';
import { addDays } from '#lib/shared/days.ts';
import { atLocal } from './dates.ts';

type Tx = Parameters<Parameters<import('#lib/server/platform/db.ts').DB['transaction']>[0]>[0];

export function seedOfficerDesk(tx: Tx, ctx: { today: string; now: Date }): void {
  const at = (n: number) => addDays(ctx.today, n);
  const project = (slug: string) => tx.select().from(projects).where(eq(projects.slug, slug)).get();

  // The Mariaville fine: $500 of $1,350 paid by check.
  const mariaville = project('mariaville-meadows-phase-2');
  if (mariaville) {
    const fine = tx
      .select()
      .from(enforcementActions)
      .where(and(eq(enforcementActions.projectId, mariaville.id), eq(enforcementActions.type, 'fine')))
      .get();
    // A fine is the court's (R(3), "upon conviction"): the referral, the court, its docket and the conviction.
    if (fine)
      tx.update(enforcementActions)
        .set({
          courtName: 'Town of Rotterdam Justice Court',
          docketNumber: `${fine.issuedOn.slice(2, 4)}-0412`,
          convictedOn: addDays(fine.issuedOn, 14),
        })
        .where(eq(enforcementActions.id, fine.id))
        .run();
    if (fine && fine.finePaidCents > 0) {
      tx.insert(finePayments)
        .values({
          enforcementActionId: fine.id,
          receivedOn: addDays(fine.issuedOn, 21),
          amountCents: fine.finePaidCents,
          method: 'check',
          reference: 'Check no. 1042',
          createdAt: atLocal(addDays(fine.issuedOn, 21), 11, 20),
        })
        .run();
    }
    tx.insert(performanceGuarantees)
      .values({
        projectId: mariaville.id,
        kind: 'performance_bond',
        purpose: 'construction_completion',
        amountCents: 24_000_000,
        institution: 'Empire Surety Company (fictional)',
        reference: 'PB-558213',
        receivedOn: addDays(mariaville.actualStartOn ?? at(-300), -12),
        expiresOn: at(400),
        notes: 'Covers the road, the two wet ponds and the landscaping of the stormwater areas.',
      })
      .run();
  }

  // The stop-work site was under active construction before its order.
  const hamburg = project('hamburg-street-mixed-use');
  if (hamburg) {
    tx.update(enforcementActions)
      .set({ projectStatusBefore: 'active' })
      .where(and(eq(enforcementActions.projectId, hamburg.id), eq(enforcementActions.type, 'stop_work_order')))
      .run();
    tx.insert(performanceGuarantees)
      .values({
        projectId: hamburg.id,
        kind: 'letter_of_credit',
        purpose: 'construction_completion',
        amountCents: 9_500_000,
        institution: 'Mohawk Valley Savings Bank (fictional)',
        reference: 'LC-2026-0071',
        receivedOn: addDays(hamburg.actualStartOn ?? at(-200), -9),
        expiresOn: at(-5),
        notes: 'The developer was asked to renew before expiry; no renewal received.',
      })
      .run();
  }

  const curry = project('curry-road-distribution-center');
  if (curry) {
    tx.insert(performanceGuarantees)
      .values({
        projectId: curry.id,
        kind: 'letter_of_credit',
        purpose: 'construction_completion',
        amountCents: 18_500_000,
        institution: 'Hudson Mohawk Trust Company (fictional)',
        reference: 'SBLC 40-7719',
        receivedOn: addDays(curry.actualStartOn ?? at(-300), -20),
        expiresOn: at(40),
      })
      .run();
  }

  const garage = project('princetown-road-highway-garage');
  if (garage?.notFiledOn) {
    tx.insert(performanceGuarantees)
      .values({
        projectId: garage.id,
        kind: 'cash_escrow',
        purpose: 'construction_completion',
        amountCents: 6_000_000,
        institution: 'Town of Rotterdam escrow account',
        reference: 'ESC-0412',
        receivedOn: addDays(garage.actualStartOn ?? garage.notFiledOn, -15),
        finalAcceptanceOn: garage.notFiledOn,
        notes: 'Held until the one-year inspection of the bioretention area.',
      })
      .run();
  }

  const carWash = project('burdeck-street-car-wash');
  if (carWash) {
    tx.insert(performanceGuarantees)
      .values({
        projectId: carWash.id,
        kind: 'letter_of_credit',
        purpose: 'maintenance',
        amountCents: 2_500_000,
        institution: 'Mohawk Valley Savings Bank (fictional)',
        reference: 'LC-2026-0133',
        receivedOn: addDays(carWash.actualStartOn ?? at(-200), -7),
        expiresOn: at(700),
        notes: 'Maintenance of the oil-water separator and the infiltration trench while the car wash operates.',
      })
      .run();
  }

  // A milestone noticed for the day after tomorrow: the officer plans the inspection.
  const campbell = project('campbell-road-medical-office');
  if (campbell) {
    const scheduledFor = atLocal(at(2), 7, 30);
    const contractor = tx
      .select({ name: parties.contactName, company: parties.companyName })
      .from(parties)
      .where(and(eq(parties.projectId, campbell.id), eq(parties.role, 'contractor')))
      .get();
    const givenByName = contractor ? [contractor.name, contractor.company].filter(Boolean).join(', ') : null;
    tx.insert(inspectionNotices)
      .values({
        projectId: campbell.id,
        milestone: 'final_grading_complete',
        scheduledFor,
        givenByName,
        givenAt: new Date(Math.min(ctx.now.getTime() - 3_600_000, scheduledFor.getTime() - 60 * 3_600_000)),
        notes: 'Final grading of the parking lot islands; ask for the site superintendent at the trailer.',
      })
      .run();
  }

  // A follow-up the officer has scheduled ahead at the stop-work site: on the calendar and the desk.
  if (hamburg) {
    tx.insert(scheduledInspections)
      .values({
        projectId: hamburg.id,
        scheduledFor: atLocal(at(1), 10, 0),
        notes: 'Follow-up before the stop-work order can be lifted: the east silt fence and inlet protection at CB-2.',
        createdAt: new Date(ctx.now.getTime() - 2 * 3_600_000),
      })
      .run();
  }
}
