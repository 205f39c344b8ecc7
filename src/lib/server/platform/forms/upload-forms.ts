/**
 * Shared parts of the operator's filing forms, which carry files and so are multipart POSTs handled by
 * their pages (not Actions): field values, zod issues turned into messages beside each field, document
 * rows for stored uploads. (Removing stored files when a filing is refused: platform/files/references.ts.)
 */
import type { z } from 'astro/zod';
import { documents, type DocumentType } from '#db/schema.ts';
import type { ReceivedFile, ReceivedForm } from '#lib/server/platform/files/uploads.ts';

/**
 * A record keyed by field names the client chose, without a prototype: "__proto__" or "constructor" is
 * an ordinary key (Object.fromEntries defines it as an own property; the prototype is dropped after).
 */
export function fieldRecord<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  return Object.setPrototypeOf(Object.fromEntries(entries), null) as Record<string, T>;
}

/** The first value of each field (a form posts one value per name except checkbox groups). */
export function firstValues(form: Pick<ReceivedForm, 'fields'>): Record<string, string> {
  return fieldRecord(Object.entries(form.fields).map(([k, v]) => [k, v[0] ?? '']));
}

/** Every field a schema expects, blank when it was not posted (so a missing field gets its plain message). */
export function withBlanks(shape: Record<string, unknown>, values: Record<string, string>): Record<string, string> {
  return fieldRecord([...Object.keys(shape).map((k) => [k, ''] as const), ...Object.entries(values)]);
}

/** zod issues → one message per field name ("practice.0.pct"), the first issue winning. */
export function issuesToErrors(error: z.ZodError, prefix = ''): Record<string, string> {
  const out = fieldRecord<string>([]);
  for (const issue of error.issues) {
    const key = prefix + (issue.path.length ? issue.path.join('.') : '_form');
    if (!Object.hasOwn(out, key)) out[key] = issue.message;
  }
  return out;
}

/** Indexes of repeated rows that were posted ("practice.3.name" → 3), in order. */
export function rowIndexes(values: Record<string, string>, prefix: string): number[] {
  const set = new Set<number>();
  const re = new RegExp(`^${prefix.replace('.', '\\.')}\\.(\\d{1,3})\\.`);
  for (const key of Object.keys(values)) {
    const m = re.exec(key);
    if (m) set.add(Number(m[1]));
  }
  return [...set].sort((a, b) => a - b);
}

/** The fields of one repeated row, without the prefix ("practice.3.pct" → "pct"). */
export function rowValues(values: Record<string, string>, prefix: string, index: number): Record<string, string> {
  const start = `${prefix}.${index}.`;
  return fieldRecord(
    Object.entries(values)
      .filter(([k]) => k.startsWith(start))
      .map(([k, v]) => [k.slice(start.length), v.trim()]),
  );
}

export interface DocumentMeta {
  projectId: number;
  type: DocumentType;
  title: string;
  documentDate: string | null;
  public: boolean;
  /** What the filer proposed (operators propose, the officer decides); staff uploads: the same as public. */
  publicProposed?: boolean;
  reviewStatus?: 'filed' | 'accepted' | 'returned';
  uploadedByUserId: number | null;
  supersedesId?: number | null;
  version?: number;
}

/** The documents row for a stored upload, with the page facts read from it. */
export function documentValues(
  file: Pick<ReceivedFile, 'filename' | 'sha256' | 'mimeType' | 'sizeBytes' | 'pdf'>,
  meta: DocumentMeta,
): typeof documents.$inferInsert {
  return {
    projectId: meta.projectId,
    type: meta.type,
    title: meta.title,
    filename: file.filename,
    sha256: file.sha256,
    mimeType: file.mimeType,
    sizeBytes: file.sizeBytes,
    pageCount: file.pdf?.pageCount ?? 1,
    sheetSize: file.pdf?.sheetSize ?? 'letter',
    largeFormatPages: file.pdf?.largeFormatPages ?? 0,
    documentDate: meta.documentDate,
    public: meta.public,
    publicProposed: meta.publicProposed ?? meta.public,
    reviewStatus: meta.reviewStatus ?? 'accepted',
    supersedesId: meta.supersedesId ?? null,
    version: meta.version ?? 1,
    uploadedByUserId: meta.uploadedByUserId,
  };
}

/** Optional decimal from a text input: blank → null; otherwise a number or NaN (for zod to refuse). */
export function decimal(v: string | undefined): number | null {
  if (v == null || v.trim() === '') return null;
  return Number(v.trim().replace(/,/g, ''));
}
