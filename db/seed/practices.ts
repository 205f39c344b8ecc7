/**
 * Demo data: the permanent stormwater practices of the demo town, about forty, in every condition,
 * with three years of Town inspections (routine, random, after a complaint, joint with DEC), maintenance
 * required and closed by re-inspection, owners' yearly reports (some late, some missing), one recorded random
 * draw; and escrow accounts for the Town's retained professionals on several applications. The practices of
 * the completed major projects come from their accepted as-built plans; the rest were built before the portal.
 * Deterministic for a fixed `now`: every date derives from `today`, every choice from a forked Rng.
 */
import { eq, isNotNull } from 'drizzle-orm';
import type { DB } from '#lib/server/platform/db.ts';
import { PdfWriter } from '#lib/server/platform/pdf/writer.ts';
import { drawPractices } from '#lib/server/stormwater-practices/practices.rules.ts';
import { DEFAULT_ROUTINE_INTERVAL_DAYS, annualReportDueOn } from '#lib/server/stormwater-practices/practices.rules.ts';
import {
  documents,
  escrowEntries,
  practiceInspections,
  practiceMaintenanceItems,
  practiceMaintenanceReports,
  practiceRandomDraws,
  projects,
  stormwaterPractices,
  users,
  type SmpCondition,
  type SmpType,
} from '../schema.ts';
import { addDays } from '#lib/shared/days.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { atLocal } from './dates.ts';
import { storePdf } from './pdfs.ts';
import { Rng, hashString } from './random.ts';

interface Def {
  name: string;
  type: SmpType;
  description: string;
  location: string;
  lat: number;
  lon: number;
  owner: string;
  ownerKind: 'public' | 'private';
  /** Years in service before today. */
  age: number;
  /** The state the demo shows now. */
  now:
    | 'functioning'
    | 'needs_maintenance'
    | 'failing'
    | 'overdue_inspection'
    | 'never_inspected'
    | 'overdue_maintenance'
    | 'removed';
  agreement?: string;
}

const TOWN_DPW = 'Town of Rotterdam Department of Public Works';
const FAMILIES: SmpType[] = [
  'pond',
  'wetland',
  'infiltration',
  'filtering',
  'open_channel',
  'green_infrastructure',
  'proprietary_device',
];
const DESCRIBE: Record<SmpType, string[]> = {
  pond: [
    'Wet pond with a sediment forebay and a riser outlet.',
    'Extended detention pond with a micropool.',
    'Dry detention basin with a low-flow channel.',
  ],
  wetland: ['Shallow stormwater wetland planted with native sedges.', 'Pocket wetland at the low corner of the lot.'],
  infiltration: ['Stone infiltration trench along the parking lot.', 'Infiltration basin with a grass floor.'],
  filtering: ['Bioretention area with an underdrain.', 'Surface sand filter behind the building.'],
  open_channel: ['Dry swale with check dams.', 'Grass channel along the access drive.'],
  green_infrastructure: [
    'Rain garden at the entrance.',
    'Porous asphalt parking stalls.',
    'Tree box filters along the sidewalk.',
  ],
  proprietary_device: [
    'Hydrodynamic separator in the storm sewer.',
    'Underground detention chambers with an oil-grit separator.',
  ],
};
const STREETS = [
  ['Curry Road', 42.7868, -73.9756],
  ['Altamont Avenue', 42.7915, -73.9612],
  ['Hamburg Street', 42.7926, -73.9704],
  ['Guilderland Avenue', 42.7843, -73.9851],
  ['Mariaville Road', 42.8047, -74.0359],
  ['Princetown Road', 42.7721, -74.0107],
  ['Westcott Road', 42.8121, -74.0226],
  ['Campbell Road', 42.7974, -73.9838],
  ['Helderberg Avenue', 42.7886, -73.9509],
  ['Burdeck Street', 42.7948, -73.9583],
  ['Duanesburg Road', 42.7702, -74.0312],
  ['Main Street, Rotterdam Junction', 42.8697, -74.0423],
  ['Thompson Street', 42.8034, -73.9967],
  ['Giffords Church Road', 42.7796, -74.0489],
  ['Carman Road', 42.7985, -73.9427],
  ['Broadway', 42.8003, -73.9551],
] as const;
const OWNERS = [
  'Mariaville Meadows Homeowners Association',
  'Curry Road Shopping Center LLC',
  'Rotterdam Square Associates',
  'Westcott Estates HOA',
  'Hamburg Street Realty LLC',
  'Schenectady County (fictional)',
  'Mohawk Valley Medical Group (fictional)',
  'Princetown Plaza Partners',
  'Rotterdam Industrial Park Association',
  'Duanesburg Road Logistics LLC',
];
const STATES: Def['now'][] = [
  'functioning',
  'functioning',
  'functioning',
  'needs_maintenance',
  'functioning',
  'overdue_maintenance',
  'failing',
  'overdue_inspection',
  'functioning',
  'needs_maintenance',
  'never_inspected',
  'functioning',
];
const INSPECTORS = ['Dana Whitfield, Stormwater Management Officer', 'K. Morrison, PE (designated agent)'];
const MAINTENANCE: Record<SmpType, string[]> = {
  pond: [
    'Remove the sediment from the forebay (about 40% full).',
    'Clear the trash rack on the riser.',
    'Cut the woody growth on the embankment.',
  ],
  wetland: ['Replant the bare areas of the wetland shelf.', 'Remove the cattails choking the outlet.'],
  infiltration: ['Replace the clogged top layer of stone.', 'Clean out the pretreatment sump.'],
  filtering: ['Replace the mulch and the dead shrubs.', 'Scarify the filter bed: water stands after 48 hours.'],
  open_channel: [
    'Fill the eroded rill below the second check dam.',
    'Mow and remove the grass clippings from the channel.',
  ],
  green_infrastructure: ['Vacuum-sweep the porous pavement.', 'Replace the rain garden plants lost to road salt.'],
  proprietary_device: ['Vacuum out the separator chamber.', 'Replace the oil-absorbent filter cartridges.'],
};

