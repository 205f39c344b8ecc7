/**
 * A large generated town for benchmarks (`npm run seed -- --projects 10000`, `npm run bench`).
 *
 * Each project still looks real on its page: parties, receiving waters, an NOI and SWPPP, about six
 * inspections with practices, about three monthly summaries, an occasional enforcement action, and one
 * records request for every five projects. Speed comes from (1) a small pool of PDFs generated once
 * and shared by many documents rows (the file store is content-addressed, so each is stored once) and
 * (2) prepared statements inside a few large transactions.
 */
import type Database from 'better-sqlite3';
import type { DB } from '#lib/server/platform/db.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import type { ProjectStatus } from '../schema.ts';
import { planStorms, type StormPlan } from './activity.ts';
import { addDays, daysBetween, monthOf, nextMonth } from '#lib/shared/days.ts';
import { atLocal, plusHours } from './dates.ts';
import { formatDay, formatMonth } from '#lib/shared/format.ts';
import {
  CONTRACTOR_FIRMS,
  INSPECTION_FIRMS,
  OWNER_PREFIXES,
  OWNER_SUFFIXES,
  POST_CONSTRUCTION_PRACTICES,
  PREPARER_FIRMS,
  ROADS,
  ROAD_KEYS,
  WATERS,
  cpescLicense,
  emailFor,
  houseNumber,
  peLicense,
  personName,
  phone,
  siteCoordinates,
  slugify,
  taxParcels,
  type WaterKey,
} from './names.ts';
import type { PdfJob, PdfProject, StoredPdf } from './pdfs.ts';
import { Rng } from './random.ts';
import { feeScheduleOn, loadCalendar, seedReferenceData } from './reference.ts';
import { seedRotterdamLaw, seedTownProfile } from './town-profiles.ts';
import { renderAndStore } from './render.ts';
import { insertRecordsRequests, type RequestSpec, type RequestState } from './requests.ts';
import { buildSummary, isDatabaseEmpty, type SeedSummary } from './summary.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

export const LARGE_SEED = 0x4c617267; // "Larg"

interface Use {
  label: string;
  kind: 'major' | 'minor';
  pre: string;
  post: string;
  total: [number, number];
  disturbed: [number, number];
  nature: 'new_construction' | 'redevelopment';
}

const USES: Use[] = [
  {
    label: 'Distribution Warehouse',
    kind: 'major',
    pre: 'Agricultural field',
    post: 'Warehouse and distribution',
    total: [12, 60],
    disturbed: [6, 28],
    nature: 'new_construction',
  },
  {
    label: 'Residential Subdivision',
    kind: 'major',
    pre: 'Old field and woodlots',
    post: 'Single-family residential',
    total: [10, 80],
    disturbed: [5, 25],
    nature: 'new_construction',
  },
  {
    label: 'Community Solar',
    kind: 'major',
    pre: 'Hayfield',
    post: 'Ground-mounted solar array',
    total: [20, 80],
    disturbed: [3, 14],
    nature: 'new_construction',
  },
  {
    label: 'School Addition',
    kind: 'major',
    pre: 'School lawn',
    post: 'School classroom wing',
    total: [5, 20],
    disturbed: [1.5, 5],
    nature: 'redevelopment',
  },
  {
    label: 'Retail Plaza',
    kind: 'major',
    pre: 'Vacant commercial buildings',
    post: 'Retail plaza',
    total: [3, 12],
    disturbed: [2, 8],
    nature: 'redevelopment',
  },
  {
    label: 'Self Storage',
    kind: 'major',
    pre: 'Wooded lot',
    post: 'Self-storage buildings',
    total: [2, 8],
    disturbed: [1.5, 6],
    nature: 'new_construction',
  },
  {
    label: 'Medical Office',
    kind: 'major',
    pre: 'Mown field',
    post: 'Medical office and parking',
    total: [2, 7],
    disturbed: [1.2, 5],
    nature: 'new_construction',
  },
  {
    label: 'Townhomes',
    kind: 'major',
    pre: 'Woodland',
    post: 'Townhouses',
    total: [4, 14],
    disturbed: [2, 8],
    nature: 'new_construction',
  },
  {
    label: 'Apartments',
    kind: 'major',
    pre: 'Vacant lot',
    post: 'Apartment buildings and parking',
    total: [3, 10],
    disturbed: [2, 7],
    nature: 'new_construction',
  },
  {
    label: 'Contractor Yard',
    kind: 'major',
    pre: 'Gravel yard',
    post: 'Contractor yard and shop',
    total: [3, 15],
    disturbed: [1.5, 9],
    nature: 'redevelopment',
  },
  {
    label: 'Church Parking Expansion',
    kind: 'minor',
    pre: 'Church lawn',
    post: 'Paved parking',
    total: [1, 4],
    disturbed: [0.5, 0.99],
    nature: 'redevelopment',
  },
  {
    label: 'New Residence',
    kind: 'minor',
    pre: 'Wooded lot',
    post: 'Single-family house',
    total: [1, 5],
    disturbed: [0.5, 1.4],
    nature: 'new_construction',
  },
  {
    label: 'Drive-Through Restaurant',
    kind: 'minor',
    pre: 'Vacant building',
    post: 'Restaurant with drive-through',
    total: [0.8, 2],
    disturbed: [0.5, 0.99],
    nature: 'redevelopment',
  },
  {
    label: 'Car Wash',
    kind: 'minor',
    pre: 'Vacant restaurant',
    post: 'Car wash',
    total: [0.8, 2],
    disturbed: [0.5, 0.99],
    nature: 'redevelopment',
  },
  {
    label: 'Fuel Station',
    kind: 'minor',
    pre: 'Closed repair shop',
    post: 'Fuel station and store',
    total: [0.8, 2],
    disturbed: [0.5, 0.99],
    nature: 'redevelopment',
  },
  {
    label: 'Farm Market',
    kind: 'minor',
    pre: 'Farm field',
    post: 'Farm market and gravel parking',
    total: [1, 4],
    disturbed: [0.5, 1.2],
    nature: 'new_construction',
  },
];

