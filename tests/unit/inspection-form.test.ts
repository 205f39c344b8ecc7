/** The inspection report form's rules: what a report must record, and plain messages beside each field. */
import { describe, expect, it } from 'vitest';
import { parseInspection } from '#lib/server/filings/inspection-reports.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';

const now = townInstant('2026-06-15', '16:00');
const base: Record<string, string> = {
  inspectedOn: '2026-06-15',
  inspectedTime: '09:30',
  type: 'routine',
  inspectorName: 'Pat Doe',
  inspectorCredential: 'CPESC 1234',
  disturbedAcresActive: '2.1',
  disturbedAcresInactive: '0.3',
  tempStabilizedAcres: '1',
  finalStabilizedAcres: '0',
  rillGullyErosion: 'no',
  sedimentLeavingSite: 'no',
  'practice.0.name': 'Sediment trap ST-1',
  'practice.0.type': 'sediment_trap',
  'practice.0.pct': '35',
  'practice.0.condition': 'good',
  'practice.1.name': '',
  'practice.1.type': 'other',
  'practice.1.condition': '',
};
const open = [
  { id: 9, description: 'Re-trench silt fence', responsibleParty: 'Acme', dueOn: '2026-06-10', openedOn: '2026-06-09' },
];
const parse = (over: Record<string, string> = {}) =>
  parseInspection({ ...base, ...over }, { now, startOn: '2026-03-02', open });

