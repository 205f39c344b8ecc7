/**
 * One permit application filed online by the demo operator (decision 0113), as the clerk's queue shows it: filed
 * three days ago with its SWPPP, found lacking the owner's consent two days later, the application fee listed.
 * Its project is not public yet, and its record holds only what an application gives (the officer completes
 * the rest), so it is seeded with the demo accounts, after the demo town, whose records are complete.
 */
import { eq } from 'drizzle-orm';
import type { DB } from '#lib/server/platform/db.ts';
import type { Tx } from '#lib/server/platform/audit.ts';
import { PdfWriter } from '#lib/server/platform/pdf/writer.ts';
import { addDays } from '#lib/shared/days.ts';
import {
  applicationCharges,
  documents,
  parties,
  permitApplications,
  projectMembers,
  projects,
  swpppReviews,
  users,
} from '../schema.ts';
import { atLocal } from './dates.ts';
import { storePdf } from './pdfs.ts';

export const DEMO_APPLICATION_SLUG = 'hillside-drive-duplexes';

export async function seedDemoApplication(db: DB, ctx: { filesDir: string; today: string }): Promise<void> {
  const receivedOn = addDays(ctx.today, -3);
  const w = await PdfWriter.create({
    title: 'SWPPP - Hillside Drive Duplexes',
    subject: 'Stormwater pollution prevention plan',
    author: 'Hillside Drive Partners LLC',
    date: receivedOn,
    header: 'Stormwater pollution prevention plan',
  });
  w.heading('Hillside Drive Duplexes: stormwater pollution prevention plan', 1);
  w.fields([
    ['Site', '140 Hillside Drive'],
    ['Owner/operator', 'Hillside Drive Partners LLC'],
    ['Disturbed area', '1.8 acres of 3.1'],
  ]);
  w.heading('1. Erosion and sediment control', 2);
  w.para(
    'Silt fence along the downslope edge, a stabilized construction entrance on Hillside Drive, and inlet protection at the two catch basins.',
  );
  w.heading('2. Construction sequence', 2);
  w.para(
    'Install the perimeter controls, strip and stockpile the topsoil, rough grade, build the foundations, then stabilize within 14 days of final grading.',
  );
  const swppp = await storePdf(await w.save(), ctx.filesDir);
  const at = atLocal(receivedOn, 16, 40);
  db.transaction((tx) => {
    if (tx.select({ id: projects.id }).from(projects).where(eq(projects.slug, DEMO_APPLICATION_SLUG)).get()) return;
    const project = tx
      .insert(projects)
      .values({
        slug: DEMO_APPLICATION_SLUG,
        name: 'Hillside Drive Duplexes',
        description: 'Four duplexes on a new private drive, with rain gardens for the roofs.',
        siteAddress: '140 Hillside Drive',
        zip: '12306',
        kind: 'minor',
        status: 'swppp_review',
        totalSiteAcres: 3.1,
        disturbedAcres: 1.8,
        plannedStartOn: addDays(ctx.today, 60),
        published: false,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: projects.id })
      .get();
    tx.insert(parties)
      .values({
        projectId: project.id,
        role: 'owner_operator',
        companyName: 'Hillside Drive Partners LLC',
        contactName: 'Sam Whitaker',
        phone: '518-555-0170',
      })
      .run();
    const doc = tx
      .insert(documents)
      .values({
        projectId: project.id,
        type: 'swppp',
        title: 'Stormwater Pollution Prevention Plan (SWPPP)',
        filename: 'hillside-drive-swppp.pdf',
        sha256: swppp.sha256,
        mimeType: swppp.mimeType,
        sizeBytes: swppp.sizeBytes,
        pageCount: swppp.pageCount,
        sheetSize: swppp.sheetSize,
        largeFormatPages: swppp.largeFormatPages,
        documentDate: receivedOn,
        public: false,
        publicProposed: true,
        reviewStatus: 'filed',
        uploadedAt: at,
      })
      .returning({ id: documents.id })
      .get();
    tx.insert(swpppReviews).values({ projectId: project.id, documentId: doc.id, receivedOn, createdAt: at }).run();
    assignDemoApplicant(tx);
  });
}

/** The demo operator is the applicant: the application, its check and its fee. */
function assignDemoApplicant(tx: Tx): void {
  const project = tx
    .select({ id: projects.id, createdAt: projects.createdAt, receivedOn: swpppReviews.receivedOn })
    .from(projects)
    .innerJoin(swpppReviews, eq(swpppReviews.projectId, projects.id))
    .where(eq(projects.slug, DEMO_APPLICATION_SLUG))
    .get();
  const operator = tx.select({ id: users.id }).from(users).where(eq(users.email, 'operator@rotterdam.example')).get();
  if (!project || !operator) return;
  const checkedOn = addDays(project.receivedOn, 2);
  tx.insert(projectMembers).values({ projectId: project.id, userId: operator.id }).run();
  tx.update(documents).set({ uploadedByUserId: operator.id }).where(eq(documents.projectId, project.id)).run();
  const application = tx
    .insert(permitApplications)
    .values({
      projectId: project.id,
      applicantUserId: operator.id,
      receivedOn: project.receivedOn,
      intake: 'incomplete',
      intakeOn: checkedOn,
      intakeNote: 'The owner’s signed consent to the application.',
      createdAt: project.createdAt,
      updatedAt: project.createdAt,
    })
    .returning({ id: permitApplications.id })
    .get();
  tx.insert(applicationCharges)
    .values({
      applicationId: application.id,
      kind: 'fee',
      description: 'Site development permit application fee',
      amountCents: 15000,
      on: checkedOn,
    })
    .run();
}
