/**
 * A second demo municipality, to show the code works for any municipality (decision 0038): the fictional
 * Village of Pinebrook, with its own profile, officials, copy fees and local-law letters (its Village Code
 * numbers the erosion and sediment control law as Chapter 7), and three projects of its own (no demo PDFs).
 * `npm run seed -- --town village-demo`.
 * Deterministic for a fixed `now`. Fictional addresses and 555-01xx telephone numbers.
 */
import { schema, type DB } from '#lib/server/platform/db.ts';
import { saveLocalRules } from '#lib/server/compliance/local-rules.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { createProject } from '#lib/server/projects/registry.ts';
import type { NoiFields } from '#lib/server/projects/noi.rules.ts';
import { BLANK_NOI } from '#lib/server/projects/import.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { addDays } from '#lib/shared/days.ts';
import { townWords, type TownProfile } from '#lib/shared/town-profile.ts';
import { seedReferenceData } from './reference.ts';
import { seedTownProfile } from './town-profiles.ts';

const HALL = '14 Mill Street, Pinebrook, NY 12999';
const HOURS = 'Monday to Thursday, 9 a.m. to 3 p.m.';

export const PINEBROOK_PROFILE: TownProfile = {
  name: 'Pinebrook',
  kind: 'village',
  county: 'Example',
  clerkOffice: { name: "Village Clerk's office", address: HALL, hours: HOURS, phone: '(518) 555-0171' },
  stormwaterOffice: {
    name: 'Village Department of Public Works',
    address: '2 Depot Road, Pinebrook, NY 12999',
    hours: HOURS,
    phone: '(518) 555-0172',
  },
  recordsAccessOfficer: { name: 'Lee Hartwell', title: 'the Village Clerk', email: 'clerk@pinebrook.example' },
  appealsOfficer: { name: 'Morgan Ashby', title: 'the Mayor', email: 'mayor@pinebrook.example' },
  stormwaterOfficer: {
    name: 'Robin Castellano',
    title: 'Stormwater Management Officer',
    email: 'stormwater@pinebrook.example',
  },
  // A demo's appeals must not reach the real Committee (coog@dos.ny.gov, the default for a new town).
  openGovernmentEmail: 'coog@dos.ny.example',
  signature: 'Village Department of Public Works: Stormwater',
  mailFrom: 'Village of Pinebrook Stormwater <stormwater@pinebrook.example>',
  publicUrl: '',
  logoSha256: null,
  // A fictional village's box, in the Adirondack foothills (nowhere near the demo town).
  bounds: { minLat: 43.28, maxLat: 43.34, minLon: -73.68, maxLon: -73.58 },
  mapCentre: { latitude: 43.31, longitude: -73.63 },
};

/** The Village Code's letters for the requirements the findings cite (stricter: inspections every 5 days). */
export const PINEBROOK_RULES: Record<string, string> = {
  routineMaxDays: '5',
  stormInches: '0.5',
  postStormHours: '24',
  stabilizationDays: '14',
  fiveAcreLimit: '5',
  'citation.routine': 'Village Code §7-12(c): inspection by a qualified professional at least every five calendar days',
  'citation.postStorm': 'Village Code §7-12(d): inspection within 24 hours of the end of a storm of 0.5 inches or more',
  'citation.summary': 'Village Code §7-12(f): a summary of site inspections posted for the public every month',
  'citation.stabilization': 'Village Code §7-9(g): stabilization begun within 14 days after work stops',
  // The village's periods and fine differ from the model ordinance's, so each names the village's own local
  // law that set it (decisions 0044 and 0071).
  swpppReviewDays: '21',
  correctionDays: '10',
  maxDailyFineCents: '200',
  'amendment.swpppReviewDays': 'Local Law No. 1 of 2021',
  'amendedOn.swpppReviewDays': '2021-04-12',
  'amendment.correctionDays': 'Local Law No. 1 of 2021',
  'amendedOn.correctionDays': '2021-04-12',
  'amendment.maxDailyFineCents': 'Local Law No. 1 of 2021',
  'amendedOn.maxDailyFineCents': '2021-04-12',
  foilBusinessDays: '5',
  'lawCitation.swpppReviewDays': 'Village Code §7-8(b)',
  'lawCitation.correctionDays': 'Village Code §7-15(b)',
  'lawCitation.maxDailyFineCents': 'Village Code §7-16',
};