const TYPE_WORD: Record<SmpType, string> = {
  pond: 'stormwater pond',
  wetland: 'stormwater wetland',
  infiltration: 'infiltration trench',
  filtering: 'bioretention area',
  open_channel: 'dry swale',
  green_infrastructure: 'rain garden',
  proprietary_device: 'separator unit',
};
/** The name of the i-th practice built before the portal (a function of i alone, so the accounts seed can find it). */
function directName(i: number): string {
  return `${STREETS[i % STREETS.length][0]} ${TYPE_WORD[FAMILIES[i % FAMILIES.length]]} ${String.fromCharCode(65 + Math.floor(i / STREETS.length))}`;
}
const MAINTAINERS: Array<[number, string]> = [
  [1, 'operator@rotterdam.example'],
  [5, 'operator@rotterdam.example'],
  [2, 'operator2@rotterdam.example'],
];

/**
 * The demo accounts are made after the town (db/seed/accounts.ts calls this): the operators named as
 * maintainers of a few private practices, and the officer as who accepted, drew and recorded.
 */
export function assignDemoPracticeAccounts(tx: Pick<DB, 'select' | 'update'>): void {
  const id = (email: string) => tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id ?? null;
  for (const [i, email] of MAINTAINERS)
    tx.update(stormwaterPractices)
      .set({ maintainerUserId: id(email) })
      .where(eq(stormwaterPractices.name, directName(i)))
      .run();
  const officer = id('officer@rotterdam.example');
  tx.update(stormwaterPractices)
    .set({ asBuiltAcceptedByUserId: officer })
    .where(isNotNull(stormwaterPractices.asBuiltAcceptedOn))
    .run();
  tx.update(practiceInspections).set({ recordedByUserId: officer }).run();
  tx.update(practiceRandomDraws).set({ drawnByUserId: officer }).run();
  tx.update(escrowEntries)
    .set({ recordedByUserId: id('clerk@rotterdam.example') })
    .run();
}

function directDefs(rng: Rng): Def[] {
  const out: Def[] = [];
  for (let i = 0; i < 36; i++) {
    const [street, lat, lon] = STREETS[i % STREETS.length];
    const type = FAMILIES[i % FAMILIES.length];
    const pub = i % 4 === 0;
    const state = i === 35 ? 'removed' : STATES[i % STATES.length];
    out.push({
      name: directName(i),
      type,
      description: rng.pick(DESCRIBE[type]),
      location: `${100 + rng.int(0, 40) * 25} ${street}`,
      lat: Math.round((lat + rng.float(-0.004, 0.004, 5)) * 1e5) / 1e5,
      lon: Math.round((lon + rng.float(-0.005, 0.005, 5)) * 1e5) / 1e5,
      owner: pub ? TOWN_DPW : OWNERS[i % OWNERS.length],
      ownerKind: pub ? 'public' : 'private',
      age: rng.int(4, 15),
      now: state,
      agreement: pub
        ? undefined
        : `Stormwater maintenance agreement and easement, Schenectady County Clerk, Liber ${1800 + i * 7} p. ${100 + i * 3}`,
    });
  }
  return out;
}

