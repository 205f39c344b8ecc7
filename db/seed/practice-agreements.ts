/**
 * Demo data: the recorded maintenance agreement or easement on file for half of the practices that cite
 * one (every other, by id: deterministic), drawn with the platform's PDF writer; public, as land records are
 * (decision 0043).
 */
import { asc, isNotNull } from 'drizzle-orm';
import type { DB } from '#lib/server/platform/db.ts';
import { PdfWriter } from '#lib/server/platform/pdf/writer.ts';
import { practiceAgreementFiles, stormwaterPractices } from '../schema.ts';
import { atLocal } from './dates.ts';
import { storePdf } from './pdfs.ts';

export async function seedPracticeAgreements(db: DB, ctx: { filesDir: string }): Promise<void> {
  const cited = db
    .select()
    .from(stormwaterPractices)
    .where(isNotNull(stormwaterPractices.agreementReference))
    .orderBy(asc(stormwaterPractices.id))
    .all();
  const chosen = cited.filter((_, i) => i % 2 === 0);
  const files = await Promise.all(
    chosen.map(async (p) => {
      const w = await PdfWriter.create({
        title: `Maintenance agreement - ${p.name}`,
        subject: 'Stormwater maintenance agreement and easement',
        author: p.ownerName,
        date: p.inServiceOn,
        header: 'Maintenance agreement and easement',
      });
      w.heading(`${p.name}: stormwater maintenance agreement and drainage easement`, 1);
      w.fields([
        ['Owner', p.ownerName],
        ['Location', p.location],
        ['Recorded', p.agreementReference ?? ''],
        ['Dated', p.inServiceOn],
      ]);
      w.para(
        'The owner, its successors and assigns shall inspect and maintain the stormwater management practice in good working order, keep the maintenance records the Town may ask for, and grant the Town an easement to enter and inspect it. If the owner fails to maintain it, the Town may do the work and charge the owner.',
      );
      return storePdf(await w.save(), ctx.filesDir);
    }),
  );
  db.transaction((tx) => {
    chosen.forEach((p, k) => {
      const f = files[k];
      tx.insert(practiceAgreementFiles)
        .values({
          practiceId: p.id,
          sha256: f.sha256,
          filename: `maintenance-agreement-${p.id}.pdf`,
          mimeType: 'application/pdf',
          sizeBytes: f.sizeBytes,
          pageCount: f.pageCount,
          public: true,
          uploadedAt: atLocal(p.inServiceOn, 10, 0),
        })
        .run();
    });
  });
}
