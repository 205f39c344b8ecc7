/**
 * A resident's report form, with its photos: a multipart POST read by the page (Actions read whole
 * bodies). Each photo is checked by content (JPEG, PNG or WebP), size-limited, and re-encoded without
 * any metadata (platform/files/images.ts) before it is stored; the original bytes are never written.
 */
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { discardUnreferenced } from '#lib/server/platform/files/references.ts';
import { reencodeImage } from '#lib/server/platform/files/images.ts';
import { receiveMultipart, type ReceivedFile, type ReceivedForm } from '#lib/server/platform/files/uploads.ts';
import { MAX_PHOTOS } from './report.rules.ts';
import { addToReport, type PhotoInput } from './report.ts';
import { defineUpload } from '#lib/server/platform/forms/define-upload.ts';
import { fail, ok } from '#lib/server/platform/result.ts';

export const MAX_PHOTO_BYTES = 12 * 1024 * 1024;
export const PHOTO_KINDS = ['jpeg', 'png', 'webp'] as const;

/** A received photo as the report stores it (its re-encoded size). */
export function photoOf(file: ReceivedFile): PhotoInput {
  return {
    sha256: file.sha256,
    mimeType: file.mimeType,
    sizeBytes: file.sizeBytes,
    width: file.image?.width ?? 0,
    height: file.image?.height ?? 0,
  };
}

export async function receiveReportForm(request: Request): Promise<ReceivedForm> {
  // One more than allowed, so "too many" is noticed rather than the sixth silently dropped.
  const form = await receiveMultipart(request, {
    accept: [...PHOTO_KINDS],
    maxFiles: MAX_PHOTOS + 1,
    maxFileBytes: MAX_PHOTO_BYTES,
    reencode: reencodeImage,
  });
  return form;
}

/** A refused report keeps nothing: the photos it stored go again (unless another row uses the same bytes). */
export function discardPhotos(db: Db, form: ReceivedForm): Promise<void> {
  // Whether a file is still referenced is the file store's question.
  return discardUnreferenced(db, form.files);
}

/** A resident adds to a report from its page: words (required) and up to three photos, re-encoded as they arrive. */
export const reportAdditionUpload = defineUpload({
  accept: PHOTO_KINDS,
  maxFiles: 3,
  maxFileBytes: MAX_PHOTO_BYTES,
  reencode: reencodeImage,
  fileField: 'photos',
  chooseAgain: 'the photos',
  parse: ({ values }, _c: { reportId: number; ip: string }) => {
    const words = (values.words ?? '').trim();
    if (!words) return fail('Say what you saw, like “Still muddy water in the ditch this morning”.', 'words');
    if (words.length > 2000) return fail('Use at most 2,000 characters.', 'words');
    return ok({ value: { words } });
  },
  handle: (input, files, c, { dbAsync }) =>
    addToReport(
      dbAsync,
      c.reportId,
      {
        words: input.words,
        photos: files.map(photoOf),
      },
      { ip: c.ip },
    ),
});