const STATUS_WEIGHTS: Array<[ProjectStatus, number]> = [
  ['swppp_review', 5],
  ['approved', 7],
  ['active', 40],
  ['stop_work', 1],
  ['final_stabilization', 10],
  ['complete', 37],
];

/** How many shared PDFs of each kind the large town draws. */
const POOL = { noi: 6, swppp: 6, amendment: 2, inspection: 12, monthly: 6, enforcement: 4, asBuilt: 2, not: 3 };

type Stmt = Database.Statement;
type Row = Record<string, unknown>;

/** A positional prepared INSERT; Dates become epoch ms and booleans 0/1, as drizzle stores them. */
function inserter(client: Database.Database, table: string, columns: string[]): (row: Row) => number {
  const stmt: Stmt = client.prepare(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  return (row) => {
    const values = columns.map((c) => {
      const v = row[c];
      if (v === undefined) return null;
      if (v instanceof Date) return v.getTime();
      if (typeof v === 'boolean') return v ? 1 : 0;
      return v;
    });
    return Number(stmt.run(values).lastInsertRowid);
  };
}

function weighted<T>(rng: Rng, items: Array<[T, number]>): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [item, w] of items) {
    if ((r -= w) < 0) return item;
  }
  return items[items.length - 1][0];
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

// ---------------------------------------------------------------------------------------------
// The shared PDFs

interface Pool {
  noi: StoredPdf[];
  swppp: StoredPdf[];
  amendment: StoredPdf[];
  inspection: StoredPdf[];
  monthly: StoredPdf[];
  enforcement: StoredPdf[];
  asBuilt: StoredPdf[];
  not: StoredPdf[];
}

function samplePdfProject(rng: Rng, i: number, today: string): PdfProject {
  const use = USES[i % USES.length];
  const roadKey = ROAD_KEYS[(i * 7) % ROAD_KEYS.length];
  const road = ROADS[roadKey];
  const { latitude, longitude } = siteCoordinates(rng, road);
  const owner = personName(rng);
  const prep = PREPARER_FIRMS[i % PREPARER_FIRMS.length];
  const insp = INSPECTION_FIRMS[i % INSPECTION_FIRMS.length];
  const gc = CONTRACTOR_FIRMS[i % 4];
  const disturbed = use.kind === 'major' ? 4.6 : 0.9;
  return {
    slug: `sample-${i}`,
    name: `${road.name} ${use.label}`,
    description: `A ${use.label.toLowerCase()} on ${road.name}.`,
    siteAddress: `${houseNumber(rng, road)} ${road.name}`,
    crossStreet: road.crossStreets[0],
    zip: road.zip,
    latitude,
    longitude,
    taxMapParcels: taxParcels(rng, road, 1),
    kind: use.kind,
    natureOfActivity: use.nature,
    preDevelopmentLandUse: use.pre,
    postDevelopmentLandUse: use.post,
    totalSiteAcres: use.kind === 'major' ? 9.5 : 1.6,
    disturbedAcres: disturbed,
    maxDisturbedAtOnceAcres: disturbed,
    existingImperviousAcres: use.nature === 'redevelopment' ? 1.1 : 0,
    futureImperviousAcres: use.kind === 'major' ? 3.2 : 0.5,
    decFiveAcreApproval: false,
    phasing: 'Single phase; perimeter controls first, stabilization within 14 days of inactivity.',
    phaseCount: 1,
    postConstructionPractices: use.kind === 'major' ? 'bioretention areas, infiltration basin' : '',
    plannedStartOn: addDays(today, -120),
    plannedCompletionOn: addDays(today, 200),
    townPermitNo: `SD-${today.slice(0, 4)}-${String(100 + i).padStart(3, '0')}`,
    spdesPermitId: `NYR10${'ABCDEF'[i % 6]}${100 + i * 37}`,
    waters: [WATERS[(['plotterKill', 'ms4', 'mohawk', 'normansKill'] as WaterKey[])[i % 4]]],
    owner: {
      company: `${OWNER_PREFIXES[i]} ${OWNER_SUFFIXES[i % OWNER_SUFFIXES.length]}`,
      contact: owner,
      title: 'Managing Member',
      phone: phone(rng),
      email: emailFor(owner, 'owner'),
    },
    preparer: { company: prep.name, contact: `${personName(rng)}, P.E.`, license: peLicense(rng) },
    inspector: { company: insp.name, contact: personName(rng), license: cpescLicense(rng) },
    contractors: [
      {
        company: gc.name,
        contact: personName(rng),
        role: 'Contractor',
        measures: gc.measures,
        certifiedOn: addDays(today, -125),
      },
    ],
    practices: [
      { practice: 'Stabilized construction entrance', practiceType: 'construction_entrance' },
      { practice: 'Silt fence along north property line', practiceType: 'silt_fence' },
      { practice: 'Sediment trap ST-1', practiceType: 'sediment_trap' },
    ],
    watercourseBuffer: i % 3 === 0,
    wetlandBuffer: false,
  };
}