describe('the inspection report form', () => {
  it('accepts a complete report, skipping blank rows, with the instant in town time', () => {
    const r = parse();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.inspectedAt.toISOString()).toBe('2026-06-15T13:30:00.000Z');
    expect(r.value.practices).toEqual([
      { name: 'Sediment trap ST-1', type: 'sediment_trap', pct: 35, condition: 'good', notes: '' },
    ]);
    expect(r.value.closeCorrective).toEqual([]);
  });

  it('files a practice whose condition was left blank as not inspected, never as working, with no reading asked', () => {
    const r = parse({
      'practice.0.pct': '',
      'practice.0.condition': '',
      'practice.1.name': 'Silt fence, north line',
      'practice.1.type': 'silt_fence',
      'practice.1.notes': 'Under snow',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.practices).toEqual([
      { name: 'Sediment trap ST-1', type: 'sediment_trap', pct: undefined, condition: 'not_inspected', notes: '' },
      {
        name: 'Silt fence, north line',
        type: 'silt_fence',
        pct: undefined,
        condition: 'not_inspected',
        notes: 'Under snow',
      },
    ]);
  });

  it.each([
    [
      'a reading with no condition chosen',
      { 'practice.0.condition': '' },
      'practice.0.condition',
      'Choose the condition found: a practice not inspected has no sediment reading.',
    ],
    [
      'a condition chosen on a row with no name',
      { 'practice.1.condition': 'good' },
      'practice.1.name',
      'Name the practice, like “Sediment trap ST-1”.',
    ],
  ])('refuses %s', (_name, over, field, message) => {
    const r = parse(over);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fields?.[field]).toBe(message);
  });

  it.each([
    ['no date', { inspectedOn: '' }, 'inspectedOn', 'Enter the date of the inspection.'],
    ['a future inspection', { inspectedOn: '2026-06-16' }, 'inspectedOn', 'The inspection cannot be in the future.'],
    ['no time', { inspectedTime: '9.30am' }, 'inspectedTime', 'Enter the time the inspection began, like 09:30.'],
    ['no inspector', { inspectorName: ' ' }, 'inspectorName', 'Enter the qualified inspector’s name.'],
    [
      'no credential',
      { inspectorCredential: '' },
      'inspectorCredential',
      'Enter the inspector’s credential, like CPESC 1234 or NYS PE 087654.',
    ],
    [
      'acres that are not a number',
      { disturbedAcresActive: 'two' },
      'disturbedAcresActive',
      'Enter the acres disturbed and worked in the last 14 days, like 2.5 (0 if none).',
    ],
    [
      'a sediment trap without its accumulation',
      { 'practice.0.pct': '' },
      'practice.0.pct',
      'Enter how full it is, as a percentage of its sediment storage (0 to 100).',
    ],
    [
      'an accumulation over 100%',
      { 'practice.0.pct': '140' },
      'practice.0.pct',
      'Enter the sediment accumulation as a percentage of storage, from 0 to 100.',
    ],
    [
      'no answer on sediment leaving the site',
      { sedimentLeavingSite: '' },
      'sedimentLeavingSite',
      'Say whether sediment is leaving the site.',
    ],
    [
      'a corrective action with no one responsible',
      { 'ca.0.description': 'Clean out ST-1', 'ca.0.dueOn': '2026-06-16' },
      'ca.0.responsibleParty',
      'Enter who is responsible, like the site contractor.',
    ],
    [
      'a corrective action due before the inspection',
      { 'ca.0.description': 'Clean out ST-1', 'ca.0.responsibleParty': 'Acme', 'ca.0.dueOn': '2026-06-14' },
      'ca.0.dueOn',
      'The due date cannot be before the inspection.',
    ],
    [
      'a carried-over action closed after the inspection',
      { 'carry.9.closed': 'on', 'carry.9.closedOn': '2026-06-20' },
      'carry.9.closedOn',
      'Enter a date on or before this inspection: the inspection verifies the work.',
    ],
    [
      'stabilization begun before work stopped',
      { 'area.0.name': 'East pad', 'area.0.stoppedOn': '2026-06-01', 'area.0.begunOn': '2026-05-20' },
      'area.0.begunOn',
      'Stabilization cannot begin before work stopped.',
    ],
  ])('refuses %s with a message beside the field', (_name, over, field, message) => {
    const r = parse(over);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fields?.[field]).toBe(message);
  });

  it.each([
    // June 15, 2026 is a Monday: the next business day is Tuesday the 16th. A later date needs its reason (decision 0021).
    ['due the next business day', { 'ca.0.dueOn': '2026-06-16' }, true],
    ['due a week later, with no reason', { 'ca.0.dueOn': '2026-06-22' }, false],
    [
      'due a week later, justified in writing',
      {
        'ca.0.dueOn': '2026-06-22',
        'ca.0.dueReason': 'The riprap must be ordered; a temporary check dam is in place.',
      },
      true,
    ],
  ] as Array<[string, Record<string, string>, boolean]>)(
    'a corrective action is due no later than the next business day unless justified in writing: %s',
    (_name, over, ok) => {
      const r = parse({
        'ca.0.description': 'Repair outlet erosion at the basin',
        'ca.0.responsibleParty': 'Acme',
        ...over,
      });
      expect(r.ok).toBe(ok);
      if (r.ok)
        expect(r.value.newCorrective[0]).toMatchObject({
          dueOn: over['ca.0.dueOn'],
          dueReason: over['ca.0.dueReason'] ?? '',
        });
      else
        expect(r.fields?.['ca.0.dueReason']).toBe(
          'The state permit expects the work to begin within one business day (by June 16, 2026). Say why a later date is needed, or choose an earlier one.',
        );
    },
  );

  it('counts the business day on the town calendar: a Friday report before a holiday Monday is due Tuesday', () => {
    const friday = (over: Record<string, string>) =>
      parseInspection(
        {
          ...base,
          inspectedOn: '2026-05-22',
          'ca.0.description': 'Sweep the entrance',
          'ca.0.responsibleParty': 'Acme',
          ...over,
        },
        {
          now,
          startOn: '2026-03-02',
          open,
          onOrAfterBusinessDay: (d) =>
            d === '2026-05-23' || d === '2026-05-24' || d === '2026-05-25' ? '2026-05-26' : d,
        },
      );
    expect(friday({ 'ca.0.dueOn': '2026-05-26' }).ok).toBe(true);
    expect(friday({ 'ca.0.dueOn': '2026-05-27' }).ok).toBe(false);
  });

  it('closes carried-over corrective actions on the inspection date unless another is given', () => {
    const r = parse({ 'carry.9.closed': 'on', 'carry.9.closedOn': '' });
    expect(r.ok && r.value.closeCorrective).toEqual([{ id: 9, closedOn: '2026-06-15' }]);
  });
});