/** The completed major projects' practices, from their accepted as-built plans. */
const FROM_PROJECTS: Record<
  string,
  Array<Pick<Def, 'name' | 'type' | 'description' | 'owner' | 'ownerKind' | 'now'> & { dedicated?: boolean }>
> = {
  'princetown-road-highway-garage': [
    {
      name: 'Highway garage wet pond',
      type: 'pond',
      description: 'Wet pond with a forebay taking the salt barn’s runoff.',
      owner: TOWN_DPW,
      ownerKind: 'public',
      now: 'functioning',
      dedicated: true,
    },
    {
      name: 'Highway garage dry swale',
      type: 'open_channel',
      description: 'Dry swale along the truck yard.',
      owner: TOWN_DPW,
      ownerKind: 'public',
      now: 'needs_maintenance',
      dedicated: true,
    },
  ],
  'thompson-street-warehouse-addition': [
    {
      name: 'Thompson Street warehouse sand filter',
      type: 'filtering',
      description: 'Surface sand filter at the loading dock.',
      owner: 'Thompson Street Properties LLC',
      ownerKind: 'private',
      now: 'functioning',
    },
  ],
  'curry-road-bank-branch': [
    {
      name: 'Curry Road bank branch separator',
      type: 'proprietary_device',
      description: 'Hydrodynamic separator under the drive-through lane.',
      owner: 'Mohawk Valley Savings Bank (fictional)',
      ownerKind: 'private',
      now: 'overdue_maintenance',
    },
  ],
};

async function reportPdf(filesDir: string, owner: string, practice: string, year: number, filedOn: string) {
  const w = await PdfWriter.create({
    title: `Maintenance report ${year} - ${practice}`,
    subject: 'Owner’s yearly maintenance report of a permanent stormwater practice',
    author: owner,
    date: filedOn,
    header: `Maintenance report ${year}`,
  });
  w.heading(`${practice}: maintenance report for ${year}`, 1);
  w.fields([
    ['Owner', owner],
    ['Year', String(year)],
    ['Filed', filedOn],
  ]);
  w.para(
    'Inspected the inlet, the outlet and the embankment or bed; removed trash and debris; mowed twice; checked that water drains within 48 hours after rain. Photos on file with the owner.',
  );
  return storePdf(await w.save(), filesDir);
}