async function buildPool(rng: Rng, today: string, filesDir: string): Promise<Pool> {
  const samples = Array.from({ length: 12 }, (_, i) => samplePdfProject(rng.fork(`sample:${i}`), i, today));
  const jobs: Array<[keyof Pool, PdfJob]> = [];
  const add = (key: keyof Pool, job: PdfJob) => jobs.push([key, job]);
  for (let i = 0; i < POOL.noi; i++) add('noi', { kind: 'noi', project: samples[i], date: addDays(today, -150 - i) });
  for (let i = 0; i < POOL.swppp; i++)
    add('swppp', {
      kind: 'swppp',
      project: samples[i],
      opts: { date: addDays(today, -140 - i), letterPages: 30 + i * 2, planSheets: 4 + (i % 3) },
    });
  for (let i = 0; i < POOL.amendment; i++)
    add('amendment', {
      kind: 'swppp_amendment',
      project: samples[i],
      opts: {
        date: addDays(today, -60 - i),
        number: 1,
        reason:
          'A new subcontractor will implement SWPPP measures; the ordinance requires the SWPPP to be amended to identify it.',
        changes: ['Names the subcontractor and its measures.', 'Adds its signed certification.'],
        planSheets: 1,
      },
    });
  for (let i = 0; i < POOL.inspection; i++) {
    const at = atLocal(addDays(today, -7 * (i + 1)), 9 + (i % 4), 15);
    add('inspection', {
      kind: 'inspection_report',
      project: samples[i % samples.length],
      date: addDays(today, -7 * (i + 1)),
      report: {
        inspectedAt: at,
        typeLabel: i % 5 === 4 ? 'Post-storm inspection (within 24 hours)' : 'Routine inspection',
        inspectorName: samples[i % samples.length].inspector.contact,
        inspectorCredential: samples[i % samples.length].inspector.license ?? '',
        weather: ['Clear, 61°F', 'Overcast, 48°F', 'Partly cloudy, 72°F', 'Light rain, 55°F'][i % 4],
        rainSinceLastInches: [0, 0.35, 0.8, 0.12][i % 4],
        disturbedAcresActive: 2.1 + (i % 3) * 0.4,
        disturbedAcresInactive: 0.4,
        tempStabilizedAcres: 1.2,
        finalStabilizedAcres: 0.8 + i * 0.1,
        disturbedAreasNotes:
          'Rough grading at the building pad and parking area. Drainage flows to ST-1 and the perimeter controls.',
        nextFourteenDaysNotes: 'No new areas will be disturbed in the next 14 days.',
        rillGullyErosion: i % 6 === 5,
        sedimentLeavingSite: false,
        maintenanceNeeded:
          i % 4 === 3 ? 'Silt fence along north property line: about 30 ft undermined; re-trench and re-stake' : '',
        deficiencies: '',
        practices: [
          { practice: 'Stabilized construction entrance', pct: null, condition: 'good', notes: '' },
          {
            practice: 'Silt fence along north property line',
            pct: 8 + i,
            condition: i % 4 === 3 ? 'needs_maintenance' : 'good',
            notes: i % 4 === 3 ? 'about 30 ft undermined' : '',
          },
          { practice: 'Sediment trap ST-1', pct: 12 + i * 2, condition: 'good', notes: '' },
        ],
        correctiveOpened: i % 4 === 3 ? ['Silt fence along north property line: re-trench and re-stake'] : [],
        correctiveCarried: [],
        correctiveClosed: [],
      },
    });
  }
  for (let i = 0; i < POOL.monthly; i++) {
    const month = monthOf(addDays(today, -30 * (i + 1)));
    add('monthly', {
      kind: 'monthly_summary',
      project: samples[i],
      date: `${nextMonth(month)}-0${5 + (i % 4)}`,
      summary: {
        month,
        version: 1,
        inspectionsDone: 4 + (i % 2),
        inspectionsRequired: 4,
        stormEvents: i % 3,
        postStormInspections: i % 3,
        acresDisturbed: 2.5,
        acresStabilized: 1.5 + i * 0.3,
        correctiveOpened: i % 2,
        correctiveClosed: i % 2,
        correctiveOpen: 0,
        narrative: `In ${formatMonth(month)} our qualified inspector inspected the site ${4 + (i % 2)} times. All repair items were closed by the end of the month. No sediment was seen leaving the site.`,
        certifiedByName: samples[i].inspector.contact,
        certifiedByTitle: `Qualified Inspector (${samples[i].inspector.license})`,
      },
    });
  }
  const enforcementTypes = ['Written warning', 'Notice of violation', 'Stop-work order', 'Notice of SWPPP deficiency'];
  for (let i = 0; i < POOL.enforcement; i++) {
    add('enforcement', {
      kind: 'enforcement_notice',
      project: samples[i],
      notice: {
        typeLabel: enforcementTypes[i],
        issuedOn: addDays(today, -20 - i * 9),
        issuedByName: 'Sam Okafor, Stormwater Management Officer',
        citedSection: 'Subsection J (design and performance standards)',
        summary: 'Silt fence down and sediment tracked onto the road.',
        findings: [
          'Silt fence along the east line down for about 80 feet.',
          'Mud tracked onto the road at the entrance.',
        ],
        requiredMeasures: 'Repair the silt fence, add stone to the entrance and sweep the road.',
        complyBy: addDays(today, -10 - i * 9),
        attachment: i % 2 === 1,
      },
    });
  }
  for (let i = 0; i < POOL.asBuilt; i++)
    add('asBuilt', {
      kind: 'as_built_plans',
      project: samples[i],
      opts: { date: addDays(today, -40 - i), sheets: 2 + i },
    });
  for (let i = 0; i < POOL.not; i++)
    add('not', {
      kind: 'notice_of_termination',
      project: samples[i],
      opts: { date: addDays(today, -30 - i), finalStabilizationOn: addDays(today, -45 - i) },
    });
  const stored = await renderAndStore(
    jobs.map(([, j]) => j),
    filesDir,
  );
  const pool: Pool = {
    noi: [],
    swppp: [],
    amendment: [],
    inspection: [],
    monthly: [],
    enforcement: [],
    asBuilt: [],
    not: [],
  };
  jobs.forEach(([key], i) => pool[key].push(stored[i]));
  return pool;
}

// ---------------------------------------------------------------------------------------------

