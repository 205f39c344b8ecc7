/**
 * Evidence for an enforcement action (a photo or a PDF), from the officer's multipart form on the
 * action's page: received into the store, checked, attached — or refused with a message by each field
 * and nothing kept.
 */
import type { Actor } from '#lib/server/platform/audit.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { discardUnreferenced } from '#lib/server/platform/files/references.ts';
import { receiveMultipart } from '#lib/server/platform/files/uploads.ts';
import { isIsoDay } from '#lib/shared/days.ts';
import { attachEvidence } from './actions.ts';
import { failFields, ok, type Result } from '#lib/server/platform/result.ts';

/** A refusal carries what was typed, to put back in the form. */
export type EvidenceOutcome = Result<object, { typed: Record<string, string> }>;

export async function receiveEvidence(
  db: DB,
  actor: Actor,
  actionId: number,
  request: Request,
  today: string,
): Promise<EvidenceOutcome> {
  const received = await receiveMultipart(request, { accept: ['pdf', 'jpeg', 'png'], maxFiles: 1 });
  const typed = {
    title: received.field('title'),
    documentDate: received.field('documentDate'),
    public: received.field('public'),
  };
  const errors: Record<string, string> = { ...received.errors };
  const file = received.files.find((f) => f.field === 'file');
  if (!typed.title.trim() || typed.title.length > 200)
    errors.title = 'Give the evidence a title of up to 200 characters, like “Photo: silt fence down at the east line”.';
  if (!isIsoDay(typed.documentDate) || typed.documentDate > today)
    errors.documentDate = 'Enter the date it was taken, not in the future, like 2026-05-03.';
  if (!file && !errors.file) errors.file = 'Choose a photo (JPEG, PNG) or a PDF.';
  if (!Object.keys(errors).length && file) {
    const r = attachEvidence(db, actor, actionId, file, {
      title: typed.title.trim(),
      documentDate: typed.documentDate,
      public: typed.public === 'on',
    });
    if (r.ok) return ok();
    errors._form = r.message ?? 'The evidence could not be saved.';
  }
  discardUnreferenced(db, received.files);
  return { ...failFields(errors), typed };
}
