/** Streaming a request's file: a document it names or covers, or a file the clerk uploaded. */
import { storedFileResponse } from '#lib/server/platform/files/downloads.ts';
import type { RequestView } from './view.ts';
import type { ResolvedFile } from './records.ts';

/**
 * The file behind an item (and, for a date range, one of its documents). Requester views only get released
 * files and never one the clerk withheld in writing; staff see everything the item covers.
 */
export function findFile(
  view: RequestView,
  itemId: number,
  documentId: number | null,
  onlyReleased: boolean,
): ResolvedFile | undefined {
  const item = view.items.find((i) => i.item.id === itemId);
  if (!item || (onlyReleased && !item.item.releasedAt)) return undefined;
  const files = onlyReleased ? item.files : [...item.files, ...item.withheld];
  if (files.length === 1 && documentId == null) return files[0];
  return documentId == null ? undefined : files.find((f) => f.documentId === documentId);
}

export function fileResponse(file: ResolvedFile, opts: { private: boolean }): Response {
  return storedFileResponse(file, { cache: opts.private ? 'private' : 'public', disposition: 'attachment' });
}

/** The URL of a file on the tracking page or the staff page. */
export function fileHref(base: string, itemId: number, file: ResolvedFile, single: boolean): string {
  return `${base}/files/${itemId}${single || file.documentId == null ? '' : `?doc=${file.documentId}`}`;
}
