/**
 * A month's activity, to pre-fill the operator's monthly summary (Subsection L(5)): counted from the same
 * facts and the same rules the findings use, so the draft never contradicts them.
 */
import { addDays, lastDayOfMonth, maxDay, minDay } from '#lib/shared/days.ts';
import { plural } from '#lib/shared/format.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import {
  constructionPeriod,
  openAcres,
  winterWindow,
  type ComplianceContext,
  type ProjectComplianceData,
} from './facts.rules.ts';
import { acres, fmtMonth } from './findings.rules.ts';
import { twiceWeeklyRule } from './inspections.rules.ts';

export interface MonthTally {
  month: string;
  inspectionsDone: number;
  inspectionsRequired: number;
  stormEvents: number;
  postStormInspections: number;
  acresDisturbed: number | null;
  acresStabilized: number | null;
  correctiveOpened: number;
  correctiveClosed: number;
  correctiveOpen: number;
  /** A plain-language draft of the public narrative, for the operator to edit. */
  draftNarrative: string;
}

/**
 * The counts a month's summary reports, from that month's inspection reports: inspections done and the
 * fewest the rules required, storms of half an inch or more, acres open and stabilized at the last
 * inspection, and corrective actions opened, closed and still open.
 */
export function tallyMonth(
  data: ProjectComplianceData,
  month: string,
  ctx: ComplianceContext,
  inspectorName?: string,
): MonthTally {
  const s = ctx.settings;
  const today = townToday(ctx.now);
  // Stryker disable next-line StringLiteral: from an empty start, maxDay below still takes the month's first day
  const period = constructionPeriod(data) ?? { start: `${month}-01` };
  const from = maxDay(`${month}-01`, period.start);
  const to = minDay(minDay(lastDayOfMonth(month), period.end ?? lastDayOfMonth(month)), today);
  const inMonth = (d: string) => d >= from && d <= to;
  const ins = data.inspections
    .map((i) => ({ ...i, day: townToday(i.inspectedAt) }))
    .filter((i) => i.day >= `${month}-01` && i.day <= to)
    .sort((a, b) => a.inspectedAt.getTime() - b.inspectedAt.getTime());
  const storms = ctx.storms.filter(
    (st) =>
      st.inches >= s.stormInches &&
      inMonth(townToday(st.endedAt)) &&
      !(period.end && townToday(st.endedAt) >= period.end),
  );
  const stormIds = new Set(storms.map((st) => st.id));
  const post = data.inspections.filter(
    // Stryker disable next-line ConditionalExpression: the storm ids are numbers: has(null) is false as well
    (i) => i.type === 'post_storm' && i.stormEventId != null && stormIds.has(i.stormEventId),
  );
  const w = winterWindow(data.project);
  let open = 0;
  let winter = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) {
    if (w && d >= w.from && d <= w.to) winter++;
    else open++;
  }
  // "At least once (twice) every 7 days": the fewest visits that leave no longer gap in the stretch. In a
  // winter shutdown the state permit's twice-weekly rule gives way, but the ordinance's weekly one does not.
  const perWeek = twiceWeeklyRule(data, s).applies ? 2 : 1;
  const required = Math.floor((open * perWeek) / 7) + Math.floor(winter / s.routineMaxDays);
  const last = ins.at(-1);
  const opened = data.corrective.filter((c) => c.openedOn >= `${month}-01` && c.openedOn <= to);
  const closed = data.corrective.filter((c) => c.closedOn && c.closedOn >= `${month}-01` && c.closedOn <= to);
  const stillOpen = data.corrective.filter((c) => c.openedOn <= to && (!c.closedOn || c.closedOn > to));
  const round = (n: number) => Math.round(n * 10) / 10;
  const counts: Omit<MonthTally, 'draftNarrative'> = {
    month,
    inspectionsDone: ins.length,
    inspectionsRequired: required,
    stormEvents: storms.length,
    postStormInspections: post.length,
    acresDisturbed: last ? round(openAcres(last)) : null,
    acresStabilized: last ? round((last.tempStabilizedAcres ?? 0) + (last.finalStabilizedAcres ?? 0)) : null,
    correctiveOpened: opened.length,
    correctiveClosed: closed.length,
    correctiveOpen: stillOpen.length,
  };
  return { ...counts, draftNarrative: draftNarrative(counts, inspectorName) };
}

function draftNarrative(t: Omit<MonthTally, 'draftNarrative'>, inspectorName?: string): string {
  const who = inspectorName ? `our qualified inspector, ${inspectorName},` : 'our qualified inspector';
  const sentences = [
    `In ${fmtMonth(t.month)} ${who} inspected the site ${plural(t.inspectionsDone, 'time')}${t.postStormInspections ? `, including ${plural(t.postStormInspections, 'inspection')} after storms of half an inch of rain or more` : ''}.`,
    t.stormEvents
      ? `Rain gauges recorded ${plural(t.stormEvents, 'storm')} of half an inch or more.`
      : 'There were no storms of half an inch or more.',
    t.correctiveOpened || t.correctiveClosed
      ? `The inspector found ${plural(t.correctiveOpened, 'problem')} needing repair; ${plural(t.correctiveClosed, 'repair was', 'repairs were')} finished.`
      : 'The inspector found no problems needing repair.',
    t.correctiveOpen
      ? `${plural(t.correctiveOpen, 'repair item')} ${t.correctiveOpen === 1 ? 'was' : 'were'} still open at the end of the month.`
      : 'No repair items were open at the end of the month.',
  ];
  if (t.acresDisturbed != null)
    sentences.push(
      `At the last inspection about ${acres(t.acresDisturbed)} were open (bare soil) and ${acres(t.acresStabilized ?? 0)} were stabilized.`,
    );
  return sentences.join(' ');
}
