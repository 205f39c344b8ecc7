/**
 * The demo town: 28 fictional but realistic construction projects in the Town of Rotterdam, NY, with a
 * year of inspections, monthly summaries, SWPPP reviews, town inspections, enforcement (exactly one
 * stop-work order in force) and records requests in every state.
 *
 * How it runs: plan everything in memory from a seeded PRNG and `now` (pure), generate and store the
 * PDFs (async, outside any transaction), then insert every row in one synchronous transaction.
 * The same `now` gives the same rows and the same file bytes.
 */
import { seedPractices } from './practices.ts';
import { seedRotterdamLaw, seedTownProfile } from './town-profiles.ts';
import { seedPracticeAgreements } from './practice-agreements.ts';
import { eq } from 'drizzle-orm';
import type { DB } from '#lib/server/platform/db.ts';
import { schema } from '#lib/server/platform/db.ts';
import type { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { formatDay, formatMonth, withoutAsides } from '#lib/shared/format.ts';
import type { DocumentType, EnforcementStatus, EnforcementType, InspectionType } from '../schema.ts';
import {
  monthlySummaries,
  planStorms,
  simulateSite,
  type SimInspection,
  type SimMonthly,
  type SiteInput,
  type SiteResult,
  type StormPlan,
} from './activity.ts';
import { DEMO_PROJECTS, type DemoProjectDef } from './catalog.ts';
import { addDays, daysBetween, minDay } from '#lib/shared/days.ts';
import { atLocal, localDateTime, plusHours } from './dates.ts';
import {
  CONTRACTOR_FIRMS,
  INSPECTION_FIRMS,
  PREPARER_FIRMS,
  ROADS,
  WATERS,
  cpescLicense,
  emailFor,
  houseNumber,
  peLicense,
  personName,
  phone,
  REQUESTER_PHONES,
  practicesFor,
  rlaLicense,
  siteCoordinates,
  taxParcels,
  type ContractorFirm,
  type PracticeDef,
} from './names.ts';
import type {
  PdfEnforcement,
  PdfInspection,
  PdfJob,
  PdfMonthlySummary,
  PdfParty,
  PdfProject,
  StoredPdf,
} from './pdfs.ts';
import { readSeedPdfTexts } from './pdf-texts.ts';
import { renderAndStore } from './render.ts';
import { Rng } from './random.ts';
import { feeScheduleOn, loadCalendar, seedReferenceData } from './reference.ts';
import { insertRecordsRequests, type RequestSpec } from './requests.ts';
import { insertOperatorRequests } from './operator-requests.ts';
import { buildSummary, isDatabaseEmpty, type SeedSummary } from './summary.ts';
import { seedOfficerDesk } from './officer-desk.ts';
import { insertSiteReports, seedSiteReportPhotos } from './site-reports.ts';
import { insertRow } from '#lib/server/platform/insert-row.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

export { seedReferenceData, isDatabaseEmpty };
export type { SeedSummary };

/** Base seed of the demo town; every part of the town forks its own stream from it. */
export const DEMO_SEED = 0x526f7474; // "Rott"

type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];

// ---------------------------------------------------------------------------------------------
// Plans (everything about the town, before it has database ids)

interface DocPlan {
  type: DocumentType;
  title: string;
  filename: string;
  documentDate: string;
  uploadedAt: Date;
  public: boolean;
  reviewStatus: 'filed' | 'accepted' | 'returned';
  version: number;
  supersedes?: DocPlan;
  job: PdfJob;
  stored?: StoredPdf;
  id?: number;
}

interface ReviewPlan {
  doc: DocPlan;
  receivedOn: string;
  completeOn?: string;
  deficienciesNotifiedOn?: string;
  deficiencies?: string;
  decision?: 'approved' | 'approved_with_conditions' | 'disapproved';
  decidedOn?: string;
  conditions?: string;
  extendedUntil?: string;
  extensionNote?: string;
}

interface NoticePlan {
  milestone: (typeof schema.INSPECTION_MILESTONES)[number];
  scheduledFor: Date;
  givenAt: Date;
  /** Who gave it: the site's contractor (by phone when late, taken down by the officer). */
  givenByName?: string;
  notes?: string;
  /** A notice still to come: the officer has scheduled the town inspection for this time. */
  inspectAt?: Date;
  id?: number;
}

interface TownInspectionPlan {
  notice?: NoticePlan;
  milestone: string | null;
  inspectedOn: string;
  outcome: 'approved' | 'deficient' | 'follow_up';
  findings: string;
  id?: number;
}

interface ViolationPlan {
  observedOn: string;
  description: string;
  ordinanceSection: string;
  townInspection?: TownInspectionPlan;
  correctedOn?: string;
  id?: number;
}

interface EnforcementPlan {
  type: EnforcementType;
  category: 'informal' | 'formal' | 'judicial';
  status: EnforcementStatus;
  issuedOn: string;
  issuedByName: string;
  citedSection: string;
  summary: string;
  findings: string[];
  requiredMeasures?: string;
  complyBy?: string;
  closedOn?: string;
  liftedOn?: string;
  escalatedTo?: EnforcementPlan;
  fine?: {
    dailyRateCents: number;
    days: number;
    paidCents: number;
    dueOn: string;
    status: 'assessed' | 'partly_paid' | 'paid' | 'waived';
  };
  violations: ViolationPlan[];
  doc?: DocPlan;
  id?: number;
}

interface ProjectPlan {
  def: DemoProjectDef;
  rng: Rng;
  row: typeof schema.projects.$inferInsert;
  pdf: PdfProject;
  parties: Array<Omit<typeof schema.parties.$inferInsert, 'projectId'>>;
  docs: DocPlan[];
  reviews: ReviewPlan[];
  site?: { input: SiteInput; result: SiteResult };
  inspectionDocs: Map<SimInspection, DocPlan>;
  monthly: Array<{ summary: SimMonthly; doc: DocPlan }>;
  notices: NoticePlan[];
  townInspections: TownInspectionPlan[];
  enforcement: EnforcementPlan[];
  id?: number;
}

// The same officer as the demo "officer" account (db/seed/accounts.ts).
const OFFICER = 'Sam Okafor, Stormwater Management Officer';
const CODE_OFFICER = 'Marcus Lombardo, Building Inspector/Code Enforcement Officer';

/** Where the ordinance says it (the law's subsections as the Town Code letters them). */
const SECTION = {
  waterQuality: 'Subsection K',
  fiveAcres: 'Subsection J(6) (no more than five acres of disturbed soil at one time without DEC approval)',
  stockpiles: 'Subsection J(11) (soil stockpiles stabilized or covered at the end of each workday)',
  sedimentRemoval: 'Subsection J(16) (remove sediment from traps when capacity is reduced by 50%)',
  inspections: 'Subsection L (erosion and sediment control inspection; monthly summary posted at the site)',
  contractor: 'Subsection H (SWPPP must identify contractors for each measure) and Subsection I (amendment)',
  enforcement: 'Subsection R (enforcement and penalties)',
  occupancy: 'Subsection R(4) (the Town may prevent occupancy)',
  stabilization: 'Subsection J(7) and (9) (stabilization within 14 days; 80% vegetative cover)',
};

const INSPECTION_LABEL: Record<InspectionType, string> = {
  pre_construction: 'Pre-construction assessment',
  routine: 'Routine inspection',
  post_storm: 'Post-storm inspection (within 24 hours)',
  final_stabilization: 'Final stabilization inspection',
  follow_up: 'Follow-up inspection',
};

const ENFORCEMENT_LABEL: Record<EnforcementType, string> = {
  written_warning: 'Written warning',
  notice_of_violation: 'Notice of violation',
  swppp_deficiency_notice: 'Notice of SWPPP deficiency',
  stop_work_order: 'Stop-work order',
  fine: 'Fine',
  occupancy_hold: 'Occupancy hold',
  dec_referral: 'Referral to NYS DEC',
};

