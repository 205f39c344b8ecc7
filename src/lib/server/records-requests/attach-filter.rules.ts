/**
 * The clerk's attach list, filtered by document type and date range from the page's GET
 * parameters, keeping the documents already ticked. Pure: no database access.
 */
import { DOCUMENT_TYPES, type DocumentType } from '#db/schema.ts';
import { isIsoDay } from '#lib/shared/days.ts';

export interface AttachFilter {
  type?: DocumentType;
  from?: string;
  to?: string;
  /** Documents ticked before filtering (kept ticked, shown or not). */
  ticked: number[];
  /** A date that was not a date: the page says so beside the field. */
  problems: Partial<Record<'from' | 'to', string>>;
}

/** Untrusted query-string values → a filter (an unknown type is dropped; a bad date is reported, not used). */
export function parseAttachFilter(params: URLSearchParams): AttachFilter {
  const type = params.get('attachType');
  const problems: AttachFilter['problems'] = {};
  const day = (name: 'from' | 'to', key: string) => {
    const v = (params.get(key) ?? '').trim();
    if (!v) return undefined;
    if (isIsoDay(v)) return v;
    problems[name] = 'Enter the date like 2026-01-05.';
    return undefined;
  };
  const from = day('from', 'attachFrom');
  const to = day('to', 'attachTo');
  const ticked = [
    ...new Set(
      params
        .getAll('documentIds')
        .filter((v) => /^\d{1,12}$/.test(v))
        .map(Number),
    ),
  ];
  return {
    type: (DOCUMENT_TYPES as readonly (string | null)[]).includes(type) ? (type as DocumentType) : undefined,
    from,
    to,
    ticked,
    problems,
  };
}

/** The documents the filter lets through: of the type, dated within the range (undated ones only when no range is set). */
export function filterAttachable<T extends { type: DocumentType; documentDate: string | null }>(
  docs: T[],
  f: Pick<AttachFilter, 'type' | 'from' | 'to'>,
): T[] {
  return docs.filter((d) => {
    if (f.type && d.type !== f.type) return false;
    if (f.from && (d.documentDate == null || d.documentDate < f.from)) return false;
    if (f.to && (d.documentDate == null || d.documentDate > f.to)) return false;
    return true;
  });
}
