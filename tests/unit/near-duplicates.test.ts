/**
 * The duplicate guard's rule (near-duplicates.rules.ts): the same address, the same project, overlapping
 * records, within 15 minutes; anything else is a separate request. And the words the form and queue show.
 */
import { describe, expect, it } from 'vitest';
import {
  NEAR_DUPLICATE_MINUTES,
  duplicateMark,
  duplicateWarning,
  isNearDuplicate,
  minutesAgo,
  recordsOverlap,
  type DuplicateCandidate,
} from '#lib/server/records-requests/near-duplicates.rules.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 2, 3, 14, 0) + minutes * 60_000);
const base: DuplicateCandidate = {
  email: 'pat@example.org',
  projectId: 7,
  receivedAt: at(0),
  documentIds: [11, 12],
  ranges: [],
  freeText: null,
};
const later = (patch: Partial<DuplicateCandidate>): DuplicateCandidate => ({ ...base, receivedAt: at(5), ...patch });

describe('a near-duplicate is the same address asking for overlapping records of the same project within 15 minutes', () => {
  it('the same documents five minutes later from the same address (any case) is a near-duplicate', () => {
    expect(isNearDuplicate(base, later({}))).toBe(true);
    expect(isNearDuplicate(base, later({ email: ' PAT@Example.org ' }))).toBe(true);
    expect(isNearDuplicate({ ...base, email: ' Pat@Example.org ' }, later({ email: 'pat@example.org' }))).toBe(true);
  });

  it('one shared document is enough; none shared is not', () => {
    expect(isNearDuplicate(base, later({ documentIds: [12, 99] }))).toBe(true);
    expect(isNearDuplicate(base, later({ documentIds: [99] }))).toBe(false);
  });

  it('another address is never matched, nor a request without an address', () => {
    expect(isNearDuplicate(base, later({ email: 'someone.else@example.org' }))).toBe(false);
    expect(isNearDuplicate({ ...base, email: null }, later({ email: null }))).toBe(false);
    expect(isNearDuplicate(base, later({ email: null }))).toBe(false);
  });

  it('another project is a separate request; two requests naming no project can match', () => {
    expect(isNearDuplicate(base, later({ projectId: 8 }))).toBe(false);
    expect(
      isNearDuplicate(
        { ...base, projectId: null, documentIds: [], freeText: 'Drainage letters' },
        later({ projectId: null, documentIds: [], freeText: 'drainage   LETTERS' }),
      ),
    ).toBe(true);
  });

  it('the window: exactly 15 minutes is in, a minute more is out, and an earlier "later" is not a repeat', () => {
    expect(NEAR_DUPLICATE_MINUTES).toBe(15);
    expect(isNearDuplicate(base, later({ receivedAt: at(15) }))).toBe(true);
    expect(isNearDuplicate(base, later({ receivedAt: new Date(at(15).getTime() + 1) }))).toBe(false);
    expect(isNearDuplicate(base, later({ receivedAt: at(-1) }))).toBe(false);
    expect(isNearDuplicate(base, later({ receivedAt: at(0) }))).toBe(true);
    expect(isNearDuplicate(base, later({ receivedAt: at(20) }), 30)).toBe(true);
  });
});

describe('records overlap', () => {
  const none = { documentIds: [], ranges: [], freeText: null };
  it('date ranges of the same kind overlap when they share a day; touching ends count; another kind never', () => {
    const march = { ...none, ranges: [{ type: 'inspection_report', from: '2026-03-01', to: '2026-03-31' }] };
    expect(
      recordsOverlap(march, { ...none, ranges: [{ type: 'inspection_report', from: '2026-03-31', to: '2026-04-30' }] }),
    ).toBe(true);
    expect(
      recordsOverlap(march, { ...none, ranges: [{ type: 'inspection_report', from: '2026-02-01', to: '2026-03-01' }] }),
    ).toBe(true);
    expect(
      recordsOverlap(march, { ...none, ranges: [{ type: 'inspection_report', from: '2026-04-01', to: '2026-04-30' }] }),
    ).toBe(false);
    expect(
      recordsOverlap(march, { ...none, ranges: [{ type: 'inspection_report', from: '2026-01-01', to: '2026-02-28' }] }),
    ).toBe(false);
    expect(
      recordsOverlap(march, { ...none, ranges: [{ type: 'monthly_summary', from: '2026-03-01', to: '2026-03-31' }] }),
    ).toBe(false);
    // One overlapping range among several is enough.
    expect(
      recordsOverlap(march, {
        ...none,
        ranges: [
          { type: 'monthly_summary', from: '2026-03-01', to: '2026-03-31' },
          { type: 'inspection_report', from: '2026-03-15', to: '2026-03-16' },
        ],
      }),
    ).toBe(true);
  });

  it('the same words (any case and spacing) overlap; different words, or none on both sides, do not', () => {
    expect(
      recordsOverlap(
        { ...none, freeText: 'The 2025 review letters' },
        { ...none, freeText: ' the 2025  review LETTERS ' },
      ),
    ).toBe(true);
    expect(
      recordsOverlap(
        { ...none, freeText: 'The 2025 review letters' },
        { ...none, freeText: 'The 2024 review letters' },
      ),
    ).toBe(false);
    expect(recordsOverlap({ ...none, freeText: 'drainage letters' }, { ...none, freeText: 'drainageletters' })).toBe(
      false,
    );
    expect(recordsOverlap(none, none)).toBe(false);
    expect(recordsOverlap({ ...none, freeText: '  ' }, { ...none, freeText: '' })).toBe(false);
  });
});

describe('the words', () => {
  it('minutes ago: whole minutes, never zero', () => {
    expect(minutesAgo(at(0), at(0))).toBe(1);
    expect(minutesAgo(at(0), new Date(at(0).getTime() + 20_000))).toBe(1);
    expect(minutesAgo(at(0), at(7))).toBe(7);
    expect(minutesAgo(at(0), new Date(at(7).getTime() + 31_000))).toBe(8);
  });

  it('the form warns with the number and the minutes; the queue marks the earlier number', () => {
    expect(duplicateWarning('R-2026-0042', 1)).toBe(
      'You sent a request for the same records 1 minute ago: R-2026-0042. Its tracking link is in the email we sent you. To send this one as well, tick “Send it anyway” and send again.',
    );
    expect(duplicateWarning('R-2026-0042', 6)).toContain('6 minutes ago: R-2026-0042.');
    expect(duplicateMark('R-2026-0042')).toBe('Possible duplicate of R-2026-0042');
  });
});
