/**
 * The town inspection's checklist: every visit's items always, a milestone's only at that milestone, and of
 * the answers posted only those of the inspection's own items, with a known answer, are kept. Nothing blank
 * becomes an answer.
 */
import { describe, expect, it } from 'vitest';
import { INSPECTION_MILESTONES } from '#db/enums.ts';
import {
  CHECK_ANSWER_LABEL,
  CHECKLIST,
  checkAnswers,
  checkField,
  checklistCountWords,
  checklistFor,
} from '#lib/server/enforcement/inspection-checklist.rules.ts';

const EVERY_VISIT = CHECKLIST.filter((i) => !i.milestones).map((i) => i.key);

describe('the items of an inspection', () => {
  it('without a milestone: every visit’s items only', () => {
    expect(checklistFor(null).map((i) => i.key)).toEqual(EVERY_VISIT);
    expect(checklistFor(undefined).map((i) => i.key)).toEqual(EVERY_VISIT);
    expect(EVERY_VISIT).toContain('swppp_on_site');
  });

  it('every milestone adds at least one item of its own, after every visit’s', () => {
    for (const m of INSPECTION_MILESTONES) {
      const keys = checklistFor(m).map((i) => i.key);
      expect(keys.slice(0, EVERY_VISIT.length)).toEqual(EVERY_VISIT);
      expect(keys.length, m).toBeGreaterThan(EVERY_VISIT.length);
    }
  });

  it('the close of the season asks about stabilization for the winter, not final stabilization', () => {
    const keys = checklistFor('close_of_season').map((i) => i.key);
    expect(keys).toContain('winter_stabilization');
    expect(keys).not.toContain('final_stabilization');
    expect(checklistFor('final_landscaping_complete').map((i) => i.key)).toContain('final_stabilization');
  });

  it('keys are unique', () => {
    expect(new Set(CHECKLIST.map((i) => i.key)).size).toBe(CHECKLIST.length);
  });
});

describe('each milestone’s own items, as decision 0110 lists them', () => {
  const OWN: Record<(typeof INSPECTION_MILESTONES)[number], string[]> = {
    start_of_construction: ['initial_controls'],
    controls_as_clearing_progresses: ['controls_keep_pace'],
    clearing_complete: ['controls_keep_pace', 'idle_areas_stabilized'],
    rough_grading_complete: ['idle_areas_stabilized', 'grades_as_swppp'],
    final_grading_complete: ['idle_areas_stabilized', 'grades_as_swppp'],
    close_of_season: ['winter_stabilization'],
    final_landscaping_complete: ['final_stabilization', 'temporary_controls_removed'],
    public_landscaping_established: ['temporary_controls_removed', 'public_landscaping'],
  };

  it('every visit’s seven, then the milestone’s own', () => {
    expect(EVERY_VISIT).toEqual([
      'swppp_on_site',
      'noi_posted',
      'controls_as_swppp',
      'controls_maintained',
      'no_sediment_leaving',
      'no_rill_or_gully',
      'qualified_inspections',
    ]);
    for (const m of INSPECTION_MILESTONES)
      expect(
        checklistFor(m)
          .map((i) => i.key)
          .slice(EVERY_VISIT.length),
        m,
      ).toEqual(OWN[m]);
  });

  it('each item is one question of its own, and the answers read Yes, No, Not applicable', () => {
    const questions = CHECKLIST.map((i) => i.question);
    for (const q of questions) expect(q).toMatch(/^(Is|Are|Do|Does|Were) .{20,}\?$/);
    expect(new Set(questions).size).toBe(questions.length);
    expect(CHECK_ANSWER_LABEL).toEqual({ yes: 'Yes', no: 'No', na: 'Not applicable' });
  });
});

describe('the answers kept', () => {
  it('the inspection’s own items with a known answer; blanks, unknown answers and other milestones’ items dropped', () => {
    expect(
      checkAnswers('close_of_season', {
        [checkField('swppp_on_site')]: 'yes',
        [checkField('noi_posted')]: '',
        [checkField('controls_as_swppp')]: 'maybe',
        [checkField('winter_stabilization')]: 'no',
        [checkField('final_stabilization')]: 'yes',
        [checkField('no_rill_or_gully')]: 'na',
        projectId: 4,
      }),
    ).toEqual([
      { item: 'swppp_on_site', answer: 'yes' },
      { item: 'no_rill_or_gully', answer: 'na' },
      { item: 'winter_stabilization', answer: 'no' },
    ]);
  });

  it('no answers posted: none kept', () => {
    expect(checkAnswers(null, {})).toEqual([]);
  });

  it('a recorded checklist at a glance: how many answered, and the No answers only when there are some', () => {
    expect(checklistCountWords(['yes', 'na'])).toBe('2 answered');
    expect(checklistCountWords(['yes', 'no', 'no'])).toBe('3 answered, 2 no');
  });
});
