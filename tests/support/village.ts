/**
 * The village demo's (Pinebrook's) own facts that more than one test enters: the notice of violation its
 * officer issues, citing the village's code, so the crawls find a public enforcement action in the village's words.
 */
import { addDays } from '#lib/shared/days.ts';

export function villageNoticeOfViolation(today: string) {
  return {
    type: 'notice_of_violation' as const,
    issuedOn: today,
    citedSection: 'Village Code §7-9(g)',
    summary: 'Silt fence down along the brook.',
    requiredMeasures: 'Reset the silt fence and stabilize the stockpile.',
    complyBy: addDays(today, 10),
    public: true,
    violationIds: [],
    newViolation: {
      description: 'Silt fence down along Pine Brook',
      section: 'Village Code §7-9(g)',
      observedOn: today,
    },
    escalatesId: null,
    court: null,
  };
}
