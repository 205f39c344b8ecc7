/**
 * Residents' reports of problems at sites (decision 0032), a dozen in every state, relative to the seed's
 * "today": new ones waiting (two near each other, one not at a listed site, one with a photo-less
 * Open311 filing), under review, inspected, a violation found at the stop-work site and linked to its
 * order, no violation, referred to the highway department, closed with a reason, and one hidden by the
 * officer. Contact details are made up (example.org). Runs inside the caller's (synchronous) transaction.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { reencodeImage } from '#lib/server/platform/files/images.ts';
import { storeFile } from '#lib/server/platform/files/store.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { schema } from '#lib/server/platform/db.ts';
import type { SiteReportStatus } from '../schema.ts';
import { addDays } from '#lib/shared/days.ts';
import { loadCalendar } from '#lib/server/platform/time/calendar.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { respondByDay } from '#lib/server/site-reports/response-time.rules.ts';
import { atLocal } from './dates.ts';
import type { Rng } from './random.ts';

type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];

interface Spec {
  /** A project's slug, or a point not at any listed site. */
  at: string | { latitude: number; longitude: number; place: string };
  category: string;
  status: SiteReportStatus;
  ago: number;
  description: string;
  reporter?: { name: string; email?: string; phone?: string };
  steps: Array<{ after: number; status: SiteReportStatus | null; words: string }>;
  reason?: string;
  hidden?: string;
  source?: 'web' | 'open311';
  /** Link the project's first enforcement action. */
  enforcement?: true;
}

const SPECS: Spec[] = [
  {
    at: 'curry-road-distribution-center',
    category: 'mud_on_road',
    status: 'received',
    ago: 0,
    description: 'Trucks leaving the north gate are tracking mud onto Curry Road; the shoulder is slick.',
    reporter: { name: 'Avery Donnelly', email: 'avery.donnelly@example.org' },
    steps: [],
  },
  {
    at: 'curry-road-distribution-center',
    category: 'mud_on_road',
    status: 'received',
    ago: 1,
    description: 'Mud all over the westbound lane by the construction entrance again this morning.',
    steps: [],
    source: 'open311',
  },
  {
    at: { latitude: 42.7705, longitude: -73.9702, place: 'Burdeck Street at the culvert' },
    category: 'muddy_water',
    status: 'received',
    ago: 2,
    description: 'Brown water running down the gutter into the storm drain after the rain; no construction I can see.',
    reporter: { name: 'Sam Whitfield', phone: '518-555-0177' },
    steps: [],
  },
  {
    at: 'altamont-avenue-plaza',
    category: 'dust',
    status: 'under_review',
    ago: 4,
    description: 'Clouds of dust blowing from the graded area across the parking lot next door.',
    reporter: { name: 'Rita Calloway', email: 'rita.calloway@example.org' },
    steps: [
      {
        after: 1,
        status: 'under_review',
        words:
          'The stormwater officer linked this report to Altamont Avenue Plaza Redevelopment and is looking into it.',
      },
    ],
  },
  {
    at: 'westcott-road-townhomes',
    category: 'silt_fence',
    status: 'under_review',
    ago: 5,
    description: 'The silt fence along the stream side is flat on the ground in two places.',
    steps: [
      {
        after: 0,
        status: 'under_review',
        words: 'The stormwater officer linked this report to Westcott Road Townhomes and is looking into it.',
      },
    ],
  },
  {
    at: 'guilderland-avenue-self-storage',
    category: 'silt_fence',
    status: 'inspected',
    ago: 9,
    description: 'Silt fence torn behind building C, sediment on the neighbour’s lawn.',
    reporter: { name: 'Olu Adebayo', email: 'olu.adebayo@example.org' },
    steps: [
      {
        after: 1,
        status: 'under_review',
        words: 'The stormwater officer linked this report to Guilderland Avenue Self Storage and is looking into it.',
      },
      { after: 3, status: 'inspected', words: 'The town inspected the site.' },
    ],
  },
  {
    at: 'hamburg-street-mixed-use',
    category: 'stop_work',
    status: 'violation_found',
    ago: 12,
    description: 'An excavator was working on the site on Saturday even though the stop-work order is posted.',
    reporter: { name: 'Glen Marsh', email: 'glen.marsh@example.org' },
    enforcement: true,
    steps: [
      {
        after: 0,
        status: 'under_review',
        words: 'The stormwater officer linked this report to Hamburg Street Mixed-Use Building and is looking into it.',
      },
      {
        after: 2,
        status: 'violation_found',
        words: 'The town found a violation of the stormwater law at the site: work during the stop-work order.',
      },
    ],
  },
  {
    at: 'route-7-commerce-park-lot-3',
    category: 'muddy_water',
    status: 'violation_found',
    ago: 15,
    description: 'Muddy water pouring out of the sediment basin outlet into the ditch along Route 7.',
    steps: [
      {
        after: 1,
        status: 'under_review',
        words: 'The stormwater officer linked this report to Route 7 Commerce Park, Lot 3 and is looking into it.',
      },
      { after: 2, status: 'inspected', words: 'The town inspected the site.' },
      {
        after: 2,
        status: 'violation_found',
        words:
          'The town found a violation of the stormwater law at the site: the basin outlet was discharging sediment.',
      },
    ],
  },
  {
    at: 'carman-road-child-care-center',
    category: 'dust',
    status: 'no_violation',
    ago: 20,
    description: 'Dust from the site during the afternoon.',
    reporter: { name: 'Dee Park', email: 'dee.park@example.org' },
    steps: [
      {
        after: 1,
        status: 'under_review',
        words: 'The stormwater officer linked this report to Carman Road Child Care Center and is looking into it.',
      },
      { after: 3, status: 'inspected', words: 'The town inspected the site.' },
      {
        after: 3,
        status: 'no_violation',
        words: 'The town looked and found no violation of the stormwater law. Water trucks were wetting the haul road.',
      },
    ],
  },
  {
    at: { latitude: 42.8123, longitude: -73.9951, place: 'Princetown Road near the town line' },
    category: 'mud_on_road',
    status: 'referred',
    ago: 25,
    description: 'Mud across the road from a farm field driveway.',
    reason: 'Not a construction site: passed to the Town Highway Department.',
    steps: [
      {
        after: 2,
        status: 'referred',
        words:
          'This is for another office or agency; the town passed it on. Not a construction site: passed to the Town Highway Department.',
      },
    ],
  },
  {
    at: 'mariaville-meadows-phase-2',
    category: 'silt_fence',
    status: 'closed',
    ago: 40,
    description: 'Silt fence missing along the new road at lot 14.',
    reporter: { name: 'Kim Osei', email: 'kim.osei@example.org' },
    reason: 'The contractor replaced the silt fence; the town checked it.',
    steps: [
      {
        after: 1,
        status: 'under_review',
        words:
          'The stormwater officer linked this report to Mariaville Meadows Subdivision, Phase 2 and is looking into it.',
      },
      { after: 2, status: 'inspected', words: 'The town inspected the site.' },
      {
        after: 7,
        status: 'closed',
        words: 'The town has finished with this report. The contractor replaced the silt fence; the town checked it.',
      },
    ],
  },
  {
    at: 'princetown-road-community-solar',
    category: 'other',
    status: 'received',
    ago: 3,
    description: 'Spam spam spam visit my site.',
    hidden: 'Advertising, not a report.',
    steps: [],
  },
];

