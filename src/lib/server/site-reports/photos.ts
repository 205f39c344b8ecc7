/**
 * A resident's report form, with its photos: a multipart POST read by the page (Actions read whole
 * bodies). Each photo is checked by content (JPEG, PNG or WebP), size-limited, and re-encoded without
 * any metadata (platform/files/images.ts) before it is stored; the original bytes are never written.
 */
import type { DB } from '#lib/server/platform/db.ts';
import { discardUnreferenced } from '#lib/server/platform/files/references.ts';
import { reencodeImage } from '#lib/server/platform/files/images.ts';
import { receiveMultipart, type ReceivedForm } from '#lib/server/platform/files/uploads.ts';
import { MAX_PHOTOS } from './report.rules.ts';

export const MAX_PHOTO_BYTES = 12 * 1024 * 1024;
export const PHOTO_KINDS = ['jpeg', 'png', 'webp'] as const;

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
export function discardPhotos(db: DB, form: ReceivedForm): void {
  discardUnreferenced(db, form.files);
}
