/** Decision 0039: importing projects from CSV (projects/import.rules.ts), as tables: headings, days, rows, updates. */
import { describe, expect, it } from 'vitest';
import {
  checkImportRow,
  guessMapping,
  importDay,
  mappingProblems,
  mergeForUpdate,
  type ImportMapping,
} from '#lib/server/projects/import.rules.ts';

const headers = [
  'Permit ID',
  'Facility Name',
  'Facility Address',
  'Disturbed Acres',
  'Date Received',
  'Owner/Operator',
  'Status',
  'Notes',
];
const mapping = guessMapping(headers);
const row = (over: Record<string, string> = {}) => ({
  'Permit ID': 'NYR10A123',
  'Facility Name': 'Main Street Plaza',
  'Facility Address': '1 Main Street',
  'Disturbed Acres': '2.5',
  'Date Received': '5/3/2026',
  'Owner/Operator': 'Plaza LLC',
  Status: 'Active',
  Notes: '',
  ...over,
});

describe('importing projects from a spreadsheet', () => {
  it('matches the state NOI export’s headings and leaves unknown ones unmatched', () => {
    expect(mapping).toMatchObject({
      spdesPermitId: 'Permit ID',
      name: 'Facility Name',
      siteAddress: 'Facility Address',
      disturbedAcres: 'Disturbed Acres',
      noiReceivedOn: 'Date Received',
      ownerCompany: 'Owner/Operator',
      status: 'Status',
      townPermitNo: null,
    });
    expect(mappingProblems(mapping, headers)).toEqual([]);
    expect(mappingProblems({ ...mapping, name: null }, headers)).toEqual([
      'Choose the column that holds the project name.',
    ]);
    expect(mappingProblems({ ...mapping, townPermitNo: 'Permit ID' }, headers)).toEqual([
      'The column “Permit ID” is chosen for more than one field.',
    ]);
  });

  it.each([
    ['2026-05-03', '2026-05-03'],
    ['5/3/2026', '2026-05-03'],
    ['05/03/26', '2026-05-03'],
    ['2/29/2025', null],
    ['31/31/2026', null],
    ['May 3', null],
  ])('reads the day %s as %s', (input, day) => expect(importDay(input)).toBe(day));

  it.each<[string, Record<string, string>, string]>([
    ['no name', { 'Facility Name': '' }, 'Facility Name: every project needs a name.'],
    [
      'a bad permit ID',
      { 'Permit ID': 'ABC123' },
      'Permit ID: Enter the SPDES permit ID as DEC issued it: NYR followed by letters and digits, like NYR10K123.',
    ],
    ['acres in words', { 'Disturbed Acres': 'two' }, 'Disturbed Acres: “two” is not a number like 2.5.'],
    [
      'an unknown status',
      { Status: 'Sleeping' },
      'Status: “Sleeping” is not a status the portal knows (like “Active construction” or “Complete (NOT filed)”).',
    ],
    [
      '“Terminated” without the NOT’s date (noi.rules)',
      { Status: 'Terminated' },
      'Status: Record the NOT filing date to mark the project complete (use “Record the NOT and close”).',
    ],
    [
      'a stop-work status',
      { Status: 'Stop-work order' },
      'Status: a stop-work order is issued on the portal, not imported as a status.',
    ],
  ])('says what is wrong with %s, naming the column', (_what, over, problem) => {
    expect(checkImportRow(row(over), mapping)).toEqual({ ok: false, problems: [problem] });
  });

  it('reads a good row: DEC’s words for statuses, small sites minor, the permit ID in capitals', () => {
    const r = checkImportRow(
      row({ 'Permit ID': 'nyr10a123', 'Disturbed Acres': '0.8', Status: 'Permit active' }),
      mapping,
    );
    if (!r.ok) throw new Error(r.problems.join(' '));
    expect(r.row.noi).toMatchObject({
      spdesPermitId: 'NYR10A123',
      kind: 'minor',
      status: 'active',
      noiReceivedOn: '2026-05-03',
      disturbedAcres: 0.8,
    });
    expect(r.row.owner).toMatchObject({ companyName: 'Plaza LLC' });
  });

  it('an update changes only the columns the row fills in', () => {
    const m: ImportMapping = { ...mapping, noiReceivedOn: null, ownerCompany: null };
    const r = checkImportRow(row({ Status: '' }), m);
    if (!r.ok) throw new Error(r.problems.join(' '));
    const existing = {
      ...r.row.noi,
      name: 'Old name',
      description: 'Kept',
      status: 'final_stabilization' as const,
      townPermitNo: 'SDP-1',
      disturbedAcres: 9,
    };
    expect(mergeForUpdate(existing, r.row)).toMatchObject({
      name: 'Main Street Plaza',
      description: 'Kept',
      status: 'final_stabilization',
      townPermitNo: 'SDP-1',
      disturbedAcres: 2.5,
    });
  });
});
