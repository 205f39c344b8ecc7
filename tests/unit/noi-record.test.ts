import { describe, expect, it } from 'vitest';
import {
  noiFieldLabel,
  describeChanges,
  noiProblems as noiProblemsIn,
  slugify,
  uniqueSlug,
  type NoiFields,
} from '#lib/server/projects/noi.rules.ts';
import { ROTTERDAM_PROFILE } from '#db/seed/town-profiles.ts';

/** The demo town's extent from its profile (decision 0044: the bounds are a fact passed in). */
const noiProblems = (f: NoiFields) => noiProblemsIn(f, ROTTERDAM_PROFILE.bounds);

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
    const changes = describeChanges(
      { ...base, id: 1, updatedAt: 1 },
      { ...base, id: 1, updatedAt: 2, disturbedAcres: 6.5, drainsToMs4: true, townPermitNo: 'SD-2026-001' },
    );
    expect(changes).toEqual([
      { field: 'disturbedAcres', label: 'Area to be disturbed (acres)', before: '6', after: '6.5' },
      { field: 'drainsToMs4', label: 'Drains to the town storm sewer (MS4)', before: 'No', after: 'Yes' },
      { field: 'townPermitNo', label: 'Town site development permit number', before: '—', after: 'SD-2026-001' },
    ]);
  });
});

describe('the NOI record: each cross-field check, with its exact words', () => {
  it.each([
    ['latitude without longitude', { longitude: null }, 'longitude', 'Enter both latitude and longitude, or neither.'],
    ['longitude without latitude', { latitude: null }, 'latitude', 'Enter both latitude and longitude, or neither.'],
    [
      'a latitude south of the town',
      { latitude: 42.7399 },
      'latitude',
      'That latitude is outside the area the portal serves (between 42.74 and 42.875), like 42.8075.',
    ],
    [
      'a latitude north of the town',
      { latitude: 42.8751 },
      'latitude',
      'That latitude is outside the area the portal serves (between 42.74 and 42.875), like 42.8075.',
    ],
    [
      'a longitude west of the town',
      { longitude: -74.0851 },
      'longitude',
      'That longitude is outside the area the portal serves (between -74.085 and -73.925; west is negative), like -74.0050.',
    ],
    [
      'a longitude east of the town',
      { longitude: -73.9249 },
      'longitude',
      'That longitude is outside the area the portal serves (between -74.085 and -73.925; west is negative), like -74.0050.',
    ],
    [
      'more disturbed than the site',
      { disturbedAcres: 10.01 },
      'disturbedAcres',
      'The disturbed area cannot be larger than the whole site.',
    ],
    [
      'more at once than in all',
      { maxDisturbedAtOnceAcres: 6.01 },
      'maxDisturbedAtOnceAcres',
      'The area disturbed at one time cannot be larger than the total disturbed area.',
    ],
    [
      'an approval date without the box',
      { decFiveAcreApprovalOn: '2026-04-01' },
      'decFiveAcreApproval',
      'Tick this box when you enter the date of DEC’s approval.',
    ],
    [
      'completion before start',
      { plannedCompletionOn: '2026-05-31' },
      'plannedCompletionOn',
      'The planned completion cannot be before the planned start.',
    ],
    [
      'a shutdown end without its start',
      { winterShutdownTo: '2027-03-15' },
      'winterShutdownFrom',
      'Enter both dates of the winter shutdown, or neither.',
    ],
    [
      'a shutdown start without its end',
      { winterShutdownFrom: '2026-12-15' },
      'winterShutdownTo',
      'Enter both dates of the winter shutdown, or neither.',
    ],
    [
      'a shutdown ending before it starts',
      { winterShutdownFrom: '2026-12-15', winterShutdownTo: '2026-12-14' },
      'winterShutdownTo',
      'The shutdown cannot end before it starts.',
    ],
    [
      'a permit ID not from DEC',
      { spdesPermitId: 'NYR1234' },
      'spdesPermitId',
      'Enter the SPDES permit ID as DEC issued it: NYR followed by letters and digits, like NYR10K123.',
    ],
    [
      'a permit ID with trailing text',
      { spdesPermitId: 'NYR10K123X99' },
      'spdesPermitId',
      'Enter the SPDES permit ID as DEC issued it: NYR followed by letters and digits, like NYR10K123.',
    ],
    [
      'a permit ID with leading text',
      { spdesPermitId: 'XNYR10K123' },
      'spdesPermitId',
      'Enter the SPDES permit ID as DEC issued it: NYR followed by letters and digits, like NYR10K123.',
    ],
    [
      'complete with no NOT',
      { status: 'complete' as const },
      'status',
      'Record the NOT filing date to mark the project complete (use “Record the NOT and close”).',
    ],
    [
      'a NOT before final stabilization',
      { finalStabilizationOn: '2026-09-10', notFiledOn: '2026-09-09' },
      'notFiledOn',
      'The NOT is filed after final stabilization, not before.',
    ],
    [
      'a slug with a trailing hyphen',
      { slug: 'main-street-' },
      'slug',
      'Use lower-case letters, digits and single hyphens, like hamburg-street-mixed-use.',
    ],
    [
      'a slug with a double hyphen',
      { slug: 'main--street' },
      'slug',
      'Use lower-case letters, digits and single hyphens, like hamburg-street-mixed-use.',
    ],
    [
      'a slug with a leading hyphen',
      { slug: '-main' },
      'slug',
      'Use lower-case letters, digits and single hyphens, like hamburg-street-mixed-use.',
    ],
  ] as Array<[string, Partial<NoiFields>, keyof NoiFields, string]>)('%s', (_name, patch, field, message) => {
    expect(noiProblems({ ...base, ...patch })).toEqual({ [field]: message });
  });

  it.each([
    ['the town’s corners are inside', { latitude: 42.74, longitude: -74.085 }],
    ['the other corners too', { latitude: 42.875, longitude: -73.925 }],
    ['no position at all', { latitude: null, longitude: null }],
    ['disturbed equal to the site, at once equal to disturbed', { disturbedAcres: 10, maxDisturbedAtOnceAcres: 10 }],
    ['completion on the start day', { plannedCompletionOn: '2026-06-01' }],
    ['a one-day shutdown', { winterShutdownFrom: '2026-12-15', winterShutdownTo: '2026-12-15' }],
    [
      'complete with its NOT',
      { status: 'complete' as const, notFiledOn: '2026-09-10', finalStabilizationOn: '2026-09-10' },
    ],
    ['an empty slug (one is made from the name)', { slug: '' }],
    ['a good slug', { slug: 'main-street-2' }],
    ['an approval with its date', { decFiveAcreApproval: true, decFiveAcreApprovalOn: '2026-04-01' }],
    ['no permit ID yet', { spdesPermitId: null }],
    ['the longest permit ID', { spdesPermitId: 'NYR10K12345' }],
    ['a disturbed area with no site area on file', { totalSiteAcres: null, disturbedAcres: 6 }],
    ['an area at once with no total disturbed on file', { disturbedAcres: null, maxDisturbedAtOnceAcres: 4 }],
  ] as Array<[string, Partial<NoiFields>]>)('accepts %s', (_name, patch) => {
    expect(noiProblems({ ...base, ...patch })).toEqual({});
  });

  it('makes slugs from any name', () => {
    expect(slugify('  --Main St.--  ')).toBe('main-st');
    expect(slugify('Ärger & Söhne')).toBe('arger-and-sohne');
    expect(slugify(`${'a'.repeat(79)} bcd`)).toBe('a'.repeat(79));
    expect(slugify('x'.repeat(90))).toHaveLength(80);
    expect(uniqueSlug('free', () => false)).toBe('free');
    expect(uniqueSlug('taken', (s) => s === 'taken')).toBe('taken-2');
  });

  it('describes values of every kind, and nothing when either side is missing', () => {
    expect(describeChanges(null, { name: 'x' })).toEqual([]);
    expect(describeChanges({ name: 'x' }, null)).toEqual([]);
    expect(
      describeChanges(
        { id: 1, projectId: 2, createdAt: 3, updatedAt: 4 },
        { id: 9, projectId: 8, createdAt: 7, updatedAt: 6 },
      ),
    ).toEqual([]);
    expect(
      describeChanges(
        { phasing: '', parcels: [], extra: { a: 1 }, decFiveAcreApproval: false },
        { phasing: 'Two phases', parcels: ['39.-1-1', '39.-1-2'], extra: { a: 2 }, decFiveAcreApproval: true },
      ),
    ).toEqual([
      { field: 'phasing', label: 'Phasing', before: '—', after: 'Two phases' },
      { field: 'parcels', label: 'Parcels', before: '—', after: '39.-1-1, 39.-1-2' },
      { field: 'extra', label: 'Extra', before: '{"a":1}', after: '{"a":2}' },
      {
        field: 'decFiveAcreApproval',
        label: 'DEC written approval to disturb more than five acres at once',
        before: 'No',
        after: 'Yes',
      },
    ]);
    expect(describeChanges({ someNewField: null }, { someNewField: 'a' }, {})).toEqual([
      { field: 'someNewField', label: 'Some new field', before: '—', after: 'a' },
    ]);
    expect(describeChanges({}, { added: 'a' })[0]).toMatchObject({ field: 'added', before: '—', after: 'a' });
  });
});

