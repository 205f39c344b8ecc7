/**
 * Evidence for an enforcement action (a photo or a PDF), from the officer's multipart form on the
 * action's page: received into the store, checked, attached — or refused with a message by each field
 * and nothing kept. A photo is re-encoded like a resident's (the stored and public file carries no EXIF);
 * when and where the camera says it was taken is kept apart, as facts of the record for staff.
 */
import type { Actor } from '#lib/server/platform/audit.ts';
import { defineUpload } from '#lib/server/platform/forms/define-upload.ts';
import { reencodeImage } from '#lib/server/platform/files/images.ts';
import { isIsoDay } from '#lib/shared/days.ts';
import { attachEvidence } from './actions.ts';
import { failFields, ok, type Result } from '#lib/server/platform/result.ts';

export interface EvidenceInput {
  title: string;
  documentDate: string;
  public: boolean;
}

/** The evidence form's typed fields, read: a title, the day it was taken (not after `today`), public or not. */
export function parseEvidence(values: Record<string, string>, today: string): Result<{ value: EvidenceInput }> {
  const errors: Record<string, string> = {};
  const title = values.title ?? '';
  const documentDate = values.documentDate ?? '';
  if (!title.trim() || title.length > 200)
    errors.title = 'Give the evidence a title of up to 200 characters, like “Photo: silt fence down at the east line”.';
  if (!isIsoDay(documentDate) || documentDate > today)
    errors.documentDate = 'Enter the date it was taken, not in the future, like 2026-05-03.';
  if (Object.keys(errors).length) return failFields(errors);
  return ok({ value: { title: title.trim(), documentDate, public: values.public === 'on' } });
}

/** The officer's evidence upload: one photo (JPEG, PNG) or PDF, the fields above. */
export const evidenceUpload = defineUpload({
  accept: ['pdf', 'jpeg', 'png'],
  reencode: reencodeImage,
  fileField: 'file',
  required: 'Choose a photo (JPEG, PNG) or a PDF.',
  chooseAgain: 'the photo or PDF',
  parse: ({ values }, c: { actor: Actor; actionId: number; today: string }) => parseEvidence(values, c.today),
  handle: (input, [file], c, { dbAsync }) => attachEvidence(dbAsync, c.actor, c.actionId, file, input),
});