const base = (over: Partial<NoiFields>): NoiFields => ({
  ...BLANK_NOI,
  zip: '12999',
  natureOfActivity: 'new_construction',
  drainsToMs4: true,
  ...over,
});

export async function seedVillageDemo(db: DB, opts: { now?: Date } = {}): Promise<{ projects: number }> {
  const now = opts.now ?? new Date();
  const today = townToday(now);
  // The village's own copy fees, before the reference data (which adds a schedule only when none exists).
  db.insert(schema.feeSchedules)
    .values({
      effectiveFrom: '2020-01-01',
      perPageCents: 20,
      largeFormatSheetCents: 400,
      electronicCents: 0,
      cdCents: 100,
      usbCents: 400,
      staffHourlyCents: 1700,
      notes: 'Village of Pinebrook copy fees: $0.20 a page; plan sheets $4.00 (actual cost); CD $1.00, USB $4.00.',
      createdAt: now,
    })
    .run();
  await seedReferenceData(db, { now, hall: townWords(PINEBROOK_PROFILE).hall });
  seedTownProfile(db, now, PINEBROOK_PROFILE);
  const seed = { label: 'seed' } as const;
  const rules = await saveLocalRules(asyncOf(db), seed, PINEBROOK_RULES, now);
  if (!rules.ok) throw new Error(`Village rules refused: ${JSON.stringify(rules)}`);
  const owner = (companyName: string) => ({
    companyName,
    contactName: 'Site manager',
    contactTitle: null,
    phone: '(518) 555-0173',
    email: null,
  });
  const projects: NoiFields[] = [
    base({
      name: 'Millpond Lane Townhouses',
      siteAddress: '30 Millpond Lane',
      description: 'Twelve townhouses on Millpond Lane, with a bioretention area by the brook.',
      disturbedAcres: 3.1,
      totalSiteAcres: 6,
      plannedStartOn: addDays(today, -40),
      actualStartOn: addDays(today, -40),
      noiReceivedOn: addDays(today, -90),
      spdesPermitId: 'NYR10P101',
      townPermitNo: 'VP-2026-01',
    }),
    base({
      name: 'Depot Road Salt Barn',
      siteAddress: '2 Depot Road',
      description: 'A new salt storage barn at the village garage.',
      kind: 'minor',
      status: 'swppp_review',
      disturbedAcres: 0.8,
      totalSiteAcres: 2,
      noiReceivedOn: addDays(today, -12),
      spdesPermitId: 'NYR10P102',
    }),
    base({
      name: 'Orchard Street Library Annex',
      siteAddress: '9 Orchard Street',
      description: 'An addition to the village library with porous paving.',
      status: 'approved',
      disturbedAcres: 1.4,
      totalSiteAcres: 3,
      plannedStartOn: addDays(today, 20),
      noiReceivedOn: addDays(today, -50),
      spdesPermitId: 'NYR10P103',
    }),
  ];
  for (const p of projects) {
    const made = await createProject(asyncOf(db), seed, {
      ...p,
      owner: owner(`${p.name} LLC`),
      waters: [{ name: 'Pine Brook', waterType: 'stream', impaired: false }],
      publish: true,
    });
    if (!made.ok) throw new Error(`Village project refused: ${JSON.stringify(made)}`);
  }
  db.insert(schema.auditLog)
    .values({
      at: now,
      actorLabel: 'seed',
      action: 'seed.demo',
      entityType: 'database',
      entityId: null,
      afterJson: JSON.stringify({ town: 'village-demo', now: now.toISOString() }),
    })
    .run();
  return { projects: projects.length };
}