export function insertSiteReports(tx: Tx, opts: { rng: Rng; now: Date; today: string }): void {
  const cats = new Map(
    tx
      .select()
      .from(schema.siteReportCategories)
      .all()
      .map((c) => [c.code, c]),
  );
  const calendar = loadCalendar(tx);
  for (const spec of SPECS) {
    const project =
      typeof spec.at === 'string'
        ? tx.select().from(schema.projects).where(eq(schema.projects.slug, spec.at)).get()
        : undefined;
    if (typeof spec.at === 'string' && (!project || project.latitude == null || project.longitude == null))
      throw new Error(`Demo report: no placed project ${spec.at}`);
    // A little way off the site's point, the way a resident stands across the street.
    const point = project
      ? {
          latitude: project.latitude! + opts.rng.float(-0.0008, 0.0008, 5),
          longitude: project.longitude! + opts.rng.float(-0.0008, 0.0008, 5),
        }
      : (spec.at as { latitude: number; longitude: number });
    const day = addDays(opts.today, -spec.ago);
    const hour = opts.rng.int(7, 18);
    const minute = opts.rng.int(0, 59);
    // Never after the seed's "now" (a report made today, later than now, is made now).
    const filed = new Date(Math.min(opts.now.getTime(), atLocal(day, hour, minute).getTime()));
    const at = (n: number) => new Date(Math.min(opts.now.getTime(), filed.getTime() + n * 86_400_000 + 3_600_000));
    let t = 0;
    const stepsAt = spec.steps.map((s) => ({ ...s, at: at((t += s.after)) }));
    const last = stepsAt.at(-1)?.at ?? filed;
    const action =
      spec.enforcement && project
        ? tx
            .select()
            .from(schema.enforcementActions)
            .where(and(eq(schema.enforcementActions.projectId, project.id), eq(schema.enforcementActions.public, true)))
            .get()
        : undefined;
    const report = tx
      .insert(schema.siteReports)
      .values({
        categoryId: cats.get(spec.category)!.id,
        description: spec.description,
        place: project ? project.siteAddress : (spec.at as { place: string }).place,
        latitude: point.latitude,
        longitude: point.longitude,
        observedOn: day,
        observedTime: null,
        projectId: project?.id ?? null,
        matchedMiles: project && !spec.steps.length ? 0.04 : null,
        status: spec.status,
        statusChangedAt: last,
        publicReason: spec.reason ?? null,
        hidden: Boolean(spec.hidden),
        hiddenReason: spec.hidden ?? null,
        reporterName: spec.reporter?.name ?? null,
        reporterEmail: spec.reporter?.email ?? null,
        reporterPhone: spec.reporter?.phone ?? null,
        source: spec.source ?? 'web',
        enforcementActionId: action?.id ?? null,
        // Filed as the portal files a report: with the day its category aims to answer it by.
        respondBy: respondByDay(townToday(filed), cats.get(spec.category)!.responseBusinessDays, calendar),
        createdAt: filed,
        updatedAt: last,
      })
      .returning()
      .get();
    const place = project
      ? `It is about ${project.name}.`
      : 'It is not at a site the town lists; the officer will see where it belongs.';
    tx.insert(schema.siteReportEvents)
      .values({ reportId: report.id, at: filed, status: 'received', words: `Report received. ${place}` })
      .run();
    for (const s of stepsAt)
      tx.insert(schema.siteReportEvents)
        .values({ reportId: report.id, at: s.at, status: s.status, words: s.words })
        .run();
  }
}