/** Amendment stories, by project. */
const AMENDMENTS: Record<string, Array<{ reason: string; changes: string[]; newTrade?: ContractorFirm['trade'] }>> = {
  'curry-road-distribution-center': [
    {
      reason:
        'The geotechnical report found a perched water table under the phase 2 building pad, so runoff from phase 2 needs more sediment storage than the original plan provided.',
      changes: [
        'Adds temporary sediment basin SB-2 (42,000 cubic feet) east of the building pad.',
        'Moves the phase 2 limit of disturbance 60 feet west.',
        'Revises the dewatering detail to pump through a filter bag into SB-2.',
      ],
    },
    {
      reason:
        'A paving subcontractor not named in the SWPPP will pave the truck courts. The ordinance requires the SWPPP to be amended to identify any new contractor who implements a SWPPP measure.',
      changes: [
        'Names the paving subcontractor and the measures it implements (inlet protection during paving, sweeping).',
        'Adds its signed contractor certification.',
      ],
      newTrade: 'paving',
    },
  ],
  'mariaville-meadows-phase-2': [
    {
      reason:
        'After the stop-work order, the phasing was revised so that no more than 4.9 acres are ever open, and the wetland buffer gets a second line of protection.',
      changes: [
        'Splits section 2B into 2B-1 (lots 12-16) and 2B-2 (lots 17-20).',
        'Adds compost filter sock along the 25-foot wetland buffer behind lots 31-38.',
        'Requires temporary seeding of lots within 7 days of rough grading.',
      ],
      newTrade: 'erosion',
    },
  ],
  'westcott-road-townhomes': [
    {
      reason:
        'The Stormwater Management Officer notified the operator that the SWPPP did not identify who installs and maintains the sediment basin and had no maintenance schedule for it.',
      changes: [
        'Names the contractor responsible for the sediment basin and its maintenance.',
        'Adds a maintenance schedule with cleanout at 50% of storage and a cost estimate.',
        "Adds the contractor's signed certification.",
      ],
      newTrade: 'utilities',
    },
  ],
  'helderberg-avenue-school-addition': [
    {
      reason:
        'The bus-loop phase moved to the following summer so the school could stay open; the stabilization schedule changed with it.',
      changes: [
        'Phase 2 (bus loop and fields) rescheduled to the following June-August.',
        'Phase 1 areas to be permanently seeded before October 15.',
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------

/**
 * `renderThreads`: how many threads draw the PDFs (default one per core, up to four); `pdfCache: false`
 * draws every PDF instead of copying those drawn by an earlier seed (render.ts).
 */
export async function seedDemoTown(
  db: DB,
  opts: {
    filesDir: string;
    now?: Date;
    renderThreads?: number;
    pdfCache?: boolean;
    /** When the public PDFs' words are read: during the seed (the default), or later by the server. */
    pdfTexts?: 'now' | 'later';
  },
): Promise<SeedSummary> {
  const now = opts.now ?? new Date();
  const today = townToday(now);
  // Slugs are unique: the demo town only goes into a database without projects.
  if (!isDatabaseEmpty(db))
    throw new Error('The database already has projects; the demo town can only be seeded into an empty database.');
  await seedReferenceData(db, { now });
  seedTownProfile(db, now);
  seedRotterdamLaw(db, now);
  const calendar = loadCalendar(db);
  const fee = await feeScheduleOn(asyncOf(db), today);
  const root = new Rng(DEMO_SEED);
  const storms = planStorms(root.fork('storms'), today, 600);
  const plans = DEMO_PROJECTS.map((def) => planProject(def, { root, now, today, calendar, storms }));
  assignPermitNumbers(plans, root.fork('permits'));

  // PDFs first (async, outside the transaction), each stored once by content.
  const docs = plans.flatMap(allDocs);
  const stored = await renderAndStore(
    docs.map((d) => d.job),
    opts.filesDir,
    opts.renderThreads,
    { cache: opts.pdfCache },
  );
  docs.forEach((d, i) => (d.stored = stored[i]));

  db.transaction((tx) => {
    for (const storm of storms) {
      storm.id = insertRow(tx, schema.stormEvents, {
        endedAt: storm.endedAt,
        inches: storm.inches,
        gauge: storm.gauge,
        source: storm.source,
        createdAt: plusHours(storm.endedAt, 2),
      });
    }
    for (const plan of plans) insertProject(tx, plan);
    seedOfficerDesk(tx, { today, now });
    insertRecordsRequests(tx, demoRequests(plans, { root, now, today, calendar }), {
      rng: root.fork('requests'),
      now,
      calendar,
      fee,
    });
    insertOperatorRequests(tx, {
      rng: root.fork('operator-requests'),
      now,
      today,
      calendar,
      perPageCents: fee.perPageCents,
    });
    insertSiteReports(tx, { rng: root.fork('site-reports'), now, today });
    const counts = auditCounts(db);
    tx.insert(schema.auditLog)
      .values({
        at: now,
        actorLabel: 'seed',
        action: 'seed.demo',
        entityType: 'database',
        entityId: null,
        afterJson: JSON.stringify({ now: now.toISOString(), counts }),
      })
      .run();
  });

  await seedPractices(db, { filesDir: opts.filesDir, today, now }); // Permanent practices and escrow.
  await seedPracticeAgreements(db, { filesDir: opts.filesDir }); // Agreements and easements on file.
  await seedSiteReportPhotos(db, { filesDir: opts.filesDir }); // Residents' photos, some approved.
  // The words inside the public PDFs, so the demo's search finds them (decision 0105): read now, or left to the
  // server, which reads them in the background before its next search index (a first start stays quick).
  if (opts.pdfTexts !== 'later')
    await readSeedPdfTexts(db, { filesDir: opts.filesDir, cache: opts.pdfCache, threads: opts.renderThreads });
  const stopWork = plans.find((p) => p.def.status === 'stop_work');
  // Slugs worth knowing in browser tests and demos.
  return buildSummary(db, 'demo', now, {
    stopWorkOrderInForce: stopWork?.def.slug ?? '',
    earlierStopWorkLifted: 'mariaville-meadows-phase-2',
    decFiveAcreApproval: 'curry-road-distribution-center',
    overFiveAcresWithoutApproval: 'princetown-road-community-solar',
    elevenDayInspectionGap: 'campbell-road-medical-office',
    missedPostStormInspection: 'westcott-road-townhomes',
    monthlySummaryNotFiled: 'altamont-avenue-plaza',
    sedimentTrapNotCleaned: 'guilderland-avenue-self-storage',
    stabilizationNotBegun: 'route-7-commerce-park-lot-3',
    correctedMonthlySummary: 'curry-road-distribution-center',
    swpppReviewPastDay30: 'broadway-lofts',
    complete: 'princetown-road-highway-garage',
    occupancyHold: 'burdeck-street-car-wash',
  });
}

/** A few counts for the audit row (the same connection, so inside the transaction). */
function auditCounts(db: DB): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of [
    'projects',
    'documents',
    'inspections',
    'monthly_summaries',
    'enforcement_actions',
    'storm_events',
    'records_requests',
  ]) {
    out[t] = (db.$client.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n;
  }
  return out;
}

function allDocs(plan: ProjectPlan): DocPlan[] {
  return [
    ...plan.docs,
    ...plan.inspectionDocs.values(),
    ...plan.monthly.map((m) => m.doc),
    ...plan.enforcement.flatMap((e) => (e.doc ? [e.doc] : [])),
  ];
}

// ---------------------------------------------------------------------------------------------
// Planning one project

interface PlanContext {
  root: Rng;
  now: Date;
  today: string;
  calendar: BusinessCalendar;
  storms: StormPlan[];
}

function planProject(def: DemoProjectDef, ctx: PlanContext): ProjectPlan {
  const { today, now } = ctx;
  const rng = ctx.root.fork(`project:${def.slug}`);
  const road = ROADS[def.road];
  const at = (offset: number) => addDays(today, offset);
  const started = def.start !== undefined;
  const start = started ? at(def.start as number) : null;
  const finalStab = def.finalStab !== undefined ? growingSeason(at(def.finalStab)) : null;
  const notFiled = def.notFiled !== undefined ? at(def.notFiled) : null;

  // SWPPP review timeline: received, complete, decided; for review projects, the clock is running.
  let swpppReceived: string;
  let review: Omit<ReviewPlan, 'doc'>;
  if (def.review) {
    swpppReceived = at(-def.review.receivedAgo);
    review = { receivedOn: swpppReceived };
    if (def.review.mode === 'deficient') {
      review.deficienciesNotifiedOn = addDays(swpppReceived, 18);
      review.deficiencies =
        'The SWPPP is not complete: (1) no construction phasing plan with the expected clearing date and duration of exposure; (2) sediment trap sizing calculations are missing; (3) the contractors who will implement each measure are not identified; (4) no maintenance schedule or cost estimate for the infiltration basin.';
    } else if (def.review.mode === 'complete') {
      review.completeOn = addDays(swpppReceived, 10);
    }
  } else {
    const decided = started
      ? addDays(start as string, -rng.int(10, 40))
      : at(def.plannedStart <= 0 ? def.plannedStart - rng.int(20, 40) : -rng.int(12, 45));
    const deficientFirst = rng.chance(0.3);
    const completeAfter = deficientFirst ? rng.int(35, 50) : rng.int(8, 26);
    swpppReceived = addDays(decided, -(completeAfter + rng.int(6, 26)));
    const completeOn = addDays(swpppReceived, completeAfter);
    const withConditions = rng.chance(0.45);
    review = {
      receivedOn: swpppReceived,
      completeOn,
      decision: withConditions ? 'approved_with_conditions' : 'approved',
      decidedOn: decided,
      conditions: withConditions
        ? rng.pick([
            'The preparer or designee is on site when clearing and grading begin and certifies the controls are installed.',
            'Performance guarantee (letter of credit) to be posted before clearing.',
            'Tree clearing only between November 1 and March 31.',
            'Sediment basin to be surveyed after each storm over 1 inch until the site is stabilized.',
          ])
        : undefined,
    };
    if (deficientFirst) {
      review.deficienciesNotifiedOn = addDays(swpppReceived, rng.int(14, 24));
      review.deficiencies =
        'Incomplete on first submission: maintenance cost estimates and seeding specifications were missing. A revised plan was received and found complete.';
    }
  }
  const noiReceived = addDays(swpppReceived, -rng.int(0, 4));

  const { latitude, longitude } = siteCoordinates(rng, road);
  const siteAddress = `${houseNumber(rng, road)} ${road.name}`;
  const crossStreet = rng.pick(road.crossStreets);
  const waters = def.waters.map((k) => WATERS[k]);
  const twiceWeekly = def.maxAtOnce > 5 || waters.some((w) => w.impaired);

  // Parties. Contact details are business ones; never a tax ID or a home address.
  const ownerContact = personName(rng);
  const preparerFirm = rng.pick(PREPARER_FIRMS);
  const preparerName = personName(rng);
  const preparerLicense = preparerFirm.profession === 'PE' ? peLicense(rng) : rlaLicense(rng);
  const inspectorFirm = rng.chance(0.3) ? preparerFirm : rng.pick(INSPECTION_FIRMS);
  const inspectorName = personName(rng);
  const inspectorCredential = rng.chance(0.7) ? cpescLicense(rng) : peLicense(rng);
  const certifiedOn = started
    ? addDays(start as string, -rng.int(3, 14))
    : def.status === 'approved' && def.plannedStart < 10
      ? at(-rng.int(2, 8))
      : null;
  const trades: Array<ContractorFirm['trade']> = def.slug.includes('solar')
    ? ['solar', 'erosion']
    : def.kind === 'major'
      ? ['utilities', 'paving', 'landscaping', 'erosion']
      : ['landscaping', 'erosion'];
  const general = rng.pick(CONTRACTOR_FIRMS.filter((f) => f.trade === 'sitework'));
  const subCount = def.kind === 'major' ? rng.int(1, 2) : rng.int(0, 1);
  const subs = rng.sample(trades, subCount).map((t) => rng.pick(CONTRACTOR_FIRMS.filter((f) => f.trade === t)));
  const contractors: PdfParty[] = [
    {
      company: general.name,
      contact: personName(rng),
      role: 'Contractor',
      measures: general.measures,
      certifiedOn: certifiedOn ?? undefined,
      phone: phone(rng),
    },
    ...subs.map((f) => ({
      company: f.name,
      contact: personName(rng),
      role: 'Subcontractor',
      measures: f.measures,
      certifiedOn: certifiedOn ?? undefined,
      phone: phone(rng),
    })),
  ];
  const owner: PdfParty = {
    company: def.owner.company,
    contact: ownerContact,
    title: def.owner.title,
    phone: phone(rng),
    email: emailFor(ownerContact, def.owner.domain),
  };
  const preparer: PdfParty = {
    company: preparerFirm.name,
    contact: `${preparerName}, ${preparerFirm.profession === 'PE' ? 'P.E.' : 'RLA'}`,
    license: preparerLicense,
    phone: phone(rng),
    email: emailFor(preparerName, preparerFirm.domain),
  };
  const inspector: PdfParty = {
    company: inspectorFirm.name,
    contact: inspectorName,
    license: inspectorCredential,
    phone: phone(rng),
    email: emailFor(inspectorName, inspectorFirm.domain),
  };
  const practices: PracticeDef[] = practicesFor(rng, def.disturbed, def.streets);

  const pdf: PdfProject = {
    slug: def.slug,
    name: def.name,
    description: def.description,
    siteAddress,
    crossStreet,
    zip: road.zip,
    latitude,
    longitude,
    taxMapParcels: taxParcels(rng, road, def.parcels),
    kind: def.kind,
    natureOfActivity: def.nature,
    preDevelopmentLandUse: def.preUse,
    postDevelopmentLandUse: def.postUse,
    totalSiteAcres: def.total,
    disturbedAcres: def.disturbed,
    maxDisturbedAtOnceAcres: def.maxAtOnce,
    existingImperviousAcres: def.existingImp,
    futureImperviousAcres: def.futureImp,
    decFiveAcreApproval: !!def.decApproval,
    phasing: def.phasing,
    phaseCount: def.phases,
    postConstructionPractices: def.post.join(', '),
    plannedStartOn: at(def.plannedStart),
    plannedCompletionOn: at(def.plannedEnd),
    townPermitNo: null,
    spdesPermitId: null,
    waters,
    owner,
    preparer,
    inspector,
    contractors,
    practices,
    watercourseBuffer: !!def.buffers?.watercourse,
    wetlandBuffer: !!(def.buffers?.federal || def.buffers?.state),
  };

  // Winter shutdown: the most recent December 15 - March 15 inside the work period.
  let winter: { from: string; to: string } | undefined;
  if (def.winterShutdown && start) {
    const lastDay = finalStab ?? today;
    for (let y = Number(today.slice(0, 4)); y >= Number(start.slice(0, 4)) - 1; y--) {
      const from = `${y}-12-15`;
      if (from >= start && addDays(from, 30) <= lastDay) {
        winter = { from, to: minDay(`${y + 1}-03-15`, lastDay) };
        break;
      }
    }
  }

  const row: typeof schema.projects.$inferInsert = {
    slug: def.slug,
    name: def.name,
    description: def.description,
    siteAddress,
    crossStreet,
    zip: road.zip,
    latitude,
    longitude,
    taxMapParcels: pdf.taxMapParcels,
    kind: def.kind,
    status: def.status,
    natureOfActivity: def.nature,
    preDevelopmentLandUse: def.preUse,
    postDevelopmentLandUse: def.postUse,
    totalSiteAcres: def.total,
    disturbedAcres: def.disturbed,
    maxDisturbedAtOnceAcres: def.maxAtOnce,
    existingImperviousAcres: def.existingImp,
    futureImperviousAcres: def.futureImp,
    decFiveAcreApproval: !!def.decApproval,
    decFiveAcreApprovalOn: def.decApproval ? addDays(review.decidedOn ?? swpppReceived, -rng.int(3, 12)) : null,
    phasing: def.phasing,
    phaseCount: def.phases,
    drainsToMs4: def.waters.includes('ms4'),
    federalWetlandBuffer: !!def.buffers?.federal,
    stateWetlandBuffer: !!def.buffers?.state,
    watercourseBuffer: !!def.buffers?.watercourse,
    bufferNotes: def.buffers?.notes ?? null,
    postConstructionPractices: def.kind === 'major' && def.post.length ? def.post.join(', ') : null,
    plannedStartOn: at(def.plannedStart),
    plannedCompletionOn: at(def.plannedEnd),
    actualStartOn: start,
    // Subsection L(3): the qualified professional's assessment before work starts (no random draw: the rest of the town stays as it was).
    preConstructionAssessmentOn: start ? addDays(start, -2) : null,
    townPermitNo: null,
    // DEC assigns the permit ID about a week after a complete NOI.
    spdesPermitId: daysBetween(noiReceived, today) > 7 ? spdesId(rng) : null,
    noiReceivedOn: noiReceived,
    finalStabilizationOn: finalStab,
    notFiledOn: notFiled,
    winterShutdownFrom: winter?.from ?? null,
    winterShutdownTo: winter?.to ?? null,
    published: true,
    publishedAt: atLocal(noiReceived, 15, rng.int(0, 59)),
    createdAt: atLocal(noiReceived, 11, rng.int(0, 59)),
    updatedAt: atLocal(noiReceived, 15, 0),
  };
  pdf.spdesPermitId = row.spdesPermitId ?? null;

  const parties: ProjectPlan['parties'] = [
    {
      role: 'owner_operator',
      companyName: owner.company,
      contactName: owner.contact,
      contactTitle: owner.title,
      phone: owner.phone,
      email: owner.email,
      createdAt: row.createdAt,
    },
    {
      role: 'swppp_preparer',
      companyName: preparer.company,
      contactName: preparer.contact,
      contactTitle: preparerFirm.profession === 'PE' ? 'Professional Engineer' : 'Landscape Architect',
      phone: preparer.phone,
      email: preparer.email,
      license: preparer.license,
      createdAt: row.createdAt,
    },
    {
      role: 'qualified_inspector',
      companyName: inspector.company,
      contactName: inspector.contact,
      contactTitle: 'Qualified Inspector',
      phone: inspector.phone,
      email: inspector.email,
      license: inspector.license,
      createdAt: row.createdAt,
    },
    ...contractors.map((c) => ({
      role: (c.role === 'Contractor' ? 'contractor' : 'subcontractor') as 'contractor' | 'subcontractor',
      companyName: c.company,
      contactName: c.contact,
      contactTitle: c.role === 'Contractor' ? 'Project Superintendent' : 'Foreman',
      phone: c.phone,
      measures: c.measures,
      certifiedOn: c.certifiedOn ?? null,
      createdAt: row.createdAt,
    })),
  ];

  const plan: ProjectPlan = {
    def,
    rng,
    row,
    pdf,
    parties,
    docs: [],
    reviews: [],
    inspectionDocs: new Map(),
    monthly: [],
    notices: [],
    townInspections: [],
    enforcement: [],
  };

  // Documents: NOI and SWPPP (public), amendments
  const noiDoc = doc(
    'noi',
    'Notice of Intent (NOI)',
    `noi-${def.slug}.pdf`,
    noiReceived,
    'accepted',
    { kind: 'noi', project: pdf, date: noiReceived },
    atLocal(noiReceived, 10, 30),
  );
  const swpppDoc = doc(
    'swppp',
    'Stormwater Pollution Prevention Plan (SWPPP)',
    `swppp-${def.slug}.pdf`,
    swpppReceived,
    def.review ? 'filed' : 'accepted',
    {
      kind: 'swppp',
      project: pdf,
      opts: { date: swpppReceived, letterPages: def.swpppPages, planSheets: def.planSheets },
    },
    atLocal(swpppReceived, 14, 10),
  );
  plan.docs.push(noiDoc, swpppDoc);
  plan.reviews.push({ doc: swpppDoc, ...review });

  const lastActive = finalStab ?? today;
  let previous = swpppDoc;
  const stories = AMENDMENTS[def.slug] ?? [];
  stories.slice(0, def.amendments ?? 0).forEach((story, i) => {
    if (!start) return;
    const spanDays = Math.max(30, daysBetween(start, lastActive));
    let date = addDays(start, Math.round((spanDays * (i + 1)) / (stories.length + 1)));
    if (def.slug === 'westcott-road-townhomes') date = at(-91);
    if (def.slug === 'mariaville-meadows-phase-2') date = at(-140);
    date = minDay(date, at(-6));
    const newContractor = story.newTrade
      ? CONTRACTOR_FIRMS.find((f) => f.trade === story.newTrade && !contractors.some((c) => c.company === f.name))
      : undefined;
    let newParty: PdfParty | undefined;
    if (newContractor) {
      newParty = {
        company: newContractor.name,
        contact: personName(rng),
        role: 'Subcontractor',
        measures: newContractor.measures,
        certifiedOn: date,
        phone: phone(rng),
      };
      parties.push({
        role: 'subcontractor',
        companyName: newParty.company,
        contactName: newParty.contact,
        contactTitle: 'Foreman',
        phone: newParty.phone,
        measures: newParty.measures,
        certifiedOn: date,
        createdAt: atLocal(date, 12),
      });
    }
    const number = i + 1;
    const amendment = doc(
      'swppp_amendment',
      `SWPPP Amendment No. ${number}`,
      `swppp-amendment-${number}-${def.slug}.pdf`,
      date,
      'accepted',
      {
        kind: 'swppp_amendment',
        project: pdf,
        opts: {
          date,
          number,
          reason: story.reason,
          changes: story.changes,
          planSheets: rng.int(1, 3),
          newContractor: newParty,
        },
      },
      atLocal(date, 13, 20),
    );
    amendment.version = number + 1;
    amendment.supersedes = previous;
    previous = amendment;
    plan.docs.push(amendment);
    const completeOn = addDays(date, rng.int(2, 6));
    const decidedOn = addDays(completeOn, rng.int(3, 12));
    plan.reviews.push(
      decidedOn < today
        ? { doc: amendment, receivedOn: date, completeOn, decision: 'approved', decidedOn }
        : { doc: amendment, receivedOn: date, completeOn: minDay(completeOn, today) },
    );
    if (decidedOn >= today) amendment.reviewStatus = 'filed';
  });

  // A year (or the whole job) of inspections for every project that has started.
  if (start) {
    const input: SiteInput = {
      slug: def.slug,
      rng: rng.fork('site'),
      now,
      today,
      calendar: ctx.calendar,
      start,
      end: finalStab ?? today,
      finalStabilization: !!finalStab,
      plannedEnd: finalStab ?? at(def.plannedEnd),
      twiceWeekly,
      winter,
      disturbed: def.disturbed,
      maxAtOnce: def.maxAtOnce,
      practices,
      inspector: { name: inspectorName, credential: inspectorCredential },
      contractor: general.name,
      roadName: road.name,
      storms: ctx.storms,
      gap11: def.anomalies?.gap11,
      missedStorm: def.anomalies?.missedStorm,
      trapNotCleaned: def.anomalies?.trapNotCleaned,
      returnedReport: def.anomalies?.returnedReport,
      ...enforcementFindings(def.slug, at),
    };
    const result = simulateSite(input);
    plan.site = { input, result };
    for (const ins of result.inspections) {
      const label = INSPECTION_LABEL[ins.type];
      // The title's parentheses never nest: "(post-storm inspection, within 24 hours)".
      const d = doc(
        'inspection_report',
        `Inspection report, ${formatDay(ins.date)} (${withoutAsides(label).toLowerCase()})`,
        `inspection-${ins.date}-${ins.type.replace('_', '-')}.pdf`,
        ins.date,
        ins.reviewStatus,
        { kind: 'inspection_report', project: pdf, report: pdfInspection(ins, label), date: ins.date },
        ins.filedAt,
      );
      plan.inspectionDocs.set(ins, d);
    }
    const summaries = monthlySummaries({
      rng: rng.fork('monthly'),
      now,
      today,
      site: input,
      result,
      certifiedBy: rng.chance(0.6)
        ? { name: inspectorName, title: `Qualified Inspector (${inspectorCredential})` }
        : { name: ownerContact, title: `${def.owner.title}, ${def.owner.company}` },
      missingLast: def.anomalies?.missingSummary,
      late: def.anomalies?.lateSummary,
      corrected: def.anomalies?.correctedSummary,
    });
    const byMonth = new Map<string, DocPlan>();
    for (const s of summaries) {
      const submittedOn = townToday(s.submittedAt);
      const d = doc(
        'monthly_summary',
        `Monthly inspection summary, ${formatMonth(s.month)}${s.version > 1 ? ` (corrected, version ${s.version})` : ''}`,
        `monthly-summary-${s.month}${s.version > 1 ? `-v${s.version}` : ''}.pdf`,
        submittedOn,
        s.reviewStatus,
        { kind: 'monthly_summary', project: pdf, summary: pdfMonthly(s), date: submittedOn },
        s.submittedAt,
      );
      d.version = s.version;
      d.supersedes = s.supersedes ? byMonth.get(s.month) : undefined;
      byMonth.set(s.month, d);
      plan.monthly.push({ summary: s, doc: d });
    }
    row.updatedAt = result.inspections.length
      ? result.inspections[result.inspections.length - 1].filedAt
      : row.updatedAt;
  }

  // Close-out: certified as-built plans (permanent practices only) and the NOT.
  if (finalStab && def.kind === 'major' && (notFiled || def.slug === 'helderberg-avenue-school-addition')) {
    const date = notFiled ? addDays(notFiled, -rng.int(5, 15)) : addDays(finalStab, 12);
    plan.docs.push(
      doc(
        'as_built_plans',
        'Certified as-built plans, permanent stormwater practices',
        `as-built-${def.slug}.pdf`,
        date,
        notFiled ? 'accepted' : 'filed',
        { kind: 'as_built_plans', project: pdf, opts: { date, sheets: rng.int(2, 4) } },
        atLocal(date, 11, 45),
      ),
    );
  }
  if (notFiled && finalStab) {
    const fs = finalStab;
    plan.docs.push(
      doc(
        'notice_of_termination',
        'Notice of Termination (NOT)',
        `not-${def.slug}.pdf`,
        notFiled,
        'accepted',
        { kind: 'notice_of_termination', project: pdf, opts: { date: notFiled, finalStabilizationOn: fs } },
        atLocal(notFiled, 10, 5),
      ),
    );
    row.updatedAt = atLocal(notFiled, 10, 5);
  }

  planTownSide(plan, ctx, start, finalStab, !!def.anomalies?.lateNotice);
  planEnforcement(plan, ctx);
  if (def.review)
    row.updatedAt = atLocal(review.deficienciesNotifiedOn ?? review.completeOn ?? review.receivedOn, 15, 0);
  return plan;
}

/**
 * Final stabilization means 80% perennial vegetative cover, which does not happen in a Rotterdam
 * winter: a date in December-March moves back to the preceding November.
 */
function growingSeason(date: string): string {
  const month = Number(date.slice(5, 7));
  if (month >= 4 && month <= 11) return date;
  const year = Number(date.slice(0, 4)) - (month === 12 ? 0 : 1);
  return `${year}-11-${date.slice(8, 10) > '20' ? '20' : date.slice(8, 10)}`;
}

function doc(
  type: DocumentType,
  title: string,
  filename: string,
  documentDate: string,
  reviewStatus: DocPlan['reviewStatus'],
  job: PdfJob,
  uploadedAt: Date,
): DocPlan {
  return { type, title, filename, documentDate, uploadedAt, public: true, reviewStatus, version: 1, job };
}

/** Only what the report shows (the simulation objects link to each other and must not be cloned to workers). */
function pdfInspection(ins: SimInspection, typeLabel: string): PdfInspection {
  return {
    inspectedAt: ins.inspectedAt,
    typeLabel,
    inspectorName: ins.inspectorName,
    inspectorCredential: ins.inspectorCredential,
    weather: ins.weather,
    rainSinceLastInches: ins.rainSinceLastInches,
    stormNote: ins.storm
      ? `${ins.storm.inches.toFixed(2)} in. storm ended ${localDateTime(ins.storm.endedAt)}`
      : undefined,
    disturbedAcresActive: ins.disturbedAcresActive,
    disturbedAcresInactive: ins.disturbedAcresInactive,
    tempStabilizedAcres: ins.tempStabilizedAcres,
    finalStabilizedAcres: ins.finalStabilizedAcres,
    disturbedAreasNotes: ins.disturbedAreasNotes,
    nextFourteenDaysNotes: ins.nextFourteenDaysNotes,
    rillGullyErosion: ins.rillGullyErosion,
    sedimentLeavingSite: ins.sedimentLeavingSite,
    maintenanceNeeded: ins.maintenanceNeeded,
    deficiencies: ins.deficiencies,
    practices: ins.practices,
    correctiveOpened: ins.opened.map((c) => c.description),
    correctiveCarried: ins.carried.map((c) => c.description),
    correctiveClosed: ins.closed.map((c) => c.description),
  };
}

function pdfMonthly(s: SimMonthly): PdfMonthlySummary {
  const {
    supersedes: _supersedes,
    supersededAt: _at,
    submittedAt: _sub,
    reviewedAt: _rev,
    reviewStatus: _rs,
    id: _id,
    ...rest
  } = s;
  return rest;
}

function spdesId(rng: Rng): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  return `NYR1${rng.int(0, 2)}${letters[rng.int(0, letters.length - 1)]}${rng.int(100, 999)}`;
}

/** Town permit numbers SD-YYYY-NNN in order of approval within each year; none until the SWPPP is approved. */
function assignPermitNumbers(plans: ProjectPlan[], rng: Rng): void {
  const approved = plans
    .map((p) => ({ p, decided: p.reviews[0].decidedOn }))
    .filter((x): x is { p: ProjectPlan; decided: string } => !!x.decided)
    .sort((a, b) => a.decided.localeCompare(b.decided));
  const counters = new Map<string, number>();
  const seen = new Set<string>();
  for (const { p, decided } of approved) {
    const year = decided.slice(0, 4);
    const n = (counters.get(year) ?? rng.int(2, 6)) + rng.int(1, 3);
    counters.set(year, n);
    p.row.townPermitNo = `SD-${year}-${String(n).padStart(3, '0')}`;
    p.pdf.townPermitNo = p.row.townPermitNo;
  }
  for (const p of plans) {
    while (p.row.spdesPermitId && seen.has(p.row.spdesPermitId)) p.row.spdesPermitId = spdesId(rng);
    if (p.row.spdesPermitId) seen.add(p.row.spdesPermitId);
    p.pdf.spdesPermitId = p.row.spdesPermitId ?? null;
  }
}

// ---------------------------------------------------------------------------------------------
// The town's side: 48-hour notices and town inspections

function planTownSide(
  plan: ProjectPlan,
  ctx: PlanContext,
  start: string | null,
  finalStab: string | null,
  lateNotice: boolean,
): void {
  const { rng } = plan;
  const { today, now } = ctx;
  const milestones: Array<[NoticePlan['milestone'], string]> = [];
  if (start) {
    const end = finalStab ?? plan.row.plannedCompletionOn ?? addDays(start, 365);
    const span = Math.max(30, daysBetween(start, end));
    milestones.push(['start_of_construction', start]);
    milestones.push(['controls_as_clearing_progresses', addDays(start, Math.round(span * 0.08))]);
    milestones.push(['clearing_complete', addDays(start, Math.round(span * 0.18))]);
    milestones.push(['rough_grading_complete', addDays(start, Math.round(span * 0.45))]);
    milestones.push(['final_grading_complete', addDays(start, Math.round(span * 0.8))]);
    if (plan.row.winterShutdownFrom) milestones.push(['close_of_season', addDays(plan.row.winterShutdownFrom, -3)]);
    if (finalStab) milestones.push(['final_landscaping_complete', addDays(finalStab, -6)]);
    if (plan.row.notFiledOn && plan.def.kind === 'major')
      milestones.push(['public_landscaping_established', addDays(finalStab as string, 20)]);
  } else if (plan.def.status === 'approved' && plan.def.plannedStart > 0 && plan.def.plannedStart <= 7) {
    milestones.push(['start_of_construction', addDays(today, plan.def.plannedStart)]);
  }
  let lateUsed = false;
  for (const [milestone, date] of milestones) {
    if (date > addDays(today, 7)) continue;
    const scheduledFor = atLocal(ctx.calendar.onOrAfter(date), 7, 30);
    const late = lateNotice && !lateUsed && milestone === 'rough_grading_complete';
    if (late) lateUsed = true;
    let givenAt = plusHours(scheduledFor, -(late ? 26 : rng.int(50, 140)));
    if (givenAt > now) continue;
    if (givenAt.getTime() > now.getTime() - 3_600_000) givenAt = new Date(now.getTime() - 3_600_000);
    const giver =
      plan.parties.find((p) => p.role === 'contractor') ?? plan.parties.find((p) => p.role === 'owner_operator');
    const givenByName = giver
      ? `${[giver.contactName, giver.companyName].filter(Boolean).join(', ')}${late ? ' (phone)' : ''}`
      : undefined;
    const notice: NoticePlan = {
      milestone,
      scheduledFor,
      givenAt,
      givenByName,
      notes: late ? "Called in the afternoon before; less than 48 hours' notice." : undefined,
    };
    if (scheduledFor > now) notice.inspectAt = plusHours(scheduledFor, 1);
    plan.notices.push(notice);
    const inspectedOn = ctx.calendar.onOrAfter(townToday(scheduledFor));
    if (inspectedOn >= today) continue;
    const roll = rng.next();
    plan.townInspections.push({
      notice,
      milestone,
      inspectedOn,
      outcome: roll < 0.85 ? 'approved' : 'follow_up',
      findings:
        roll < 0.85
          ? milestoneFinding(milestone)
          : 'Silt fence at the northeast corner needs re-staking; will check at the next visit.',
    });
  }
}

function milestoneFinding(m: string): string {
  switch (m) {
    case 'start_of_construction':
      return 'Perimeter silt fence, construction entrance and sediment traps installed as shown on the SWPPP. Clearing may begin.';
    case 'controls_as_clearing_progresses':
      return 'Additional silt fence and the diversion swale installed ahead of clearing.';
    case 'clearing_complete':
      return 'Clearing confined to the approved limits; topsoil stockpile covered.';
    case 'rough_grading_complete':
      return 'Rough grading matches the plans; slopes temporarily seeded.';
    case 'final_grading_complete':
      return 'Final grading done; topsoil and seeding under way.';
    case 'close_of_season':
      return 'Site mulched and stabilized for the winter; traps cleaned out.';
    case 'final_landscaping_complete':
      return 'Landscaping complete; vegetative cover estimated at 80-90%.';
    default:
      return 'Landscaping in public areas established.';
  }
}

// ---------------------------------------------------------------------------------------------
// Enforcement stories

/** Findings the qualified inspector recorded on the days the town acted, and follow-ups after orders. */
function enforcementFindings(
  slug: string,
  at: (offset: number) => string,
): Pick<SiteInput, 'forced' | 'followUps' | 'acreOverrides'> {
  if (slug === 'hamburg-street-mixed-use') {
    return {
      forced: [
        {
          onOrAfter: at(-42),
          deficiencies:
            'Sediment-laden water left the site at the Hamburg Street entrance and entered catch basin CB-1.',
          corrective: 'Sweep Hamburg Street, clean catch basin CB-1 and top-dress the construction entrance',
          sedimentLeavingSite: true,
          closeAfter: at(-36),
        },
        {
          onOrAfter: at(-28),
          deficiencies:
            'Silt fence along the east property line down for about 120 feet; soil stockpile beside the sidewalk not covered.',
          corrective: 'Reinstall 120 ft of silt fence on the east line and cover the stockpile',
          closeAfter: at(-5),
        },
        {
          onOrAfter: at(-14),
          deficiencies:
            'After the storm, sediment again reached Hamburg Street and catch basins CB-1 and CB-2; inlet protection missing at CB-2.',
          corrective: 'Install inlet protection at CB-1 and CB-2 and remove sediment from the street and basins',
          sedimentLeavingSite: true,
          closeAfter: at(1),
        },
      ],
      followUps: [at(-11), at(-6), at(-2)],
    };
  }
  if (slug === 'mariaville-meadows-phase-2') {
    return {
      forced: [
        {
          onOrAfter: at(-164),
          deficiencies:
            'About 6.5 acres are open at once (lots 12-20 cleared before the road section was stabilized); the SWPPP allows 4.9 acres.',
          corrective: 'Seed and mulch lots 12-20 until no more than 4.9 acres are open',
          closeAfter: at(-152),
        },
      ],
      followUps: [at(-158), at(-153)],
      // The qualified inspector's reports show the 6.5 acres until the extra area was stabilized.
      acreOverrides: [{ from: at(-166), to: at(-153), open: 6.5 }],
    };
  }
  if (slug === 'campbell-road-medical-office') {
    return {
      forced: [
        {
          onOrAfter: at(-8),
          deficiencies: 'No inlet protection on two catch basins on West Campbell Road; mud tracked onto the road.',
          corrective: 'Install inlet protection on the two West Campbell Road catch basins and sweep the road',
          sedimentLeavingSite: true,
          closeAfter: at(3),
        },
      ],
    };
  }
  return {};
}

function townInspection(
  plan: ProjectPlan,
  inspectedOn: string,
  outcome: TownInspectionPlan['outcome'],
  findings: string,
): TownInspectionPlan {
  const ti: TownInspectionPlan = { milestone: null, inspectedOn, outcome, findings };
  plan.townInspections.push(ti);
  return ti;
}

function planEnforcement(plan: ProjectPlan, ctx: PlanContext): void {
  const at = (offset: number) => addDays(ctx.today, offset);
  const slug = plan.def.slug;
  const add = (e: EnforcementPlan) => {
    plan.enforcement.push(e);
    return e;
  };
  if (slug === 'hamburg-street-mixed-use') {
    const v1: ViolationPlan = {
      observedOn: at(-41),
      description:
        'Sediment-laden runoff leaving the site at the Hamburg Street entrance and entering the storm sewer.',
      ordinanceSection: SECTION.waterQuality,
      correctedOn: at(-37),
      townInspection: townInspection(
        plan,
        at(-41),
        'deficient',
        'Complaint from a neighbor: muddy water running from the Hamburg Street entrance into catch basin CB-1. Silt fence along the east line knocked down.',
      ),
    };
    const v2: ViolationPlan = {
      observedOn: at(-27),
      description:
        'Silt fence along the east property line down for about 120 feet; soil stockpile beside the sidewalk not covered at the end of the workday.',
      ordinanceSection: SECTION.stockpiles,
      townInspection: townInspection(
        plan,
        at(-27),
        'deficient',
        'Follow-up: the street was swept, but the east silt fence is still down and the stockpile is uncovered.',
      ),
    };
    const v3: ViolationPlan = {
      observedOn: at(-13),
      description:
        'Measures required by the notice of violation not done; after the storm, sediment deposited on Hamburg Street and in catch basins CB-1 and CB-2.',
      ordinanceSection: SECTION.enforcement,
      townInspection: townInspection(
        plan,
        at(-13),
        'deficient',
        'None of the required measures were done by the comply-by date. Sediment on Hamburg Street and in CB-1 and CB-2 after the storm. Stop-work order issued.',
      ),
    };
    townInspection(
      plan,
      at(-4),
      'follow_up',
      'Street cleaned and about half of the east silt fence reinstalled. Inlet protection still missing at CB-2. The stop-work order stays in force.',
    );
    const swo = add({
      type: 'stop_work_order',
      category: 'formal',
      status: 'issued',
      issuedOn: at(-12),
      issuedByName: OFFICER,
      citedSection: `${SECTION.enforcement}; ${SECTION.waterQuality}`,
      summary:
        'All land development at this site must stop, except work to stabilize the site and fix the violations. The order stays in force until the Town confirms the site is in compliance.',
      findings: [v3.description, 'The written warning and the notice of violation were not complied with.'],
      requiredMeasures:
        'Remove sediment from Hamburg Street and catch basins CB-1 and CB-2; reinstall 300 feet of silt fence on the east line; install inlet protection at CB-1 and CB-2; cover all stockpiles daily; submit a SWPPP amendment for the revised entrance.',
      violations: [v1, v2, v3],
    });
    const nov = add({
      type: 'notice_of_violation',
      category: 'formal',
      status: 'escalated',
      issuedOn: at(-26),
      issuedByName: OFFICER,
      citedSection: `${SECTION.stockpiles}; ${SECTION.waterQuality}`,
      summary:
        'The site is not following its SWPPP: silt fence is down and a soil stockpile is uncovered, after an earlier warning about muddy water reaching the street.',
      findings: [v2.description],
      requiredMeasures: 'Reinstall the east silt fence, cover the stockpile and keep the street clean.',
      complyBy: at(-19),
      escalatedTo: swo,
      violations: [v2],
    });
    add({
      type: 'written_warning',
      category: 'informal',
      status: 'escalated',
      issuedOn: at(-40),
      issuedByName: OFFICER,
      citedSection: SECTION.waterQuality,
      summary:
        'Muddy water ran from the construction entrance into the street drain on Hamburg Street. The operator was told to clean it up and fix the controls within two days.',
      findings: [v1.description],
      requiredMeasures:
        'Sweep the street, clean catch basin CB-1, repair the silt fence and add stone to the construction entrance.',
      complyBy: at(-38),
      escalatedTo: nov,
      violations: [v1],
    });
    add({
      type: 'dec_referral',
      category: 'formal',
      status: 'issued',
      issuedOn: at(-10),
      issuedByName: OFFICER,
      citedSection: SECTION.waterQuality,
      summary:
        'The Town referred the sediment discharges to the state DEC (Region 4) because the storm sewer here drains to the Sandsea Kill, an impaired stream.',
      findings: [v1.description, v3.description],
      violations: [v1, v3],
    });
  }
  if (slug === 'mariaville-meadows-phase-2') {
    const v: ViolationPlan = {
      observedOn: at(-162),
      description:
        "More than five acres of disturbed soil at one time (about 6.5 acres: lots 12-20 and the road section) without DEC's prior written approval.",
      ordinanceSection: SECTION.fiveAcres,
      correctedOn: at(-152),
      townInspection: townInspection(
        plan,
        at(-162),
        'deficient',
        'About 6.5 acres open at once, measured with GPS. Lots 12-20 were cleared before the road section was stabilized.',
      ),
    };
    townInspection(
      plan,
      at(-152),
      'approved',
      'Lots 12-20 seeded and mulched; open area measured at 4.3 acres. Stop-work order lifted.',
    );
    add({
      type: 'stop_work_order',
      category: 'formal',
      status: 'closed',
      issuedOn: at(-161),
      issuedByName: OFFICER,
      citedSection: SECTION.fiveAcres,
      summary:
        "Work stopped because about 6.5 acres were bare at once, more than the five acres the law allows without the state's written approval. Lifted after the extra area was seeded and mulched.",
      findings: [v.description],
      requiredMeasures: 'Seed and mulch lots 12-20 until no more than 4.9 acres are open; amend the SWPPP phasing.',
      liftedOn: at(-152),
      closedOn: at(-152),
      violations: [v],
    });
    add({
      type: 'fine',
      category: 'judicial',
      status: 'issued',
      issuedOn: at(-140),
      issuedByName: "Town of Rotterdam Justice Court, on the Stormwater Management Officer's complaint",
      citedSection: SECTION.enforcement,
      summary:
        'Fine of $150 a day for the 9 days the site had more than five acres open. $500 has been paid; $850 is still owed.',
      findings: [v.description],
      fine: { dailyRateCents: 15000, days: 9, paidCents: 50000, dueOn: at(-110), status: 'partly_paid' },
      violations: [v],
    });
  }
  if (slug === 'westcott-road-townhomes') {
    const v: ViolationPlan = {
      observedOn: at(-96),
      description:
        'The SWPPP does not identify the contractor who installs and maintains the sediment basin, and has no maintenance schedule for it.',
      ordinanceSection: SECTION.contractor,
      correctedOn: at(-91),
    };
    add({
      type: 'swppp_deficiency_notice',
      category: 'formal',
      status: 'closed',
      issuedOn: at(-96),
      issuedByName: OFFICER,
      citedSection: SECTION.contractor,
      summary:
        'The Town told the operator the SWPPP was missing required information and had to be amended and certified within 7 days. The amendment arrived on time.',
      findings: [v.description],
      requiredMeasures:
        'Amend the SWPPP to name the contractor for the sediment basin and add its maintenance schedule; submit a written certification that the changes were made.',
      complyBy: at(-89),
      closedOn: at(-88),
      violations: [v],
    });
  }
  if (slug === 'campbell-road-medical-office') {
    const v: ViolationPlan = {
      observedOn: at(-7),
      description:
        'No inlet protection on two catch basins on West Campbell Road; mud tracked onto the road from the construction entrance.',
      ordinanceSection: SECTION.waterQuality,
      townInspection: townInspection(
        plan,
        at(-7),
        'deficient',
        'Routine town inspection: inlet protection missing at the two road catch basins; tracking onto West Campbell Road.',
      ),
    };
    add({
      type: 'notice_of_violation',
      category: 'formal',
      status: 'issued',
      issuedOn: at(-6),
      issuedByName: OFFICER,
      citedSection: SECTION.waterQuality,
      summary:
        'Mud is being tracked onto West Campbell Road and two street drains have no protection. The operator must fix both by the comply-by date of this notice.',
      findings: [v.description],
      requiredMeasures:
        'Install inlet protection on both catch basins, add stone to the construction entrance and sweep the road daily until paving.',
      complyBy: at(4),
      violations: [v],
    });
  }
  if (slug === 'carman-road-child-care-center') {
    const v: ViolationPlan = {
      observedOn: at(-70),
      description: 'Soil stockpile beside the sidewalk left uncovered over a weekend.',
      ordinanceSection: SECTION.stockpiles,
      correctedOn: at(-66),
      townInspection: townInspection(
        plan,
        at(-70),
        'deficient',
        'Stockpile at the front of the lot uncovered; some soil washed onto the sidewalk.',
      ),
    };
    add({
      type: 'written_warning',
      category: 'informal',
      status: 'closed',
      issuedOn: at(-70),
      issuedByName: CODE_OFFICER,
      citedSection: SECTION.stockpiles,
      summary:
        'A soil pile was left uncovered over a weekend and some washed onto the sidewalk. The contractor covered it and cleaned the sidewalk.',
      findings: [v.description],
      requiredMeasures: 'Cover the stockpile at the end of each workday and clean the sidewalk.',
      complyBy: at(-67),
      closedOn: at(-63),
      violations: [v],
    });
  }
  if (slug === 'altamont-avenue-plaza') {
    const v: ViolationPlan = {
      observedOn: at(-45),
      description: 'The monthly summary of site inspections was not posted at the site.',
      ordinanceSection: SECTION.inspections,
      correctedOn: at(-42),
      townInspection: townInspection(
        plan,
        at(-45),
        'deficient',
        'Posting board at the entrance had the NOI but no monthly inspection summary.',
      ),
    };
    add({
      type: 'written_warning',
      category: 'informal',
      status: 'complied',
      issuedOn: at(-45),
      issuedByName: OFFICER,
      citedSection: SECTION.inspections,
      summary:
        'The monthly summary of inspections was not posted at the site where the public can see it. The operator says it has been posted; the Town has not yet closed the warning.',
      findings: [v.description],
      requiredMeasures: 'Post the monthly summary at the site entrance each month.',
      complyBy: at(-38),
      violations: [v],
    });
  }
  if (slug === 'burdeck-street-car-wash') {
    const v: ViolationPlan = {
      observedOn: at(-20),
      description:
        'The rear slope along the railroad has bare patches (about 50% cover); final stabilization (80% vegetative cover) has not been reached.',
      ordinanceSection: SECTION.stabilization,
      townInspection: townInspection(
        plan,
        at(-20),
        'deficient',
        'Requested final inspection: rear slope about 50% covered, with bare patches and rills.',
      ),
    };
    add({
      type: 'occupancy_hold',
      category: 'formal',
      status: 'issued',
      issuedOn: at(-18),
      issuedByName: CODE_OFFICER,
      citedSection: SECTION.occupancy,
      summary:
        'The car wash may not open until the bare slope behind it is reseeded and the Town confirms at least 80% of it is covered with grass.',
      findings: [v.description],
      requiredMeasures:
        'Reseed and mulch the rear slope (erosion control blanket where steeper than 3:1); request a final inspection when cover reaches 80%.',
      violations: [v],
    });
  }
  if (slug === 'thompson-street-warehouse-addition') {
    const v: ViolationPlan = {
      observedOn: at(-400),
      description: 'Concrete truck wash water discharged to a catch basin instead of the washout area.',
      ordinanceSection: SECTION.waterQuality,
      correctedOn: at(-398),
      townInspection: townInspection(plan, at(-400), 'deficient', 'Grey wash water in CB-3; washout area not used.'),
    };
    add({
      type: 'notice_of_violation',
      category: 'formal',
      status: 'closed',
      issuedOn: at(-399),
      issuedByName: OFFICER,
      citedSection: SECTION.waterQuality,
      summary:
        'Concrete wash water was dumped into a storm drain. The contractor cleaned the drain and now uses the lined washout area.',
      findings: [v.description],
      requiredMeasures: 'Vacuum out CB-3, use only the lined washout area and train drivers.',
      complyBy: at(-395),
      closedOn: at(-392),
      violations: [v],
    });
  }
  // Every action has its notice letter as a public document.
  for (const e of plan.enforcement) {
    const pdfData: PdfEnforcement = {
      typeLabel: ENFORCEMENT_LABEL[e.type],
      issuedOn: e.issuedOn,
      issuedByName: e.issuedByName,
      citedSection: e.citedSection,
      summary: e.summary,
      findings: e.findings,
      requiredMeasures: e.requiredMeasures ?? '',
      complyBy: e.complyBy ?? null,
      fine: e.fine
        ? {
            dailyRateCents: e.fine.dailyRateCents,
            days: e.fine.days,
            assessedCents: e.fine.dailyRateCents * e.fine.days,
            dueOn: e.fine.dueOn,
          }
        : undefined,
      attachment: e.category !== 'informal' && e.type !== 'swppp_deficiency_notice',
    };
    const p = plan.pdf;
    e.doc = doc(
      'enforcement_notice',
      `${ENFORCEMENT_LABEL[e.type]}, ${formatDay(e.issuedOn)}`,
      `${e.type.replace(/_/g, '-')}-${e.issuedOn}.pdf`,
      e.issuedOn,
      'accepted',
      { kind: 'enforcement_notice', project: p, notice: pdfData },
      atLocal(e.issuedOn, 16, 0),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Inserting

function insertDoc(tx: Tx, projectId: number, d: DocPlan): number {
  if (d.id) return d.id;
  const s = d.stored;
  if (!s) throw new Error(`PDF not generated for ${d.filename}`);
  const supersedesId = d.supersedes ? insertDoc(tx, projectId, d.supersedes) : null;
  d.id = insertRow(tx, schema.documents, {
    projectId,
    type: d.type,
    title: d.title,
    filename: d.filename,
    sha256: s.sha256,
    mimeType: s.mimeType,
    sizeBytes: s.sizeBytes,
    pageCount: s.pageCount,
    sheetSize: s.sheetSize,
    largeFormatPages: s.largeFormatPages,
    documentDate: d.documentDate,
    public: d.public,
    publicProposed: true,
    reviewStatus: d.reviewStatus,
    supersedesId,
    version: d.version,
    uploadedAt: d.uploadedAt,
    updatedAt: d.uploadedAt,
  });
  return d.id;
}

function insertProject(tx: Tx, plan: ProjectPlan): void {
  const projectId = insertRow(tx, schema.projects, plan.row);
  plan.id = projectId;
  for (const w of plan.pdf.waters)
    insertRow(tx, schema.receivingWaters, { projectId, name: w.name, waterType: w.type, impaired: w.impaired });
  for (const party of plan.parties) insertRow(tx, schema.parties, { ...party, projectId });
  for (const d of plan.docs) insertDoc(tx, projectId, d);
  for (const r of plan.reviews) {
    const { doc: reviewed, ...rest } = r;
    insertRow(tx, schema.swpppReviews, {
      projectId,
      documentId: reviewed.id ?? null,
      ...rest,
      createdAt: atLocal(r.receivedOn, 16, 0),
      updatedAt: atLocal(r.decidedOn ?? r.completeOn ?? r.deficienciesNotifiedOn ?? r.receivedOn, 16, 0),
    });
  }

  if (plan.site) {
    const { result } = plan.site;
    const practiceRows: Array<typeof schema.inspectionPractices.$inferInsert> = [];
    for (const ins of result.inspections) {
      const reportId = insertDoc(tx, projectId, plan.inspectionDocs.get(ins) as DocPlan);
      ins.id = insertRow(tx, schema.inspections, {
        projectId,
        inspectedAt: ins.inspectedAt,
        type: ins.type,
        inspectorName: ins.inspectorName,
        inspectorCredential: ins.inspectorCredential,
        weather: ins.weather,
        rainSinceLastInches: ins.rainSinceLastInches,
        stormEventId: ins.storm?.id ?? null,
        disturbedAcresActive: ins.disturbedAcresActive,
        disturbedAcresInactive: ins.disturbedAcresInactive,
        tempStabilizedAcres: ins.tempStabilizedAcres,
        finalStabilizedAcres: ins.finalStabilizedAcres,
        disturbedAreasNotes: ins.disturbedAreasNotes,
        nextFourteenDaysNotes: ins.nextFourteenDaysNotes,
        rillGullyErosion: ins.rillGullyErosion,
        sedimentLeavingSite: ins.sedimentLeavingSite,
        maintenanceNeeded: ins.maintenanceNeeded || null,
        deficiencies: ins.deficiencies || null,
        reportDocumentId: reportId,
        filedAt: ins.filedAt,
        reviewStatus: ins.reviewStatus,
        reviewComment: ins.reviewComment ?? null,
        reviewedAt: ins.reviewedAt ?? null,
      });
      for (const p of ins.practices) {
        practiceRows.push({
          inspectionId: ins.id,
          practice: p.practice,
          practiceType: p.practiceType,
          sedimentAccumulationPct: p.pct,
          condition: p.condition,
          notes: p.notes || null,
        });
      }
    }
    for (let i = 0; i < practiceRows.length; i += 500)
      tx.insert(schema.inspectionPractices)
        .values(practiceRows.slice(i, i + 500))
        .run();
    insertInactiveAreas(tx, plan.def.slug, plan.site.input.today, result);
    for (const ca of result.corrective) {
      insertRow(tx, schema.correctiveActions, {
        projectId,
        openedInInspectionId: ca.openedIn.id ?? null,
        closedInInspectionId: ca.closedIn?.id ?? null,
        description: ca.description,
        responsibleParty: ca.responsibleParty,
        dueOn: ca.dueOn,
        closedOn: ca.closedOn ?? null,
        createdAt: ca.openedIn.filedAt,
      });
    }
    for (const { summary: s, doc: d } of plan.monthly) {
      const documentId = insertDoc(tx, projectId, d);
      s.id = insertRow(tx, schema.monthlySummaries, {
        projectId,
        month: s.month,
        version: s.version,
        supersedesId: s.supersedes?.id ?? null,
        supersededAt: s.supersededAt ?? null,
        inspectionsDone: s.inspectionsDone,
        inspectionsRequired: s.inspectionsRequired,
        stormEvents: s.stormEvents,
        postStormInspections: s.postStormInspections,
        acresDisturbed: s.acresDisturbed,
        acresStabilized: s.acresStabilized,
        correctiveOpened: s.correctiveOpened,
        correctiveClosed: s.correctiveClosed,
        correctiveOpen: s.correctiveOpen,
        narrative: s.narrative,
        certifiedByName: s.certifiedByName,
        certifiedByTitle: s.certifiedByTitle,
        certifiedAt: s.submittedAt,
        documentId,
        submittedAt: s.submittedAt,
        reviewStatus: s.reviewStatus,
        reviewedAt: s.reviewedAt ?? null,
        createdAt: s.submittedAt,
      });
    }
  }

  for (const n of plan.notices) {
    n.id = insertRow(tx, schema.inspectionNotices, {
      projectId,
      milestone: n.milestone,
      scheduledFor: n.scheduledFor,
      givenAt: n.givenAt,
      givenByName: n.givenByName ?? null,
      notes: n.notes ?? null,
    });
    if (n.inspectAt) {
      tx.insert(schema.scheduledInspections)
        .values({
          projectId,
          noticeId: n.id,
          milestone: n.milestone,
          scheduledFor: n.inspectAt,
          notes: 'Walk the perimeter controls with the site superintendent.',
          createdAt: plusHours(n.givenAt, 2),
        })
        .run();
    }
  }
  for (const t of plan.townInspections.sort((a, b) => a.inspectedOn.localeCompare(b.inspectedOn))) {
    t.id = insertRow(tx, schema.townInspections, {
      projectId,
      noticeId: t.notice?.id ?? null,
      milestone: t.milestone,
      inspectedOn: t.inspectedOn,
      outcome: t.outcome,
      findings: t.findings,
      createdAt: atLocal(t.inspectedOn, 15, 30),
    });
  }
  const actions = plan.enforcement.slice().sort((a, b) => a.issuedOn.localeCompare(b.issuedOn));
  for (const e of actions) {
    for (const v of e.violations) {
      if (v.id) continue;
      v.id = insertRow(tx, schema.violations, {
        projectId,
        observedOn: v.observedOn,
        description: v.description,
        ordinanceSection: v.ordinanceSection,
        townInspectionId: v.townInspection?.id ?? null,
        correctedOn: v.correctedOn ?? null,
        createdAt: atLocal(v.observedOn, 15, 45),
      });
    }
    const noticeDocumentId = e.doc ? insertDoc(tx, projectId, e.doc) : null;
    const assessed = e.fine ? e.fine.dailyRateCents * e.fine.days : null;
    e.id = Number(
      tx
        .insert(schema.enforcementActions)
        .values({
          projectId,
          type: e.type,
          category: e.category,
          status: e.status,
          issuedOn: e.issuedOn,
          issuedByName: e.issuedByName,
          citedSection: e.citedSection,
          summary: e.summary,
          requiredMeasures: e.requiredMeasures ?? null,
          complyBy: e.complyBy ?? null,
          closedOn: e.closedOn ?? null,
          liftedOn: e.liftedOn ?? null,
          fineDailyRateCents: e.fine?.dailyRateCents ?? null,
          fineDays: e.fine?.days ?? null,
          fineAssessedCents: assessed,
          finePaidCents: e.fine?.paidCents ?? 0,
          fineDueOn: e.fine?.dueOn ?? null,
          fineStatus: e.fine?.status ?? null,
          noticeDocumentId,
          public: true,
          createdAt: atLocal(e.issuedOn, 16, 0),
          updatedAt: atLocal(e.closedOn ?? e.issuedOn, 16, 0),
        })
        .run().lastInsertRowid,
    );
    for (const v of e.violations)
      tx.insert(schema.enforcementViolations)
        .values({ enforcementActionId: e.id, violationId: v.id as number })
        .run();
  }
  for (const e of actions) {
    if (e.escalatedTo?.id)
      tx.update(schema.enforcementActions)
        .set({ escalatedToId: e.escalatedTo.id })
        .where(eqAction(e.id as number))
        .run();
  }
}

/**
 * Areas where work stopped, recorded by the qualified inspector (the stabilization clock, Subsection
 * J(7)): one left bare past its 14 days (a lapse for the rules to find) and one whose deadline is
 * still ahead. Added after the simulation, so the random streams are untouched.
 */
const INACTIVE_AREAS: Record<string, { area: string; acres: number; stoppedAgo: number }> = {
  'route-7-commerce-park-lot-3': {
    area: 'Topsoil stockpile and graded pad east of the Lot 3 building',
    acres: 0.6,
    stoppedAgo: 24,
  },
  'carman-road-child-care-center': { area: 'Future playground area behind the building', acres: 0.2, stoppedAgo: 8 },
};

function insertInactiveAreas(tx: Tx, slug: string, today: string, result: SiteResult): void {
  const spec = INACTIVE_AREAS[slug];
  if (!spec) return;
  const stoppedOn = addDays(today, -spec.stoppedAgo);
  for (const ins of result.inspections) {
    if (ins.date <= stoppedOn || ins.id === undefined) continue;
    tx.insert(schema.inspectionInactiveAreas)
      .values({ inspectionId: ins.id, area: spec.area, acres: spec.acres, workStoppedOn: stoppedOn })
      .run();
  }
}

function eqAction(id: number) {
  return eq(schema.enforcementActions.id, id);
}

// ---------------------------------------------------------------------------------------------
// Records requests

const REQUESTERS = [
  { name: 'Janet Morrow', email: 'jmorrow@example.com' },
  { name: 'Hamburg Street Neighbors Association', email: 'hsna.secretary@example.org' },
  { name: 'Ralph Dunning', email: 'rdunning@example.com', address: '14 Example Lane, Rotterdam, NY 12306' },
  { name: 'Mohawk Watershed Alliance', email: 'records@mohawkwatershed.example.org' },
  { name: 'Daily Gazette newsroom (fictional)', email: 'newsroom@example.com' },
  { name: 'Priya Raman', email: 'praman@example.com' },
  // Private numbers only from REQUESTER_PHONES: never a public party's (db/seed/names.ts).
  { name: 'Leo Castellano', phone: REQUESTER_PHONES[8], address: '220 Sample Road, Rotterdam, NY 12303' },
  { name: 'Sandsea Kill Stream Team', email: 'streamteam@example.org' },
  { name: 'Dorothy Van Slyke', email: 'dvanslyke@example.com' },
  { name: 'Capital Region Title Services (fictional)', email: 'orders@example.com' },
  { name: 'Martin Oyelaran', email: 'moyelaran@example.org' },
  { name: 'Helen Brandt', email: 'hbrandt@example.com', address: '9 Demo Court, Rotterdam, NY 12306' },
  { name: 'Greg Tolliver', email: 'gtolliver@example.com' },
] as const;

/** `n` business days before today, at a local time. */
function businessDaysAgo(calendar: BusinessCalendar, today: string, n: number, hour: number, minute: number): Date {
  let d = today;
  let counted = 0;
  while (counted < n) {
    d = addDays(d, -1);
    if (calendar.isBusinessDay(d)) counted++;
  }
  if (n === 0) d = calendar.isBusinessDay(today) ? today : addDays(today, -1);
  return atLocal(d, hour, minute);
}

function demoRequests(
  plans: ProjectPlan[],
  ctx: { root: Rng; now: Date; today: string; calendar: BusinessCalendar },
): RequestSpec[] {
  const bySlug = new Map(plans.map((p) => [p.def.slug, p]));
  const project = (slug: string) => bySlug.get(slug) as ProjectPlan;
  const ago = (n: number, h: number, m: number) => businessDaysAgo(ctx.calendar, ctx.today, n, h, m);
  const docItem = (d: DocPlan) => ({
    documentId: d.id ?? null,
    description: d.title,
    pages: (d.stored?.pageCount ?? 0) - (d.stored?.largeFormatPages ?? 0),
    largeFormatSheets: d.stored?.largeFormatPages ?? 0,
  });
  const first = (p: ProjectPlan, type: DocumentType) => p.docs.find((d) => d.type === type) as DocPlan;
  const reportsBetween = (p: ProjectPlan, from: string, to: string) => {
    const docs = [...p.inspectionDocs.values()].filter((d) => d.documentDate >= from && d.documentDate <= to);
    return {
      description: `Inspection reports, ${formatDay(from)} to ${formatDay(to)}`,
      dateFrom: from,
      dateTo: to,
      documentType: 'inspection_report' as const,
      documentId: null,
      pages: docs.reduce((n, d) => n + (d.stored?.pageCount ?? 0), 0),
      largeFormatSheets: 0,
    };
  };
  const summariesBetween = (p: ProjectPlan, from: string, to: string) => {
    const docs = p.monthly.filter((m) => m.summary.month >= from.slice(0, 7) && m.summary.month <= to.slice(0, 7));
    return {
      description: `Monthly inspection summaries, ${formatMonth(from.slice(0, 7))} to ${formatMonth(to.slice(0, 7))}`,
      dateFrom: from,
      dateTo: to,
      documentType: 'monthly_summary' as const,
      documentId: null,
      pages: docs.length,
      largeFormatSheets: 0,
    };
  };
  const pid = (p: ProjectPlan) => p.id ?? null;
  const t = ctx.today;
  const curry = project('curry-road-distribution-center');
  const hamburg = project('hamburg-street-mixed-use');
  const westcott = project('westcott-road-townhomes');
  const mariaville = project('mariaville-meadows-phase-2');
  const truck = project('duanesburg-road-truck-terminal');
  const solar = project('princetown-road-community-solar');
  const storage = project('guilderland-avenue-self-storage');
  const garage = project('princetown-road-highway-garage');
  const bank = project('curry-road-bank-branch');
  const fire = project('rotterdam-junction-fire-station');
  const plaza = project('altamont-avenue-plaza');
  const r = REQUESTERS;
  const recent = new Date(ctx.now.getTime() - 2 * 3_600_000);
  return [
    // Arrived after close of business (16:30), so it counts from the next business day.
    {
      state: 'received',
      receivedAt: ago(1, 17, 10),
      channel: 'web',
      requester: r[0],
      projectId: pid(curry),
      description:
        'All inspection reports for the Curry Road Distribution Center from the last three months, by e-mail.',
      delivery: 'electronic',
      items: [reportsBetween(curry, addDays(t, -90), t)],
    },
    {
      state: 'received',
      receivedAt: recent,
      channel: 'email',
      requester: r[1],
      projectId: pid(hamburg),
      description: 'The SWPPP and every inspection report since the stop-work order for the Hamburg Street building.',
      delivery: 'electronic',
      items: [docItem(first(hamburg, 'swppp')), reportsBetween(hamburg, addDays(t, -12), t)],
    },
    // The same request again four minutes later (a second email): the clerk closes it as a duplicate of the first.
    {
      state: 'received',
      receivedAt: new Date(recent.getTime() + 4 * 60_000),
      channel: 'email',
      requester: r[1],
      projectId: pid(hamburg),
      description: 'The SWPPP and every inspection report since the stop-work order for the Hamburg Street building.',
      delivery: 'electronic',
      items: [docItem(first(hamburg, 'swppp')), reportsBetween(hamburg, addDays(t, -12), t)],
    },
    {
      state: 'overdue',
      receivedAt: ago(9, 11, 0),
      channel: 'mail',
      requester: r[2],
      projectId: pid(westcott),
      description:
        'Paper copies of the SWPPP amendment and the inspection reports for Westcott Road Townhomes since January.',
      delivery: 'paper_mail',
      items: [docItem(first(westcott, 'swppp_amendment')), reportsBetween(westcott, addDays(t, -120), addDays(t, -60))],
    },
    {
      state: 'acknowledged',
      receivedAt: ago(4, 9, 15),
      channel: 'web',
      requester: r[3],
      projectId: pid(mariaville),
      description: 'Monthly summaries and inspection reports for Mariaville Meadows, Phase 2, for the last six months.',
      delivery: 'electronic',
      extensionReason: 'Reports from the winter shutdown are on paper in the DPW files and must be scanned first.',
      items: [summariesBetween(mariaville, addDays(t, -180), t), reportsBetween(mariaville, addDays(t, -180), t)],
    },
    {
      state: 'acknowledged',
      receivedAt: ago(3, 13, 30),
      channel: 'walk_in',
      requester: r[6],
      projectId: pid(truck),
      description:
        'Wants to look at the full plan set for the Duanesburg Road truck terminal before deciding what to copy.',
      delivery: 'inspect',
      items: [docItem(first(truck, 'swppp'))],
    },
    {
      state: 'awaiting_cost_approval',
      receivedAt: ago(6, 10, 0),
      channel: 'email',
      requester: r[4],
      projectId: pid(solar),
      description:
        'A paper copy of the full SWPPP, including all plan sheets, for Princetown Road Community Solar. Please tell me first if it will cost more than $25.',
      delivery: 'paper_pickup',
      costLimitCents: 2500,
      items: [docItem(first(solar, 'swppp'))],
    },
    {
      state: 'awaiting_payment',
      receivedAt: ago(8, 15, 20),
      channel: 'web',
      requester: r[5],
      projectId: pid(hamburg),
      description:
        "Paper copies, mailed, of the town's enforcement notices and the NOI for the Hamburg Street building.",
      delivery: 'paper_mail',
      items: [...hamburg.enforcement.map((e) => docItem(e.doc as DocPlan)), docItem(first(hamburg, 'noi'))],
    },
    {
      state: 'fulfilled',
      receivedAt: ago(20, 10, 45),
      channel: 'web',
      requester: r[7],
      projectId: pid(storage),
      description: 'NOI and SWPPP for the self-storage project on Guilderland Avenue, electronic copies.',
      delivery: 'electronic',
      items: [docItem(first(storage, 'noi')), docItem(first(storage, 'swppp'))],
    },
    {
      state: 'fulfilled',
      receivedAt: ago(30, 14, 0),
      channel: 'mail',
      requester: r[11],
      projectId: pid(garage),
      description: 'Copies of the as-built plans and the notice of termination for the town highway garage, by mail.',
      delivery: 'paper_mail',
      paymentMethod: 'check',
      items: [docItem(first(garage, 'as_built_plans')), docItem(first(garage, 'notice_of_termination'))],
    },
    {
      state: 'fulfilled',
      receivedAt: ago(45, 11, 30),
      channel: 'walk_in',
      requester: r[9],
      projectId: pid(bank),
      description: 'All stormwater documents for the Curry Road bank branch on a USB drive.',
      delivery: 'usb',
      paymentMethod: 'cash',
      items: [
        docItem(first(bank, 'noi')),
        docItem(first(bank, 'swppp')),
        docItem(first(bank, 'notice_of_termination')),
      ],
    },
    {
      state: 'denied',
      receivedAt: ago(25, 9, 50),
      channel: 'email',
      requester: r[10],
      projectId: pid(curry),
      description:
        "The letter of credit posted as the performance guarantee for the Curry Road Distribution Center, with the bank's account details.",
      delivery: 'electronic',
      denialReason:
        "The letter of credit contains the bank's and the developer's confidential account information, which would cause substantial injury to their competitive position if disclosed (Public Officers Law §87(2)(d)). The amount of the guarantee is public: it is stated in the Planning Commission resolution, which we can send you.",
      items: [{ description: 'Letter of credit (performance guarantee)', pages: 4, largeFormatSheets: 0 }],
    },
    {
      state: 'withdrawn',
      receivedAt: ago(15, 12, 5),
      channel: 'phone',
      requester: r[6],
      projectId: pid(fire),
      description:
        'Inspection reports for the Rotterdam Junction fire station (withdrawn: the requester found them on the portal).',
      delivery: 'paper_pickup',
      items: [reportsBetween(fire, addDays(t, -60), t)],
    },
    {
      state: 'fulfilled',
      receivedAt: ago(60, 16, 45),
      channel: 'email',
      requester: r[8],
      projectId: pid(plaza),
      description: 'Monthly summaries for the Altamont Avenue Plaza since work began.',
      delivery: 'electronic',
      items: [summariesBetween(plaza, plaza.row.actualStartOn as string, t)],
    },
    {
      state: 'fulfilled',
      receivedAt: ago(12, 10, 10),
      channel: 'web',
      requester: r[12],
      projectId: pid(curry),
      description: 'Paper copy of SWPPP Amendment No. 1 for the Curry Road Distribution Center, to pick up.',
      delivery: 'paper_pickup',
      paymentMethod: 'card',
      items: [docItem(first(curry, 'swppp_amendment'))],
    },
  ];
}