export async function seedPractices(db: DB, ctx: { filesDir: string; today: string; now: Date }): Promise<void> {
  const rng = new Rng(hashString('issue-20-practices'));
  const today = ctx.today;
  const year = Number(today.slice(0, 4));
  const project = (slug: string) => db.select().from(projects).where(eq(projects.slug, slug)).get();
  const userId = (email: string) =>
    db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id ?? null;
  const officerId = userId('officer@rotterdam.example');

  // Plan every practice with its story first; the report PDFs are drawn before the one transaction.
  type Planned = {
    values: typeof stormwaterPractices.$inferInsert;
    def: Pick<Def, 'type' | 'now' | 'owner' | 'ownerKind' | 'name'>;
  };
  const planned: Planned[] = [];
  for (const [slug, defs] of Object.entries(FROM_PROJECTS)) {
    const p = project(slug);
    if (!p || p.latitude == null || p.longitude == null) continue;
    const plans = db
      .select()
      .from(documents)
      .where(eq(documents.projectId, p.id))
      .all()
      .find((d) => d.type === 'as_built_plans');
    const accepted = plans?.reviewedAt ? townToday(plans.reviewedAt) : (p.notFiledOn ?? addDays(today, -200));
    defs.forEach((d, i) => {
      planned.push({
        def: d,
        values: {
          name: d.name,
          type: d.type,
          description: d.description,
          location: p.siteAddress,
          latitude: Math.round((p.latitude! + i * 0.0006) * 1e6) / 1e6,
          longitude: p.longitude!,
          projectId: p.id,
          ownerKind: d.ownerKind,
          ownerName: d.owner,
          dedicatedToTown: d.dedicated ?? false,
          agreementReference:
            d.ownerKind === 'private' ? 'Stormwater maintenance agreement recorded with the deed' : null,
          asBuiltDocumentId: plans?.id ?? null,
          asBuiltCertifiedBy: 'Licensed professional engineer named on the plans (NYS PE)',
          asBuiltAcceptedOn: accepted,
          asBuiltAcceptedByUserId: officerId,
          inServiceOn: p.finalStabilizationOn ?? accepted,
        },
      });
    });
  }
  for (const d of directDefs(rng.fork('direct'))) {
    const inService = `${year - d.age}-${String(rng.int(4, 10)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
    planned.push({
      def: d,
      values: {
        name: d.name,
        type: d.type,
        description: d.description,
        location: d.location,
        latitude: d.lat,
        longitude: d.lon,
        projectId: null,
        ownerKind: d.ownerKind,
        ownerName: d.owner,
        agreementReference: d.agreement ?? null,
        dedicatedToTown: d.ownerKind === 'public',
        inServiceOn: inService,
        removedOn: d.now === 'removed' ? addDays(today, -rng.int(60, 300)) : null,
      },
    });
  }

  // Each practice's inspections over the last three years, ending in the state it shows now.
  type Insp = {
    inspectedOn: string;
    reason: 'routine' | 'random' | 'complaint' | 'joint' | 'reinspection';
    condition: SmpCondition;
    findings: string;
    jointAgency?: string;
    complaintSource?: string;
    items: Array<{ description: string; dueOn: string; closed: boolean; reportedDone?: boolean }>;
  };
  const stories = planned.map(({ def, values }, idx) => {
    const r = rng.fork(`story-${idx}`);
    const interval = DEFAULT_ROUTINE_INTERVAL_DAYS[def.type];
    const list: Insp[] = [];
    if (def.now === 'never_inspected') return list;
    const start = values.inServiceOn! > addDays(today, -3 * 365) ? values.inServiceOn! : addDays(today, -3 * 365);
    const last =
      def.now === 'overdue_inspection'
        ? addDays(today, -interval - r.int(20, 90))
        : addDays(today, -r.int(15, Math.min(interval - 20, 150)));
    const earlier: string[] = [];
    for (let d = addDays(last, -interval); d > addDays(start, 20); d = addDays(d, -interval)) earlier.unshift(d);
    for (const d of earlier.slice(-3)) {
      const bad = r.chance(0.35);
      const fix = r.pick(MAINTENANCE[def.type]);
      list.push({
        inspectedOn: d,
        reason: r.chance(0.15) ? 'joint' : 'routine',
        jointAgency: undefined,
        condition: bad ? 'needs_maintenance' : 'functioning',
        findings: bad ? `Needs maintenance: ${fix.toLowerCase()}` : 'Working as designed; inlet and outlet clear.',
        items: bad ? [{ description: fix, dueOn: addDays(d, 45), closed: true }] : [],
      });
      if (bad)
        list.push({
          inspectedOn: addDays(d, 45 + r.int(3, 20)),
          reason: 'reinspection',
          condition: 'functioning',
          findings: 'The required maintenance was done.',
          items: [],
        });
    }
    for (const x of list) if (x.reason === 'joint') x.jointAgency = 'NYSDEC Region 4';
    const fix = r.pick(MAINTENANCE[def.type]);
    const lastReason = idx % 9 === 4 ? 'complaint' : idx % 11 === 6 ? 'random' : 'routine';
    const final: Insp = {
      inspectedOn: last,
      reason: lastReason,
      complaintSource:
        lastReason === 'complaint' ? 'Resident’s call to Town Hall about standing water and mosquitoes' : undefined,
      condition: 'functioning',
      findings: 'Working as designed; inlet and outlet clear.',
      items: [],
    };
    if (def.now === 'needs_maintenance')
      Object.assign(final, {
        condition: 'needs_maintenance',
        findings: `Needs maintenance: ${fix.toLowerCase()}`,
        items: [{ description: fix, dueOn: addDays(today, r.int(10, 40)), closed: false }],
      });
    if (def.now === 'overdue_maintenance') {
      const on = addDays(today, -r.int(60, 100));
      Object.assign(final, {
        inspectedOn: on,
        condition: 'needs_maintenance',
        findings: `Needs maintenance: ${fix.toLowerCase()}`,
        items: [{ description: fix, dueOn: addDays(on, 30), closed: false, reportedDone: idx % 2 === 0 }],
      });
    }
    if (def.now === 'failing')
      Object.assign(final, {
        condition: 'failing',
        findings: 'Failing: the outlet is blocked and water overtops the embankment in storms. Repair required.',
        items: [
          {
            description: 'Repair the outlet structure and restore the embankment.',
            dueOn: addDays(today, r.int(15, 45)),
            closed: false,
          },
          { description: fix, dueOn: addDays(today, r.int(15, 45)), closed: false },
        ],
      });
    if (def.now === 'removed') return list.filter((x) => x.inspectedOn < values.removedOn!);
    list.push(final);
    return list.filter((x) => x.inspectedOn >= values.inServiceOn! && x.inspectedOn <= today);
  });

  // Owners' yearly reports: most on time, some late, a few missing.
  const reports: Array<{ idx: number; year: number; filedOn: string }> = [];
  planned.forEach(({ def, values }, idx) => {
    if (def.ownerKind !== 'private') return;
    const first = Math.max(Number(values.inServiceOn!.slice(0, 4)), year - 3);
    for (let y = first; y < year; y++) {
      const due = annualReportDueOn(y);
      if (due >= today) continue;
      const roll = rng.fork(`report-${idx}-${y}`).int(0, 9);
      if (roll === 0) continue;
      reports.push({
        idx,
        year: y,
        filedOn: roll === 1 ? addDays(due, 20 + roll * 5) : addDays(due, -rng.fork(`d-${idx}-${y}`).int(1, 25)),
      });
    }
  });
  const files = await Promise.all(
    reports.map((x) => reportPdf(ctx.filesDir, planned[x.idx].def.owner, planned[x.idx].def.name, x.year, x.filedOn)),
  );

  db.transaction((tx) => {
    const ids = planned.map(
      ({ values }) =>
        tx
          .insert(stormwaterPractices)
          .values({
            ...values,
            createdAt: atLocal(values.asBuiltAcceptedOn ?? values.inServiceOn!, 10, 0),
            updatedAt: atLocal(today, 8, 0),
          })
          .returning({ id: stormwaterPractices.id })
          .get().id,
    );
    // One recorded random draw, a month ago, from the practices then in operation.
    const pool = ids.filter((_, i) => !planned[i].values.removedOn);
    const chosen = drawPractices(pool, 'demo-draw-seed', 5);
    const draw = tx
      .insert(practiceRandomDraws)
      .values({
        drawnOn: addDays(today, -30),
        seed: 'demo-draw-seed',
        poolIds: JSON.stringify(pool),
        chosenIds: JSON.stringify(chosen),
        drawnByUserId: officerId,
      })
      .returning()
      .get();
    stories.forEach((list, i) => {
      const open: Array<{ id: number }> = [];
      for (const x of list) {
        const row = tx
          .insert(practiceInspections)
          .values({
            practiceId: ids[i],
            inspectedOn: x.inspectedOn,
            reason: x.reason,
            condition: x.condition,
            inspectorName: INSPECTORS[(i + x.inspectedOn.charCodeAt(9)) % 2],
            jointAgency: x.jointAgency ?? null,
            complaintSource: x.complaintSource ?? null,
            randomDrawId: x.reason === 'random' && chosen.includes(ids[i]) ? draw.id : null,
            findings: x.findings,
            recordedByUserId: officerId,
            createdAt: atLocal(x.inspectedOn, 15, 0),
          })
          .returning()
          .get();
        if (x.reason === 'reinspection' && open.length) {
          for (const o of open.splice(0))
            tx.update(practiceMaintenanceItems)
              .set({ closedOn: x.inspectedOn, closedByInspectionId: row.id })
              .where(eq(practiceMaintenanceItems.id, o.id))
              .run();
        }
        for (const it of x.items) {
          const item = tx
            .insert(practiceMaintenanceItems)
            .values({
              practiceId: ids[i],
              inspectionId: row.id,
              description: it.description,
              dueOn: it.dueOn,
              reportedDoneOn: it.reportedDone ? addDays(it.dueOn, 5) : null,
            })
            .returning()
            .get();
          if (it.closed) open.push(item);
        }
      }
    });
    reports.forEach((x, k) => {
      tx.insert(practiceMaintenanceReports)
        .values({
          practiceId: ids[x.idx],
          year: x.year,
          filedOn: x.filedOn,
          workDone: 'Inspected the inlet, outlet and embankment; removed trash; mowed twice; drains within 48 hours.',
          sha256: files[k].sha256,
          filename: `maintenance-report-${x.year}.pdf`,
          mimeType: 'application/pdf',
          sizeBytes: files[k].sizeBytes,
          createdAt: atLocal(x.filedOn, 14, 0),
        })
        .run();
    });

    // Escrow for the Town's retained professionals on several applications.
    const entry = (slug: string, rows: Array<Omit<typeof escrowEntries.$inferInsert, 'projectId'>>) => {
      const p = project(slug);
      if (!p) return;
      for (const r of rows)
        tx.insert(escrowEntries)
          .values({
            ...r,
            projectId: p.id,
            recordedByUserId: userId('clerk@rotterdam.example'),
            createdAt: atLocal(r.on, 11, 0),
          })
          .run();
    };
    const eng = 'Delaware Engineering, D.P.C. (fictional), NYS PE';
    entry('curry-road-distribution-center', [
      {
        kind: 'estimate',
        on: addDays(today, -420),
        amountCents: 650_000,
        professional: eng,
        description: 'Review of the SWPPP and two amendments.',
      },
      {
        kind: 'deposit',
        on: addDays(today, -415),
        amountCents: 650_000,
        checkNumber: '004512',
        description: 'Certified check, Pioneer Bank.',
      },
      {
        kind: 'charge',
        on: addDays(today, -330),
        amountCents: 382_500,
        professional: eng,
        description: 'SWPPP review, comment letter and resubmission review.',
        hundredthsOfHours: 2550,
        acceptedOn: addDays(today, -330),
      },
      {
        kind: 'charge',
        on: addDays(today, -120),
        amountCents: 165_000,
        professional: eng,
        description: 'Inspection of the control measures, three visits.',
        hundredthsOfHours: 1100,
        acceptedOn: addDays(today, -118),
      },
    ]);
    entry('broadway-lofts', [
      {
        kind: 'estimate',
        on: addDays(today, -40),
        amountCents: 300_000,
        professional: eng,
        description: 'Review of the SWPPP.',
      },
      {
        kind: 'deposit',
        on: addDays(today, -35),
        amountCents: 300_000,
        checkNumber: '1187',
        description: 'Certified check, Trustco Bank.',
      },
      {
        kind: 'charge',
        on: addDays(today, -10),
        amountCents: 210_000,
        professional: eng,
        description: 'Completeness review and deficiency letter.',
        hundredthsOfHours: 1400,
        acceptedOn: addDays(today, -9),
      },
      {
        kind: 'estimate',
        on: addDays(today, -5),
        amountCents: 180_000,
        professional: eng,
        description: 'Review of the revised SWPPP.',
      },
      {
        kind: 'top_up_request',
        on: addDays(today, -5),
        amountCents: 90_000,
        professional: eng,
        description: 'Estimate $1,800.00 exceeds the balance of $900.00.',
      },
    ]);
    entry('thompson-street-warehouse-addition', [
      {
        kind: 'estimate',
        on: addDays(today, -700),
        amountCents: 250_000,
        professional: eng,
        description: 'SWPPP review and final inspection.',
      },
      {
        kind: 'deposit',
        on: addDays(today, -690),
        amountCents: 250_000,
        checkNumber: '20931',
        description: 'Certified check, KeyBank.',
      },
      {
        kind: 'charge',
        on: addDays(today, -600),
        amountCents: 140_000,
        professional: eng,
        description: 'SWPPP review.',
        hundredthsOfHours: 933,
        acceptedOn: addDays(today, -598),
      },
      {
        kind: 'charge',
        on: addDays(today, -260),
        amountCents: 60_000,
        professional: eng,
        description: 'Final site inspection.',
        hundredthsOfHours: 400,
        acceptedOn: addDays(today, -255),
      },
      {
        kind: 'refund',
        on: addDays(today, -240),
        amountCents: 50_000,
        checkNumber: 'Town check 88120',
        description: 'Remainder refunded at close.',
      },
    ]);
  });
}
