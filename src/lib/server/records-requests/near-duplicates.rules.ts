/**
 * The duplicate guard (pure rules): several near-identical requests from one address within minutes are
 * most often a form sent again (a Back button, a lost confirmation page), not a new need. The form warns
 * before sending ("send it anyway" stays possible: a request is the requester's right, POL §89(3)), and the
 * clerk's queue marks the later one. Matching is only ever on the same email address, so the warning
 * never tells anyone about another person's request.
 *
 * Near-identical: the same email address (any case), the same project, records that overlap (a document in
 * both, overlapping date ranges of the same kind, or the same words), the later received within
 * NEAR_DUPLICATE_MINUTES of the earlier.
 */

export const NEAR_DUPLICATE_MINUTES = 15;

export interface RequestedRecords {
  documentIds: number[];
  ranges: Array<{ type: string; from: string; to: string }>;
  /** What the requester described in their own words, if anything. */
  freeText: string | null;
}

export interface DuplicateCandidate extends RequestedRecords {
  email: string | null;
  projectId: number | null;
  receivedAt: Date;
}

/** Free text as compared: case and runs of white space do not count. */
function words(s: string | null): string {
  // Stryker disable next-line MethodExpression: both texts are folded by this line, to upper case or lower alike
  const folded = (s ?? '').toLowerCase();
  return folded.replace(/\s+/g, ' ').trim();
}

/** Whether two requests ask for some of the same records. */
export function recordsOverlap(a: RequestedRecords, b: RequestedRecords): boolean {
  if (a.documentIds.some((id) => b.documentIds.includes(id))) return true;
  if (a.ranges.some((x) => b.ranges.some((y) => x.type === y.type && x.from <= y.to && y.from <= x.to))) return true;
  const fa = words(a.freeText);
  return fa !== '' && fa === words(b.freeText);
}

/** Whether `later` looks like `earlier` sent again: same address, same project, overlapping records, within the window. */
export function isNearDuplicate(
  earlier: DuplicateCandidate,
  later: DuplicateCandidate,
  minutes = NEAR_DUPLICATE_MINUTES,
): boolean {
  if (!earlier.email || !later.email || earlier.email.trim().toLowerCase() !== later.email.trim().toLowerCase())
    return false;
  if (earlier.projectId !== later.projectId) return false;
  const gap = later.receivedAt.getTime() - earlier.receivedAt.getTime();
  if (gap < 0 || gap > minutes * 60_000) return false;
  return recordsOverlap(earlier, later);
}

/** Whole minutes between two instants, at least 1 ("1 minute ago" rather than "0 minutes ago"). */
export function minutesAgo(earlier: Date, now: Date): number {
  return Math.max(1, Math.round((now.getTime() - earlier.getTime()) / 60_000));
}

/** The form's warning, beside the "Send it anyway" box. */
export function duplicateWarning(number: string, minutes: number): string {
  return `You sent a request for the same records ${minutes === 1 ? '1 minute' : `${minutes} minutes`} ago: ${number}. Its tracking link is in the email we sent you. To send this one as well, tick “Send it anyway” and send again.`;
}

/** The clerk's mark in the queue. */
export function duplicateMark(number: string): string {
  return `Possible duplicate of ${number}`;
}
