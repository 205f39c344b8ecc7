/**
 * What an enforcement notice cites (ordinance "Enforcement and penalties"): a warning or notice of
 * violation cites the sections of the violations it is issued for, never a blanket "Subsection L".
 */
import { describe, expect, it } from 'vitest';
import { citationFor } from '#lib/server/enforcement/actions.rules.ts';

describe('the section an enforcement notice cites', () => {
  it.each([
    ['notice_of_violation', 'Subsection J(11)', [], 'Subsection J(11)'],
    [
      'notice_of_violation',
      '',
      ['Subsection J(11)', 'Subsection L(3)', 'Subsection J(11)'],
      'Subsection J(11); Subsection L(3)',
    ],
    ['written_warning', null, ['Subsection K'], 'Subsection K'],
    ['notice_of_violation', null, [], undefined],
    ['written_warning', '  ', [null, ''], undefined],
    ['stop_work_order', null, [], 'Subsection R(1)'],
    ['stop_work_order', null, ['Subsection J(7)'], 'Subsection J(7)'],
    ['swppp_deficiency_notice', undefined, [], 'Subsection R(2)'],
    ['notice_of_violation', ' Subsection J(11) ', [], 'Subsection J(11)'],
    ['written_warning', null, [' Subsection K ', 'Subsection K'], 'Subsection K'],
    ['fine', null, [], 'Subsection R(3)'],
    ['occupancy_hold', null, [], 'Subsection R(4)'],
  ] as const)('%s, entered %j, violations %j → %j', (type, entered, sections, expected) => {
    expect(citationFor(type, entered, [...sections])).toBe(expected);
  });
});