describe('the words of the edit history', () => {
  it('names every NOI field, each with its own label', () => {
    const labels = Object.values(noiFieldLabel('Town'));
    expect(Object.keys(noiFieldLabel('Village')).sort()).toEqual([...Object.keys(base), 'published'].sort());
    expect(labels.every((l) => /^[A-Z]/.test(l) && l.length > 3)).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
    expect(
      describeChanges({ ...base }, { ...base, spdesPermitId: 'NYR10K124', winterShutdownTo: '2027-03-15' }).map(
        (c) => c.label,
      ),
    ).toEqual(['State permit ID (SPDES)', 'Winter shutdown to']);
  });
});

describe('the town’s extent is the profile’s, passed in (decision 0044)', () => {
  it('another town’s box accepts its own coordinates and refuses the demo town’s; without a box, New York State’s', () => {
    const base = { ...({} as NoiFields) };
    const village = { minLat: 43.28, maxLat: 43.34, minLon: -73.68, maxLon: -73.58 };
    const at = (latitude: number, longitude: number) => ({ ...base, latitude, longitude }) as NoiFields;
    expect(Object.keys(noiProblemsIn(at(43.31, -73.63), village))).not.toContain('latitude');
    expect(noiProblemsIn(at(42.8, -74.0), village)).toMatchObject({
      latitude: expect.stringContaining('between 43.28 and 43.34'),
    });
    expect(Object.keys(noiProblemsIn(at(40.71, -74.0)))).not.toContain('latitude');
    expect(noiProblemsIn(at(39.9, -75.2))).toMatchObject({
      latitude: expect.stringContaining('between 40.45 and 45.05'),
    });
  });
});