/**
 * Small demo photos for some reports, drawn with sharp (a ground, a sky and a simple shape: a fence
 * post, a puddle, a truck's box) and passed through the same re-encoding as residents' uploads
 * (platform/files/images.ts), so they carry no metadata. Some are approved (the public status page
 * shows them), some wait for the officer (only the queue shows them). Deterministic: fixed pictures.
 * Async (sharp), so it runs after the demo's transaction, with its own.
 */
const DEMO_PHOTOS: Array<{
  description: string;
  approved: boolean;
  pictures: Array<{ ground: string; sky: string; shape: string }>;
}> = [
  {
    description: SPECS[0].description,
    approved: false,
    pictures: [
      { ground: '#6b4f2a', sky: '#9fb8c8', shape: '<rect x="40" y="120" width="140" height="60" fill="#d9d2c3"/>' },
      { ground: '#5a4326', sky: '#a7bccb', shape: '<ellipse cx="200" cy="200" rx="90" ry="20" fill="#3e2f1c"/>' },
    ],
  },
  {
    description: SPECS[3].description,
    approved: false,
    pictures: [{ ground: '#b39b72', sky: '#d8d4c8', shape: '<circle cx="230" cy="90" r="50" fill="#e6dfcf"/>' }],
  },
  {
    description: SPECS[6].description,
    approved: true,
    pictures: [
      {
        ground: '#7a6a4f',
        sky: '#b5c7d3',
        shape:
          '<rect x="120" y="100" width="110" height="70" fill="#e0a21b"/><rect x="150" y="60" width="30" height="50" fill="#e0a21b"/>',
      },
      { ground: '#7a6a4f', sky: '#c2d1db', shape: '<rect x="20" y="40" width="280" height="40" fill="#c0392b"/>' },
    ],
  },
  {
    description: SPECS[7].description,
    approved: true,
    pictures: [
      {
        ground: '#4d6b3a',
        sky: '#a9bfcc',
        shape: '<path d="M0 200 Q160 150 320 200 L320 240 L0 240 Z" fill="#8a6d3b"/>',
      },
    ],
  },
  {
    description: SPECS[10].description,
    approved: true,
    pictures: [
      {
        ground: '#5f7d3f',
        sky: '#b3c6d4',
        shape:
          '<rect x="30" y="130" width="260" height="8" fill="#222"/><rect x="60" y="110" width="6" height="50" fill="#5b3a1a"/><rect x="160" y="110" width="6" height="50" fill="#5b3a1a"/><rect x="260" y="110" width="6" height="50" fill="#5b3a1a"/>',
      },
    ],
  },
];

async function demoPicture(p: { ground: string; sky: string; shape: string }): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="140" fill="${p.sky}"/><rect y="140" width="320" height="100" fill="${p.ground}"/>${p.shape}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedSiteReportPhotos(db: DB, opts: { filesDir: string }): Promise<void> {
  const made = await Promise.all(
    DEMO_PHOTOS.map(async (d) =>
      Promise.all(
        d.pictures.map(async (p) => {
          const image = await reencodeImage(await demoPicture(p));
          const stored = await storeFile(image.bytes, { filesDir: opts.filesDir });
          return {
            sha256: stored.sha256,
            mimeType: 'image/jpeg',
            sizeBytes: stored.sizeBytes,
            width: image.width,
            height: image.height,
          };
        }),
      ),
    ),
  );
  db.transaction((tx) => {
    DEMO_PHOTOS.forEach((d, i) => {
      const report = tx
        .select()
        .from(schema.siteReports)
        .where(eq(schema.siteReports.description, d.description))
        .get();
      if (!report) throw new Error(`Demo report photos: no report "${d.description}"`);
      for (const photo of made[i])
        tx.insert(schema.siteReportPhotos)
          .values({
            reportId: report.id,
            ...photo,
            approvedAt: d.approved ? report.updatedAt : null,
            createdAt: report.createdAt,
          })
          .run();
    });
  });
}