export async function seedLargeTown(
  db: DB,
  opts: { projects: number; filesDir: string; now?: Date },
): Promise<SeedSummary> {
  const now = opts.now ?? new Date();
  const today = townToday(now);
  if (!isDatabaseEmpty(db))
    throw new Error('The database already has projects; the large town can only be seeded into an empty database.');
  await seedReferenceData(db, { now });
  seedTownProfile(db, now);
  seedRotterdamLaw(db, now);
  const calendar = loadCalendar(db);
  const fee = await feeScheduleOn(asyncOf(db), today);
  const root = new Rng(LARGE_SEED);
  const pool = await buildPool(root.fork('pool'), today, opts.filesDir);
  const storms = planStorms(root.fork('storms'), today, 600);
  const client = db.$client;

  const ins = {
    storm: inserter(client, 'storm_events', ['ended_at', 'inches', 'gauge', 'source', 'created_at']),
    project: inserter(client, 'projects', [
      'slug',
      'name',
      'description',
      'site_address',
      'cross_street',
      'zip',
      'latitude',
      'longitude',
      'tax_map_parcels',
      'kind',
      'status',
      'nature_of_activity',
      'pre_development_land_use',
      'post_development_land_use',
      'total_site_acres',
      'disturbed_acres',
      'max_disturbed_at_once_acres',
      'existing_impervious_acres',
      'future_impervious_acres',
      'dec_five_acre_approval',
      'dec_five_acre_approval_on',
      'phasing',
      'phase_count',
      'drains_to_ms4',
      'federal_wetland_buffer',
      'state_wetland_buffer',
      'watercourse_buffer',
      'buffer_notes',
      'post_construction_practices',
      'planned_start_on',
      'planned_completion_on',
      'actual_start_on',
      'town_permit_no',
      'spdes_permit_id',
      'noi_received_on',
      'final_stabilization_on',
      'not_filed_on',
      'published',
      'published_at',
      'created_at',
      'updated_at',
    ]),
    water: inserter(client, 'receiving_waters', ['project_id', 'name', 'water_type', 'impaired']),
    party: inserter(client, 'parties', [
      'project_id',
      'role',
      'company_name',
      'contact_name',
      'contact_title',
      'phone',
      'email',
      'license',
      'measures',
      'certified_on',
      'created_at',
    ]),
    doc: inserter(client, 'documents', [
      'project_id',
      'type',
      'title',
      'filename',
      'sha256',
      'mime_type',
      'size_bytes',
      'page_count',
      'sheet_size',
      'large_format_pages',
      'document_date',
      'public',
      'public_proposed',
      'review_status',
      'supersedes_id',
      'version',
      'uploaded_at',
      'updated_at',
    ]),
    review: inserter(client, 'swppp_reviews', [
      'project_id',
      'document_id',
      'received_on',
      'complete_on',
      'deficiencies_notified_on',
      'deficiencies',
      'decision',
      'decided_on',
      'conditions',
      'created_at',
      'updated_at',
    ]),
    inspection: inserter(client, 'inspections', [
      'project_id',
      'inspected_at',
      'type',
      'inspector_name',
      'inspector_credential',
      'weather',
      'rain_since_last_inches',
      'storm_event_id',
      'disturbed_acres_active',
      'disturbed_acres_inactive',
      'temp_stabilized_acres',
      'final_stabilized_acres',
      'disturbed_areas_notes',
      'next_fourteen_days_notes',
      'rill_gully_erosion',
      'sediment_leaving_site',
      'maintenance_needed',
      'deficiencies',
      'report_document_id',
      'filed_at',
      'review_status',
      'reviewed_at',
    ]),
    practice: inserter(client, 'inspection_practices', [
      'inspection_id',
      'practice',
      'practice_type',
      'sediment_accumulation_pct',
      'condition',
      'notes',
    ]),
    corrective: inserter(client, 'corrective_actions', [
      'project_id',
      'opened_in_inspection_id',
      'closed_in_inspection_id',
      'description',
      'responsible_party',
      'due_on',
      'closed_on',
      'created_at',
    ]),
    monthly: inserter(client, 'monthly_summaries', [
      'project_id',
      'month',
      'version',
      'inspections_done',
      'inspections_required',
      'storm_events',
      'post_storm_inspections',
      'acres_disturbed',
      'acres_stabilized',
      'corrective_opened',
      'corrective_closed',
      'corrective_open',
      'narrative',
      'certified_by_name',
      'certified_by_title',
      'certified_at',
      'document_id',
      'submitted_at',
      'review_status',
      'reviewed_at',
      'created_at',
    ]),
    notice: inserter(client, 'inspection_notices', ['project_id', 'milestone', 'scheduled_for', 'given_at']),
    townInspection: inserter(client, 'town_inspections', [
      'project_id',
      'notice_id',
      'milestone',
      'inspected_on',
      'outcome',
      'findings',
      'created_at',
    ]),
    violation: inserter(client, 'violations', [
      'project_id',
      'observed_on',
      'description',
      'ordinance_section',
      'town_inspection_id',
      'corrected_on',
      'created_at',
    ]),
    enforcement: inserter(client, 'enforcement_actions', [
      'project_id',
      'type',
      'category',
      'status',
      'issued_on',
      'issued_by_name',
      'cited_section',
      'summary',
      'required_measures',
      'comply_by',
      'closed_on',
      'lifted_on',
      'fine_daily_rate_cents',
      'fine_days',
      'fine_assessed_cents',
      'fine_paid_cents',
      'fine_due_on',
      'fine_status',
      'notice_document_id',
      'public',
      'created_at',
      'updated_at',
    ]),
    link: inserter(client, 'enforcement_violations', ['enforcement_action_id', 'violation_id']),
  };

  const insertDoc = (
    projectId: number,
    stored: StoredPdf,
    row: {
      type: string;
      title: string;
      filename: string;
      date: string;
      uploadedAt: Date;
      reviewStatus?: string;
      supersedesId?: number | null;
      version?: number;
    },
  ) =>
    ins.doc({
      project_id: projectId,
      type: row.type,
      title: row.title,
      filename: row.filename,
      sha256: stored.sha256,
      mime_type: stored.mimeType,
      size_bytes: stored.sizeBytes,
      page_count: stored.pageCount,
      sheet_size: stored.sheetSize,
      large_format_pages: stored.largeFormatPages,
      document_date: row.date,
      public: true,
      public_proposed: true,
      review_status: row.reviewStatus ?? 'accepted',
      supersedes_id: row.supersedesId ?? null,
      version: row.version ?? 1,
      uploaded_at: row.uploadedAt,
      updated_at: row.uploadedAt,
    });

  db.transaction(() => {
    for (const s of storms)
      s.id = ins.storm({
        ended_at: s.endedAt,
        inches: s.inches,
        gauge: s.gauge,
        source: s.source,
        created_at: plusHours(s.endedAt, 2),
      });
  });

  const slugs = new Set<string>();
  const permitCounters = new Map<string, number>();
  const requestTargets: Array<{
    projectId: number;
    name: string;
    noi: { id: number; s: StoredPdf };
    swppp: { id: number; s: StoredPdf };
    reports: Array<{ id: number; s: StoredPdf }>;
    date: string;
  }> = [];
  const CHUNK = 2500;
  for (let first = 0; first < opts.projects; first += CHUNK) {
    db.transaction(() => {
      for (let i = first; i < Math.min(opts.projects, first + CHUNK); i++) {
        const target = seedOneProject(i);
        if (target) requestTargets.push(target);
      }
    });
  }

  function seedOneProject(i: number): (typeof requestTargets)[number] | undefined {
    const rng = root.fork(`project:${i}`);
    const use = rng.pick(USES);
    const roadKey = rng.pick(ROAD_KEYS);
    const road = ROADS[roadKey];
    const status = weighted(rng, STATUS_WEIGHTS);
    const house = houseNumber(rng, road);
    const name = `${house} ${road.name} ${use.label}`;
    let slug = slugify(name);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
    slugs.add(slug);
    const total = rng.float(use.total[0], use.total[1]);
    const disturbed = Math.min(total, rng.float(use.disturbed[0], use.disturbed[1]));
    const maxAtOnce = round1(
      Math.min(
        disturbed,
        rng.chance(0.08) ? rng.float(5.1, 8) : rng.float(Math.min(disturbed, 0.5), Math.min(disturbed, 4.9)),
      ),
    );
    const decApproval = maxAtOnce > 5 && rng.chance(0.8);
    const waters: WaterKey[] = rng.sample(road.waters, rng.int(1, Math.min(2, road.waters.length)));

    // Timeline by status (days relative to today).
    let start: string | null = null;
    let finalStab: string | null = null;
    let notFiled: string | null = null;
    let received: string;
    let decided: string | null = null;
    if (status === 'swppp_review') {
      received = addDays(today, -rng.int(1, 45));
    } else if (status === 'approved') {
      decided = addDays(today, -rng.int(3, 60));
      received = addDays(decided, -rng.int(25, 55));
    } else {
      const startAgo =
        status === 'active'
          ? rng.int(20, 420)
          : status === 'stop_work'
            ? rng.int(60, 300)
            : status === 'final_stabilization'
              ? rng.int(200, 700)
              : rng.int(300, 1800);
      start = addDays(today, -startAgo);
      decided = addDays(start, -rng.int(10, 40));
      received = addDays(decided, -rng.int(25, 55));
      if (status === 'final_stabilization') finalStab = addDays(today, -rng.int(5, 60));
      if (status === 'complete') {
        finalStab = addDays(start, Math.min(startAgo - 35, rng.int(150, 420)));
        notFiled = addDays(finalStab, rng.int(10, 30));
      }
    }
    const noi = addDays(received, -rng.int(0, 4));
    const plannedStart = start ? addDays(start, -rng.int(0, 10)) : addDays(today, rng.int(-10, 80));
    const plannedEnd = finalStab ?? addDays(plannedStart, rng.int(120, 540));
    const year = (decided ?? received).slice(0, 4);
    let permit: string | null = null;
    if (decided) {
      const n = (permitCounters.get(year) ?? 0) + 1;
      permitCounters.set(year, n);
      permit = `SD-${year}-${String(n).padStart(3, '0')}`;
    }
    const { latitude, longitude } = siteCoordinates(rng, road);
    const owner = personName(rng);
    const ownerCompany = `${rng.pick(OWNER_PREFIXES)} ${rng.pick(OWNER_SUFFIXES)}`;
    const lastActivity = notFiled ?? finalStab ?? (start ? today : received);
    const createdAt = atLocal(noi, 11, rng.int(0, 59));
    const post = use.kind === 'major' ? rng.sample(POST_CONSTRUCTION_PRACTICES, rng.int(1, 3)).join(', ') : null;
    const projectId = ins.project({
      slug,
      name,
      description: `A ${use.label.toLowerCase()} on ${road.name}: ${use.post.toLowerCase()} on ${total.toFixed(1)} acres, ${disturbed.toFixed(1)} acres disturbed. Runoff reaches ${waters.map((w) => WATERS[w].name).join(' and ')}.`,
      site_address: `${house} ${road.name}`,
      cross_street: rng.pick(road.crossStreets),
      zip: road.zip,
      latitude,
      longitude,
      tax_map_parcels: taxParcels(rng, road, rng.int(1, 2)),
      kind: use.kind,
      status,
      nature_of_activity: use.nature,
      pre_development_land_use: use.pre,
      post_development_land_use: use.post,
      total_site_acres: total,
      disturbed_acres: disturbed,
      max_disturbed_at_once_acres: maxAtOnce,
      existing_impervious_acres: use.nature === 'redevelopment' ? round1(total * 0.5) : 0,
      future_impervious_acres: round1(disturbed * 0.45),
      dec_five_acre_approval: decApproval,
      dec_five_acre_approval_on: decApproval ? addDays(decided ?? received, -5) : null,
      phasing:
        disturbed > 5
          ? 'Phased so that no more than the approved area is open at once; each phase stabilized before the next.'
          : 'Single phase.',
      phase_count: disturbed > 5 ? rng.int(2, 3) : 1,
      drains_to_ms4: waters.includes('ms4'),
      federal_wetland_buffer: waters.includes('wetland'),
      state_wetland_buffer: false,
      watercourse_buffer: rng.chance(0.15),
      buffer_notes: null,
      post_construction_practices: post,
      planned_start_on: plannedStart,
      planned_completion_on: plannedEnd,
      actual_start_on: start,
      town_permit_no: permit,
      spdes_permit_id:
        daysBetween(noi, today) > 7
          ? `NYR1${rng.int(0, 2)}${'ABCDEFGHJKLMNPRSTUVWXYZ'[rng.int(0, 22)]}${rng.int(100, 999)}`
          : null,
      noi_received_on: noi,
      final_stabilization_on: finalStab,
      not_filed_on: notFiled,
      published: true,
      published_at: createdAt,
      created_at: createdAt,
      updated_at: atLocal(lastActivity > today ? today : lastActivity, 15, 0),
    });
    for (const w of waters)
      ins.water({
        project_id: projectId,
        name: WATERS[w].name,
        water_type: WATERS[w].type,
        impaired: WATERS[w].impaired,
      });
    const prep = rng.pick(PREPARER_FIRMS);
    const insp = rng.pick(INSPECTION_FIRMS);
    const inspector = personName(rng);
    const credential = rng.chance(0.7) ? cpescLicense(rng) : peLicense(rng);
    const gc = rng.pick(CONTRACTOR_FIRMS.filter((f) => f.trade === 'sitework'));
    const certified = start ? addDays(start, -rng.int(3, 14)) : null;
    const prepName = personName(rng);
    ins.party({
      project_id: projectId,
      role: 'owner_operator',
      company_name: ownerCompany,
      contact_name: owner,
      contact_title: 'Managing Member',
      phone: phone(rng),
      email: emailFor(owner, slugify(ownerCompany.split(' ')[0])),
      created_at: createdAt,
    });
    ins.party({
      project_id: projectId,
      role: 'swppp_preparer',
      company_name: prep.name,
      contact_name: `${prepName}, ${prep.profession === 'PE' ? 'P.E.' : 'RLA'}`,
      contact_title: prep.profession === 'PE' ? 'Professional Engineer' : 'Landscape Architect',
      phone: phone(rng),
      email: emailFor(prepName, prep.domain),
      license: peLicense(rng),
      created_at: createdAt,
    });
    ins.party({
      project_id: projectId,
      role: 'qualified_inspector',
      company_name: insp.name,
      contact_name: inspector,
      contact_title: 'Qualified Inspector',
      phone: phone(rng),
      email: emailFor(inspector, insp.domain),
      license: credential,
      created_at: createdAt,
    });
    ins.party({
      project_id: projectId,
      role: 'contractor',
      company_name: gc.name,
      contact_name: personName(rng),
      contact_title: 'Project Superintendent',
      phone: phone(rng),
      measures: gc.measures,
      certified_on: certified,
      created_at: createdAt,
    });
    if (use.kind === 'major' || rng.chance(0.4)) {
      const sub = rng.pick(CONTRACTOR_FIRMS.filter((f) => f.trade !== 'sitework' && f.trade !== 'solar'));
      ins.party({
        project_id: projectId,
        role: 'subcontractor',
        company_name: sub.name,
        contact_name: personName(rng),
        contact_title: 'Foreman',
        phone: phone(rng),
        measures: sub.measures,
        certified_on: certified,
        created_at: createdAt,
      });
    }

    const noiStored = pool.noi[i % pool.noi.length];
    const swpppStored = pool.swppp[i % pool.swppp.length];
    const noiId = insertDoc(projectId, noiStored, {
      type: 'noi',
      title: 'Notice of Intent (NOI)',
      filename: `noi-${slug}.pdf`,
      date: noi,
      uploadedAt: atLocal(noi, 10, 30),
    });
    const swpppId = insertDoc(projectId, swpppStored, {
      type: 'swppp',
      title: 'Stormwater Pollution Prevention Plan (SWPPP)',
      filename: `swppp-${slug}.pdf`,
      date: received,
      uploadedAt: atLocal(received, 14, 10),
      reviewStatus: status === 'swppp_review' ? 'filed' : 'accepted',
    });
    const completeOn =
      status === 'swppp_review'
        ? rng.chance(0.5)
          ? addDays(received, rng.int(5, 25))
          : null
        : addDays(received, rng.int(8, 25));
    ins.review({
      project_id: projectId,
      document_id: swpppId,
      received_on: received,
      complete_on: completeOn && completeOn <= today ? completeOn : null,
      decision: decided ? (rng.chance(0.4) ? 'approved_with_conditions' : 'approved') : null,
      decided_on: decided,
      conditions: null,
      created_at: atLocal(received, 16, 0),
      updated_at: atLocal(decided ?? received, 16, 0),
    });
    if (start && rng.chance(0.2)) {
      const date = addDays(start, rng.int(20, Math.max(21, daysBetween(start, finalStab ?? today) - 5)));
      if (date < today)
        insertDoc(projectId, pool.amendment[i % pool.amendment.length], {
          type: 'swppp_amendment',
          title: 'SWPPP Amendment No. 1',
          filename: `swppp-amendment-1-${slug}.pdf`,
          date,
          uploadedAt: atLocal(date, 13, 0),
          supersedesId: swpppId,
          version: 2,
        });
    }

    const reports: Array<{ id: number; s: StoredPdf }> = [];
    if (start) {
      // The last six weekly inspections before the end of work (or today).
      const end = finalStab ?? addDays(today, -1);
      const routineDay = rng.int(1, 5);
      let date = end;
      while (new Date(`${date}T12:00:00Z`).getUTCDay() !== routineDay % 7) date = addDays(date, -1);
      const dates: string[] = [];
      for (let k = 0; k < 6 && date >= start; k++, date = addDays(date, -7)) dates.unshift(date);
      let prevStorm: StormPlan | undefined;
      let stPct = rng.float(3, 12, 0);
      const open = round1(maxAtOnce * rng.float(0.4, 1, 2));
      for (const [k, d] of dates.entries()) {
        const storm = storms.find(
          (s) => s.inches >= 0.5 && s.endedOn > addDays(d, -7) && s.endedOn <= d && s !== prevStorm,
        );
        const at = storm ? plusHours(storm.endedAt, 10) : atLocal(d, rng.int(8, 13), rng.pick([0, 15, 30, 45]));
        if (at.getTime() > now.getTime() - 3 * 3_600_000) continue;
        prevStorm = storm;
        const rain = storm ? storm.inches : rng.chance(0.3) ? rng.float(0.1, 0.4, 2) : 0;
        stPct = Math.min(45, stPct + rain * 8 + rng.float(0.5, 2));
        const maintenance = rng.chance(0.1);
        const stored = pool.inspection[(i + k) % pool.inspection.length];
        const reportId = insertDoc(projectId, stored, {
          type: 'inspection_report',
          title: `Inspection report, ${formatDay(d)} (${storm ? 'post-storm inspection' : 'routine inspection'})`,
          filename: `inspection-${d}.pdf`,
          date: d,
          uploadedAt: plusHours(at, 6),
        });
        reports.push({ id: reportId, s: stored });
        const inspectionId = ins.inspection({
          project_id: projectId,
          inspected_at: at,
          type: storm ? 'post_storm' : 'routine',
          inspector_name: inspector,
          inspector_credential: credential,
          weather: storm ? 'Clearing after rain' : rng.pick(['Clear', 'Partly cloudy', 'Overcast']),
          rain_since_last_inches: rain,
          storm_event_id: storm?.id ?? null,
          disturbed_acres_active: round1(open * 0.8),
          disturbed_acres_inactive: round1(open * 0.2),
          temp_stabilized_acres: round1(disturbed * 0.2),
          final_stabilized_acres: round1(disturbed * (0.2 + k * 0.05)),
          disturbed_areas_notes: 'Grading and utility work within the approved limits; drainage to ST-1.',
          next_fourteen_days_notes: 'No new areas will be disturbed in the next 14 days.',
          rill_gully_erosion: false,
          sediment_leaving_site: false,
          maintenance_needed: maintenance ? 'Silt fence along north property line: re-trench and re-stake' : null,
          deficiencies: null,
          report_document_id: reportId,
          filed_at: plusHours(at, 6),
          review_status: (now.getTime() - at.getTime()) / 86_400_000 > 10 ? 'accepted' : 'filed',
          reviewed_at: (now.getTime() - at.getTime()) / 86_400_000 > 10 ? plusHours(at, 48) : null,
        });
        ins.practice({
          inspection_id: inspectionId,
          practice: 'Stabilized construction entrance',
          practice_type: 'construction_entrance',
          sediment_accumulation_pct: null,
          condition: 'good',
          notes: null,
        });
        ins.practice({
          inspection_id: inspectionId,
          practice: 'Silt fence along north property line',
          practice_type: 'silt_fence',
          sediment_accumulation_pct: round1(stPct * 0.6),
          condition: maintenance ? 'needs_maintenance' : 'good',
          notes: maintenance ? 'About 30 ft undermined' : null,
        });
        ins.practice({
          inspection_id: inspectionId,
          practice: 'Sediment trap ST-1',
          practice_type: 'sediment_trap',
          sediment_accumulation_pct: round1(stPct),
          condition: 'good',
          notes: null,
        });
        if (maintenance) {
          const due = calendar.addBusinessDays(d, 1).date;
          ins.corrective({
            project_id: projectId,
            opened_in_inspection_id: inspectionId,
            closed_in_inspection_id: null,
            description: 'Silt fence along north property line: about 30 ft undermined; re-trench and re-stake',
            responsible_party: gc.name,
            due_on: due,
            closed_on: due <= today ? due : null,
            created_at: plusHours(at, 6),
          });
        }
      }
      // Monthly summaries for the last three full months of work.
      const lastMonth = monthOf(addDays(`${monthOf(today)}-01`, -1));
      const endMonth = monthOf(end) < lastMonth ? monthOf(end) : lastMonth;
      const months: string[] = [];
      for (let m = endMonth; months.length < 3 && m >= monthOf(start); m = monthOf(addDays(`${m}-01`, -1)))
        months.unshift(m);
      for (const [k, month] of months.entries()) {
        const submittedAt = atLocal(
          `${nextMonth(month)}-${String(rng.int(3, 10)).padStart(2, '0')}`,
          rng.int(8, 16),
          0,
        );
        if (submittedAt.getTime() > now.getTime()) continue;
        const stored = pool.monthly[(i + k) % pool.monthly.length];
        const documentId = insertDoc(projectId, stored, {
          type: 'monthly_summary',
          title: `Monthly inspection summary, ${formatMonth(month)}`,
          filename: `monthly-summary-${month}.pdf`,
          date: townToday(submittedAt),
          uploadedAt: submittedAt,
        });
        const done = rng.int(4, 5);
        ins.monthly({
          project_id: projectId,
          month,
          version: 1,
          inspections_done: done,
          inspections_required: 4,
          storm_events: rng.int(0, 2),
          post_storm_inspections: 0,
          acres_disturbed: open,
          acres_stabilized: round1(disturbed * 0.3),
          corrective_opened: 0,
          corrective_closed: 0,
          corrective_open: 0,
          narrative: `In ${formatMonth(month)} our qualified inspector, ${inspector}, inspected the site ${done} times. All repair items were closed by the end of the month. No sediment was seen leaving the site.`,
          certified_by_name: inspector,
          certified_by_title: `Qualified Inspector (${credential})`,
          certified_at: submittedAt,
          document_id: documentId,
          submitted_at: submittedAt,
          review_status: 'accepted',
          reviewed_at: plusHours(submittedAt, 48),
          created_at: submittedAt,
        });
      }
      // 48-hour notice and town inspection at the start of construction.
      if (rng.chance(0.3)) {
        const scheduledFor = atLocal(start, 7, 30);
        const noticeId = ins.notice({
          project_id: projectId,
          milestone: 'start_of_construction',
          scheduled_for: scheduledFor,
          given_at: plusHours(scheduledFor, -rng.int(50, 120)),
        });
        ins.townInspection({
          project_id: projectId,
          notice_id: noticeId,
          milestone: 'start_of_construction',
          inspected_on: start,
          outcome: 'approved',
          findings: 'Perimeter controls and construction entrance installed as shown on the SWPPP.',
          created_at: atLocal(start, 15, 0),
        });
      }
      // Occasional enforcement; every stop-work project has its order in force.
      if (status === 'stop_work' || rng.chance(0.06)) {
        const observed =
          status === 'stop_work'
            ? addDays(today, -rng.int(3, 30))
            : addDays(start, rng.int(5, Math.max(6, daysBetween(start, finalStab ?? today) - 5)));
        if (observed < today) {
          const tiId = ins.townInspection({
            project_id: projectId,
            notice_id: null,
            milestone: null,
            inspected_on: observed,
            outcome: 'deficient',
            findings: 'Silt fence down along the east line; mud tracked onto the road.',
            created_at: atLocal(observed, 15, 0),
          });
          const swo = status === 'stop_work';
          const resolved = !swo && addDays(observed, 14) < today;
          const vId = ins.violation({
            project_id: projectId,
            observed_on: observed,
            description: 'Silt fence down along the east line and sediment tracked onto the road.',
            ordinance_section: 'Subsection K',
            town_inspection_id: tiId,
            corrected_on: resolved ? addDays(observed, 5) : null,
            created_at: atLocal(observed, 15, 30),
          });
          const type = swo ? 'stop_work_order' : rng.pick(['written_warning', 'notice_of_violation'] as const);
          const noticeDoc = insertDoc(projectId, pool.enforcement[swo ? 2 : type === 'written_warning' ? 0 : 1], {
            type: 'enforcement_notice',
            title: `${swo ? 'Stop-work order' : type === 'written_warning' ? 'Written warning' : 'Notice of violation'}, ${formatDay(observed)}`,
            filename: `${type.replace(/_/g, '-')}-${observed}.pdf`,
            date: observed,
            uploadedAt: atLocal(observed, 16, 0),
          });
          const eId = ins.enforcement({
            project_id: projectId,
            type,
            category: type === 'written_warning' ? 'informal' : 'formal',
            status: resolved ? 'closed' : 'issued',
            issued_on: observed,
            issued_by_name: 'Sam Okafor, Stormwater Management Officer',
            cited_section: 'Subsection K',
            summary: swo
              ? 'All land development must stop except work to stabilize the site, until the Town confirms compliance.'
              : 'Silt fence was down and mud reached the road; the operator must repair the controls and clean the road.',
            required_measures: 'Repair the silt fence, add stone to the construction entrance and sweep the road.',
            comply_by: swo ? null : addDays(observed, 7),
            closed_on: resolved ? addDays(observed, rng.int(6, 12)) : null,
            lifted_on: null,
            fine_paid_cents: 0,
            notice_document_id: noticeDoc,
            public: true,
            created_at: atLocal(observed, 16, 0),
            updated_at: atLocal(observed, 16, 0),
          });
          ins.link({ enforcement_action_id: eId, violation_id: vId });
        }
      }
    }
    if (notFiled) {
      if (use.kind === 'major')
        insertDoc(projectId, pool.asBuilt[i % pool.asBuilt.length], {
          type: 'as_built_plans',
          title: 'Certified as-built plans, permanent stormwater practices',
          filename: `as-built-${slug}.pdf`,
          date: addDays(notFiled, -7),
          uploadedAt: atLocal(addDays(notFiled, -7), 11, 0),
        });
      insertDoc(projectId, pool.not[i % pool.not.length], {
        type: 'notice_of_termination',
        title: 'Notice of Termination (NOT)',
        filename: `not-${slug}.pdf`,
        date: notFiled,
        uploadedAt: atLocal(notFiled, 10, 0),
      });
    }
    if (i % 5 !== 0) return undefined;
    return {
      projectId,
      name,
      noi: { id: noiId, s: noiStored },
      swppp: { id: swpppId, s: swpppStored },
      reports,
      date: lastActivity > today ? today : lastActivity,
    };
  }

  // One records request for every five projects, in every state, older ones mostly closed.
  const requestRng = root.fork('requests');
  const specs: RequestSpec[] = requestTargets.map((t, k) => {
    const ageDays = requestRng.int(0, 400);
    const receivedAt = new Date(
      Math.min(
        now.getTime() - 3_600_000,
        atLocal(addDays(today, -ageDays), requestRng.int(8, 18), requestRng.int(0, 59)).getTime(),
      ),
    );
    const state: RequestState =
      ageDays < 3
        ? 'received'
        : ageDays < 12
          ? requestRng.pick([
              'acknowledged',
              'awaiting_cost_approval',
              'awaiting_payment',
              'fulfilled',
              'overdue',
            ] as const)
          : weighted<RequestState>(requestRng, [
              ['fulfilled', 70],
              ['denied', 6],
              ['withdrawn', 10],
              ['awaiting_payment', 6],
              ['acknowledged', 8],
            ]);
    // A cost question only comes up for paper copies.
    const delivery =
      state === 'awaiting_cost_approval'
        ? 'paper_pickup'
        : requestRng.pick([
            'electronic',
            'electronic',
            'electronic',
            'paper_pickup',
            'paper_mail',
            'usb',
            'cd',
          ] as const);
    const items = [
      {
        documentId: t.swppp.id,
        description: 'Stormwater Pollution Prevention Plan (SWPPP)',
        pages: t.swppp.s.pageCount - t.swppp.s.largeFormatPages,
        largeFormatSheets: t.swppp.s.largeFormatPages,
      },
      ...(t.reports.length
        ? [
            {
              description: 'Inspection reports',
              documentId: null,
              pages: t.reports.reduce((n, r) => n + r.s.pageCount, 0),
              largeFormatSheets: 0,
            },
          ]
        : [
            {
              documentId: t.noi.id,
              description: 'Notice of Intent (NOI)',
              pages: t.noi.s.pageCount,
              largeFormatSheets: 0,
            },
          ]),
    ];
    const person = personName(requestRng);
    return {
      state,
      receivedAt,
      channel: requestRng.pick(['web', 'web', 'email', 'email', 'mail', 'walk_in', 'phone'] as const),
      requester: { name: person, email: `${slugify(person).replace(/-/g, '.')}${k}@example.${k % 2 ? 'org' : 'com'}` },
      projectId: t.projectId,
      description: `Copies of the SWPPP and inspection reports for ${t.name}.`,
      delivery,
      costLimitCents: state === 'awaiting_cost_approval' ? 1000 : null,
      denialReason:
        "Part of the request asks for the operator's internal cost estimates, which the Town does not hold.",
      paymentMethod: requestRng.pick(['check', 'cash', 'card'] as const),
      items,
    };
  });
  db.transaction((tx) => {
    insertRecordsRequests(tx, specs, { rng: requestRng, now, calendar, fee });
  });
  const summary = buildSummary(db, 'large', now, {});
  db.$client
    .prepare(
      "INSERT INTO audit_log (at, actor_label, action, entity_type, entity_id, after_json) VALUES (?, 'seed', 'seed.large', 'database', NULL, ?)",
    )
    .run(now.getTime(), JSON.stringify({ now: now.toISOString(), projects: opts.projects, counts: summary.counts }));
  summary.counts.audit_log += 1;
  return summary;
}
