/**
 * Subsection L(3): inspections by a qualified professional at least every seven calendar days (no winter
 * exception) and within 24 hours of the end of a storm of half an inch or more; with the state permit, two a
 * week, separated by two full calendar days, where more than five acres are open at once or the site drains
 * to impaired waters.
 */
import { addDays, daysBetween, maxDay } from '#lib/shared/days.ts';
import { plural } from '#lib/shared/format.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import {
  HOUR_MS,
  openAcres,
  winterWindow,
  type ComplianceProject,
  type ComplianceSettings,
  type ComplianceStorm,
  type Prepared,
  type ProjectComplianceData,
} from './facts.rules.ts';
import { acres, cite, dutyKey, fmtDay, fmtInstant, type Finding, type Obligation } from './findings.rules.ts';

export interface TwiceWeeklyReason {
  applies: boolean;
  /** Plain words: why twice a week (or empty). */
  reason: string;
}

/**
 * The last day the next inspection may happen after one on `last`: seven days (Subsection L(3)). A winter
 * shutdown does not change it: the ordinance has no winter exception, and the state permit's 30-day
 * allowance cannot relax the Town's own rule (decision 0020). `winter` says the week falls in a shutdown.
 */
export function nextInspectionDue(
  last: string,
  p: ComplianceProject,
  s: ComplianceSettings,
): { dueOn: string; winter: boolean } {
  const w = winterWindow(p);
  const dueOn = addDays(last, s.routineMaxDays);
  return { dueOn, winter: Boolean(w && dueOn >= w.from && last <= w.to) };
}

/** Whether two inspections a week are required, and why, in plain words. */
export function twiceWeeklyRule(data: ProjectComplianceData, s: ComplianceSettings): TwiceWeeklyReason {
  const p = data.project;
  const reasons: string[] = [];
  if ((p.maxDisturbedAtOnceAcres ?? 0) > s.twiceWeeklyOverAcres)
    reasons.push(
      `the plan allows ${acres(p.maxDisturbedAtOnceAcres ?? 0)} disturbed at once (more than ${s.twiceWeeklyOverAcres})`,
    );
  if (s.twiceWeeklyImpaired && p.drainsToImpairedWaters)
    reasons.push('the site drains to a water the state lists as impaired');
  return { applies: reasons.length > 0, reason: reasons.join(' and ') };
}

