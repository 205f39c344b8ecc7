import { describe, expect, it } from 'vitest';
import { describeChanges, noiProblems, slugify, uniqueSlug, type NoiFields } from '#lib/server/projects/noi.rules.ts';

const base: NoiFields = {
  name: 'Test',
  slug: null,
  description: 'd',
  siteAddress: '1 Main Street',
  crossStreet: null,
  zip: null,
  latitude: 42.795,
  longitude: -74.0011,
  taxMapParcels: null,
  kind: 'minor',
  status: 'swppp_review',
  natureOfActivity: null,
  preDevelopmentLandUse: null,
  postDevelopmentLandUse: null,
  totalSiteAcres: 10,
  disturbedAcres: 6,
  maxDisturbedAtOnceAcres: 4,
  existingImperviousAcres: null,
  futureImperviousAcres: null,
  decFiveAcreApproval: false,
  decFiveAcreApprovalOn: null,
  phasing: null,
  phaseCount: null,
  drainsToMs4: false,
  federalWetlandBuffer: false,
  stateWetlandBuffer: false,
  watercourseBuffer: false,
  bufferNotes: null,
  postConstructionPractices: null,
  plannedStartOn: '2026-06-01',
  plannedCompletionOn: '2027-06-01',
  actualStartOn: null,
  townPermitNo: null,
  spdesPermitId: 'NYR10K123',
  noiReceivedOn: '2026-05-01',
  finalStabilizationOn: null,
  notFiledOn: null,
  winterShutdownFrom: null,
  winterShutdownTo: null,
};

describe('the NOI record', () => {
  it('accepts a consistent record', () => {
    expect(noiProblems(base)).toEqual({});
  });

  it.each([
    [{ disturbedAcres: 11 }, 'disturbedAcres'],
    [{ maxDisturbedAtOnceAcres: 7 }, 'maxDisturbedAtOnceAcres'],
    [{ latitude: 40.71, longitude: -74.0 }, 'latitude'],
    [{ longitude: 74.0 }, 'longitude'],
    [{ longitude: null }, 'longitude'],
    [{ plannedCompletionOn: '2026-05-01' }, 'plannedCompletionOn'],
    [{ winterShutdownFrom: '2026-12-15' }, 'winterShutdownTo'],
    [{ spdesPermitId: 'NY123' }, 'spdesPermitId'],
    [{ status: 'complete' as const }, 'status'],
    [{ decFiveAcreApprovalOn: '2026-04-01' }, 'decFiveAcreApproval'],
    [{ slug: 'Not A Slug' }, 'slug'],
  ])('flags %o on %s', (patch, field) => {
    expect(Object.keys(noiProblems({ ...base, ...patch }))).toContain(field);
  });

  it('makes readable, unique slugs', () => {
    expect(slugify('Hamburg Street Mixed-Use (Phase 2)')).toBe('hamburg-street-mixed-use-phase-2');
    expect(slugify('Café & Bakery — Route 7')).toBe('cafe-and-bakery-route-7');
    expect(slugify('!!!')).toBe('project');
    const taken = new Set(['broadway-lofts', 'broadway-lofts-2']);
    expect(uniqueSlug('broadway-lofts', (s) => taken.has(s))).toBe('broadway-lofts-3');
  });

  it('describes an edit field by field, in words', () => {
    const changes = describeChanges({ ...base, id: 1, updatedAt: 1 }, { ...base, id: 1, updatedAt: 2, disturbedAcres: 6.5, drainsToMs4: true, townPermitNo: 'SD-2026-001' });
    expect(changes).toEqual([
      { field: 'disturbedAcres', label: 'Area to be disturbed (acres)', before: '6', after: '6.5' },
      { field: 'drainsToMs4', label: 'Drains to the town storm sewer (MS4)', before: 'No', after: 'Yes' },
      { field: 'townPermitNo', label: 'Town site development permit number', before: '—', after: 'SD-2026-001' },
    ]);
  });
});
