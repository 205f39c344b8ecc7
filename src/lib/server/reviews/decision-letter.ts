/**
 * The written decision on a SWPPP review as a printable letter to the project's owner/operator: the loader and
 * the PDF. The words are decision-letter.rules.ts's. Printing changes nothing on the record, so it is not audited.
 */
import { and, asc, eq } from 'drizzle-orm';
import { documents, parties, projects, swpppReviews, users } from '#db/schema.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { lawCitation } from '#lib/server/platform/local-law.rules.ts';
import { loadLocalLawAsync } from '#lib/server/platform/local-law.ts';
import { GREY, PdfWriter } from '#lib/server/platform/pdf/writer.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { townOfficeLines } from '#lib/server/projects/site-posting.ts';
import { officeLine } from '#lib/shared/town-profile.ts';
import { decisionLetterWords, type DecisionLetterFacts, type DecisionLetterWords } from './decision-letter.rules.ts';
import { SWPPP_DECISIONS, type SwpppDecision } from './swppp-review.rules.ts';

export interface DecisionLetterPdf {
  bytes: Uint8Array;
  filename: string;
}

const isDecision = (d: string | null): d is SwpppDecision => (SWPPP_DECISIONS as readonly string[]).includes(d ?? '');

/** The facts of a decided review, or null when there is no such review or it is not decided. */
export async function decisionLetterFacts(
  db: Db,
  reviewId: number,
  publicBaseUrl: string,
  now: Date,
): Promise<(DecisionLetterFacts & { reviewId: number; projectId: number }) | null> {
  const [row] = await db
    .select({ review: swpppReviews, project: projects, doc: documents })
    .from(swpppReviews)
    .innerJoin(projects, eq(projects.id, swpppReviews.projectId))
    .leftJoin(documents, eq(documents.id, swpppReviews.documentId))
    .where(eq(swpppReviews.id, reviewId))
    .limit(1);
  if (!row) return null;
  const { review: r, project: p, doc } = row;
  if (!r.decidedOn || !isDecision(r.decision)) return null;
  const [owner] = await db
    .select({ companyName: parties.companyName, contactName: parties.contactName, contactTitle: parties.contactTitle })
    .from(parties)
    .where(and(eq(parties.projectId, p.id), eq(parties.role, 'owner_operator')))
    .orderBy(asc(parties.id))
    .limit(1);
  const [signer] = r.decidedByUserId
    ? await db
        .select({ name: users.name, title: users.title })
        .from(users)
        .where(eq(users.id, r.decidedByUserId))
        .limit(1)
    : [];
  const t = await townAsync(db);
  const law = await loadLocalLawAsync(db);
  const office = t.profile.stormwaterOffice;
  return {
    reviewId: r.id,
    projectId: p.id,
    kindWord: t.kindWord,
    decision: r.decision,
    decidedOn: r.decidedOn,
    review: r,
    conditions: r.conditions,
    reasons: r.reasons,
    plan: doc ? { title: doc.title, version: doc.version, documentDate: doc.documentDate } : null,
    amendment: doc?.type === 'swppp_amendment',
    project: p,
    recipient: owner ?? null,
    signer: { name: signer?.name ?? null, title: signer?.title ?? null },
    publicBaseUrl: publicBaseUrl.replace(/\/$/, ''),
    citation: lawCitation(law, 'swpppReviewDays'),
    reviewDays: law.swpppReviewDays,
    office: office.address ? officeLine(office) : null,
    printedOn: townToday(now),
  };
}

/**
 * The decision letter of a review, or null when the review does not exist or is not decided. With `projectId`
 * (the project the URL names), a review of another project is null too.
 */
export async function decisionLetterPdf(
  db: Db,
  reviewId: number,
  publicBaseUrl: string,
  now: Date,
  projectId?: number,
): Promise<DecisionLetterPdf | null> {
  const facts = await decisionLetterFacts(db, reviewId, publicBaseUrl, now);
  if (!facts || (projectId !== undefined && facts.projectId !== projectId)) return null;
  const words = decisionLetterWords(facts);
  const t = await townAsync(db);
  const w = await PdfWriter.create({
    title: `${words.title} - ${facts.project.name}`,
    subject: `${t.fullName}: written decision on a SWPPP`,
    author: `${t.fullName}, ${words.signer.name}`,
    date: facts.decidedOn,
    header: `${t.fullNameWithState} · SWPPP decision · ${facts.project.name}`,
  });
  w.letterPage();
  w.letterhead(t.fullName, townOfficeLines(t));
  w.para(words.date, { size: 10, gap: 12 });
  for (const line of words.recipient) w.para(line, { size: 10, gap: 1 });
  w.space(12);
  for (const line of words.re) w.para(line, { size: 10, bold: true, gap: 1 });
  w.space(10);
  w.para(words.title, { bold: true, size: 11, gap: 10 });
  w.para(words.salutation, { size: 10, gap: 8 });
  drawBody(w, words);
  // The closing stays on the page of the signature.
  w.ensure(90);
  w.para('Sincerely,', { size: 10, gap: 2 });
  w.signature(words.signer.name, words.signer.title, facts.decidedOn);
  if (words.printedNote) w.para(words.printedNote, { size: 8, color: GREY });
  return { bytes: (await w.save()).bytes, filename: `${facts.project.slug}-swppp-decision-${facts.reviewId}.pdf` };
}

function drawBody(w: PdfWriter, words: DecisionLetterWords): void {
  for (const b of words.body) {
    if (b.kind === 'heading') w.heading(b.text, 3);
    else if (b.kind === 'para') w.para(b.text, { size: 10, bold: b.strong, gap: 6 });
    else if (b.kind === 'list') w.bullets(b.items, 10);
    else {
      w.fields(b.pairs, 170);
      w.space(6);
    }
  }
}