export function routineGaps(x: Prepared): { findings: Finding[]; due?: Obligation } {
  const { period, s } = x;
  const p = x.data.project;
  const findings: Finding[] = [];
  // Stryker disable next-line EqualityOperator: an inspection on the first day only moves the anchor to that same day
  const days = [...new Set(x.inspections.map((i) => i.day).filter((d) => d >= period.start && d <= x.until))];
  let anchor = period.start;
  const gap = (from: string, to: string | undefined) => {
    const { dueOn, winter } = nextInspectionDue(from, p, s);
    const limit = winter
      ? `at least every ${s.routineMaxDays} days, during a winter shutdown too`
      : `at least every ${s.routineMaxDays} days`;
    // `from` is the start of construction or the day of an inspection.
    const since = !x.inspections.some((i) => i.day === from)
      ? `construction started on ${fmtDay(from)}`
      : `the inspection of ${fmtDay(from)}`;
    if (to) {
      const n = daysBetween(from, to);
      findings.push({
        rule: 'routine-gap',
        key: `routine-gap:${from}`,
        severity: 'medium',
        status: 'resolved',
        section: cite(x.s, 'routine'),
        source: 'ordinance',
        title: `${n} days without an inspection`,
        text: `No inspection for ${n} days after ${since}: the next was on ${fmtDay(to)}. The law requires one ${limit}, so it was due by ${fmtDay(dueOn)}.`,
        from: addDays(dueOn, 1),
        dueOn,
        resolvedOn: to,
      });
    } else {
      findings.push({
        rule: 'routine-gap',
        key: `routine-gap:${from}`,
        severity: 'medium',
        status: 'open',
        section: cite(x.s, 'routine'),
        source: 'ordinance',
        title: 'Inspection overdue',
        text: `No inspection since ${since.replace('the inspection of ', '')}: one was due by ${fmtDay(dueOn)} (the law requires one ${limit}).`,
        from: addDays(dueOn, 1),
        dueOn,
      });
    }
  };
  for (const d of days) {
    if (d > nextInspectionDue(anchor, p, s).dueOn) gap(anchor, d);
    anchor = d;
  }
  const next = nextInspectionDue(anchor, p, s);
  if (x.period.end) {
    if (x.period.end > next.dueOn) gap(anchor, x.period.end);
    return { findings };
  }
  if (x.today > next.dueOn) {
    gap(anchor, undefined);
    return { findings };
  }
  return {
    findings,
    due: {
      kind: 'inspection',
      dueOn: next.dueOn,
      // The finding a missed one becomes is keyed by the same day (`routine-gap:<anchor>`).
      duty: dutyKey('inspection', anchor),
      text: `Next inspection by ${fmtDay(next.dueOn)}${next.winter ? ` (the ${s.municipality ?? 'Town'}'s law requires one every ${s.routineMaxDays} days during a winter shutdown too)` : ''}; the last was on ${fmtDay(anchor)}.`,
    },
  };
}

/**
 * Did a 7-day stretch have two inspections separated by at least `fullDays` full calendar days? (The state
 * permit: "separated by a minimum of two full calendar days": Monday and Thursday, with Tuesday and
 * Wednesday between them, not Monday and Wednesday.)
 */
function twoApart(days: string[], fullDays: number): boolean {
  if (days.length < 2) return false;
  return daysBetween(days[0], days[days.length - 1]) > fullDays;
}

/** The first day a second inspection may be made after one on `day`: after `fullDays` full days between. */
function secondNotBefore(day: string, fullDays: number): string {
  return addDays(day, fullDays + 1);
}

const apartWords = (fullDays: number) => `separated by at least ${plural(fullDays, 'full calendar day')}`;

export function twiceWeekly(x: Prepared): { findings: Finding[]; due?: Obligation } {
  const { s, period } = x;
  const p = x.data.project;
  const planned = twiceWeeklyRule(x.data, s);
  const w = winterWindow(p);
  const findings: Finding[] = [];
  // Weeks counted from the start of construction; only weeks that have ended are judged.
  const lastDay = x.period.end ?? addDays(x.today, -1);
  type Week = { from: string; to: string; days: string[]; reason: string };
  const failed: Week[] = [];
  let lastComplete: string | undefined;
  let current: Week | undefined;
  const days = [...new Set(x.inspections.map((i) => i.day))];
  let di = 0;
  for (let from = period.start; from <= (x.period.end ?? x.today); from = addDays(from, 7)) {
    const to = addDays(from, 6);
    const isCurrent = to > lastDay;
    if (!isCurrent) lastComplete = from;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: past the end, days[di] is undefined: not < from
    while (di < days.length && days[di] < from) di++;
    const inWeek: string[] = [];
    // Stryker disable next-line ConditionalExpression,EqualityOperator: past the end, days[k] is undefined: not <= to
    for (let k = di; k < days.length && days[k] <= to; k++) inWeek.push(days[k]);
    // The current week is the loop's last: going on to the next one ends the loop.
    if (w && from <= w.to && to >= w.from) continue;
    // Recorded acres count too: the latest inspection in the week or the week before.
    let reason = planned.reason;
    if (!planned.applies) {
      const recorded = x.inspections.filter((i) => i.day <= to && i.day >= addDays(from, -7)).at(-1);
      if (!recorded || openAcres(recorded) <= s.twiceWeeklyOverAcres) continue;
      reason = `the inspection of ${fmtDay(recorded.day)} recorded ${acres(openAcres(recorded))} disturbed (more than ${s.twiceWeeklyOverAcres})`;
    }
    if (isCurrent) {
      current = { from, to, days: inWeek, reason };
      break;
    }
    if (!twoApart(inWeek, s.twiceWeeklyMinDaysApart)) failed.push({ from, to, days: inWeek, reason });
  }
  // Consecutive weeks that fell short make one finding.
  const runs: Week[][] = [];
  for (const week of failed) {
    const run = runs.at(-1);
    if (run && addDays(run[run.length - 1].from, 7) === week.from) run.push(week);
    else runs.push([week]);
  }
  for (const run of runs) {
    const first = run[0];
    const last = run[run.length - 1];
    const open = x.ongoing && last.from === lastComplete;
    const what =
      run.length === 1
        ? `In the week of ${fmtDay(first.from)} to ${fmtDay(first.to)} the site had ${first.days.length === 0 ? 'no inspection' : first.days.length === 1 ? `only one inspection (${fmtDay(first.days[0])})` : `inspections only on ${first.days.map((d) => fmtDay(d)).join(' and ')}, not ${apartWords(s.twiceWeeklyMinDaysApart)}`}.`
        : `In ${run.length} weeks in a row, from ${fmtDay(first.from)} to ${fmtDay(last.to)}, the site had fewer than two inspections ${apartWords(s.twiceWeeklyMinDaysApart)}.`;
    findings.push({
      rule: 'twice-weekly',
      key: `twice-weekly:${first.from}`,
      severity: 'medium',
      status: open ? 'open' : 'resolved',
      section: cite(x.s, 'twiceWeekly'),
      source: 'state-permit',
      title:
        run.length === 1
          ? 'Fewer than two inspections in a week'
          : `Fewer than two inspections a week for ${run.length} weeks`,
      text: `${what} Two a week, ${apartWords(s.twiceWeeklyMinDaysApart)}, are required by the state permit because ${first.reason}.`,
      from: first.from,
      dueOn: first.to,
      resolvedOn: open ? undefined : addDays(last.to, 1),
    });
  }
  let due: Obligation | undefined;
  if (current && x.ongoing && !twoApart(current.days, s.twiceWeeklyMinDaysApart)) {
    const gap = s.twiceWeeklyMinDaysApart;
    const why = `two a week, ${apartWords(gap)}, because ${current.reason}`;
    if (current.days.length === 0) {
      // The first must leave room for the second before the week ends.
      const firstBy = maxDay(addDays(current.to, -(gap + 1)), current.from);
      due = {
        kind: 'twice-weekly',
        dueOn: firstBy,
        duty: dutyKey('twice-weekly', current.from),
        text: `Two inspections this week (${fmtDay(current.from)} to ${fmtDay(current.to)}): the first by ${fmtDay(firstBy)}, the second ${gap + 1} or more days after it and by ${fmtDay(current.to)} (${why}).`,
      };
    } else {
      const earliest = secondNotBefore(current.days[0], gap);
      due =
        earliest <= current.to
          ? {
              kind: 'twice-weekly',
              dueOn: current.to,
              duty: dutyKey('twice-weekly', current.from),
              text: `Second inspection this week: on or after ${fmtDay(earliest)} and by ${fmtDay(current.to)} (${why}).`,
            }
          : {
              kind: 'twice-weekly',
              dueOn: current.to,
              text: `This week (${fmtDay(current.from)} to ${fmtDay(current.to)}) can no longer have two inspections ${apartWords(gap)}: the first was on ${fmtDay(current.days[0])} (${why}).`,
            };
    }
  }
  return { findings, due };
}

/**
 * One storm's post-storm duty at one site: none (under the threshold, outside construction, or not yet ended),
 * met (inspected within the window), still due (the window is open), or missed. The one definition the findings
 * below and the public storm page both read.
 */
export type StormDuty =
  | { kind: 'none' }
  | { kind: 'met'; dueAt: Date; inspectedAt: Date }
  | { kind: 'due'; dueAt: Date }
  | { kind: 'missed'; dueAt: Date; next?: Prepared['inspections'][number] };

export function stormDuty(x: Prepared, storm: ComplianceStorm): StormDuty {
  const { s, period } = x;
  if (storm.inches < s.stormInches) return { kind: 'none' };
  const endedOn = townToday(storm.endedAt);
  // A storm on the day of final stabilization needs no inspection: the site is finished.
  if (endedOn < period.start || (period.end && endedOn >= period.end)) return { kind: 'none' };
  const ended = storm.endedAt.getTime();
  if (ended > x.ctx.now.getTime()) return { kind: 'none' };
  const deadline = ended + s.postStormHours * HOUR_MS;
  const dueAt = new Date(deadline);
  const inWindow = x.inspections.find((i) => {
    const t = i.inspectedAt.getTime();
    return t >= ended && t <= deadline;
  });
  if (inWindow) return { kind: 'met', dueAt, inspectedAt: inWindow.inspectedAt };
  if (x.ctx.now.getTime() <= deadline) return { kind: 'due', dueAt };
  // Stryker disable next-line EqualityOperator: none is at the deadline itself (that one was in the window)
  return { kind: 'missed', dueAt, next: x.inspections.find((i) => i.inspectedAt.getTime() > deadline) };
}

export function postStorm(x: Prepared): { findings: Finding[]; due: Obligation[] } {
  const { s } = x;
  const findings: Finding[] = [];
  const due: Obligation[] = [];
  // In any order: each storm is judged on its own, and the findings and obligations are sorted afterwards.
  for (const storm of x.ctx.storms) {
    const duty = stormDuty(x, storm);
    if (duty.kind === 'none' || duty.kind === 'met') continue;
    const { dueAt } = duty;
    const dueOn = townToday(dueAt);
    const what = `${storm.inches.toFixed(2)} in. storm that ended ${fmtInstant(storm.endedAt)}`;
    if (duty.kind === 'due') {
      due.push({
        kind: 'post-storm',
        dueOn,
        dueAt,
        text: `Post-storm inspection by ${fmtInstant(dueAt)}, within ${s.postStormHours} hours of the end of the ${what}.`,
      });
      continue;
    }
    const next = duty.next;
    findings.push({
      rule: 'post-storm',
      key: `post-storm:${storm.id}`,
      severity: 'high',
      status: next || !x.ongoing ? 'resolved' : 'open',
      section: cite(x.s, 'postStorm'),
      source: 'ordinance',
      title: `No inspection within ${s.postStormHours} hours after a storm`,
      text: `No inspection within ${s.postStormHours} hours after the ${what}: one was due by ${fmtInstant(dueAt)}.${next ? ` The site was next inspected on ${fmtInstant(next.inspectedAt)}.` : ''}`,
      from: townToday(storm.endedAt),
      dueOn,
      dueAt,
      resolvedOn: next ? next.day : x.ongoing ? undefined : x.until,
    });
  }
  return { findings, due };
}
