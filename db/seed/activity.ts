/**
 * Simulates a construction site's year as the ordinance would have it recorded: storms, the qualified
 * inspector's weekly (or twice-weekly) and post-storm inspections, sediment building up in traps until
 * they are cleaned out, corrective actions opened and closed, and the monthly summaries posted for
 * the public. Deliberate lapses (an 11-day gap, a missed post-storm inspection, a trap left at 60%)
 * are switched on per project so compliance rules have something real to find.
 */
import type { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import type { InspectionType } from '../schema.ts';
import {
  addDays,
  daysBetween,
  isoWeekday,
  lastDayOfMonth,
  maxDay,
  minDay,
  monthOf,
  nextMonth,
} from '#lib/shared/days.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { atLocal, localHour, plusHours } from './dates.ts';
import { formatDay, formatMonth } from '#lib/shared/format.ts';
import type { PracticeDef } from './names.ts';
import type { Rng } from './random.ts';

// ---------------------------------------------------------------------------------------------
// Storms

export interface StormPlan {
  endedAt: Date;
  endedOn: string;
  inches: number;
  gauge: string;
  source: 'manual' | 'import';
  id?: number;
}

export const GAUGES = [
  'Rotterdam DPW rain gauge (Princetown Road)',
  'NWS Schenectady County Airport (KSCH)',
  'CoCoRaHS NY-SC-7 (Rotterdam 1.2 SW)',
] as const;

/**
 * Storms over the last `daysBack` days: about one every three weeks, three in four of them half an
 * inch or more (which obliges post-storm inspections), the largest 2.1 in.
 */
export function planStorms(rng: Rng, today: string, daysBack: number): StormPlan[] {
  const storms: StormPlan[] = [];
  let day = -daysBack + rng.int(3, 10);
  let biggestPlaced = false;
  while (day <= -2) {
    const date = addDays(today, day);
    const month = Number(date.slice(5, 7));
    const summer = month >= 6 && month <= 9;
    let inches = rng.chance(0.75) ? rng.float(0.5, summer ? 1.5 : 1.2, 2) : rng.float(0.2, 0.42, 2);
    // One big late-summer storm in the last year: the 2.1 in. event.
    if (!biggestPlaced && summer && day > -365 && inches >= 0.5) {
      inches = 2.1;
      biggestPlaced = true;
    }
    storms.push({
      endedAt: atLocal(date, rng.int(1, 22), rng.pick([0, 15, 30, 45])),
      endedOn: date,
      inches,
      gauge: rng.pick(GAUGES),
      source: rng.chance(0.6) ? 'import' : 'manual',
    });
    day += rng.int(14, 30);
  }
  // Keep one recent-ish storm so "last storm" widgets have something to show.
  return storms;
}

// ---------------------------------------------------------------------------------------------
// Site simulation

export type Condition = 'good' | 'needs_maintenance' | 'failed';

export interface SimPractice {
  practice: string;
  practiceType: string;
  pct: number | null;
  condition: Condition;
  notes: string;
}

export interface SimCorrective {
  description: string;
  responsibleParty: string;
  openedIn: SimInspection;
  dueOn: string;
  closedIn?: SimInspection;
  closedOn?: string;
  /** Practice name when it is a cleanout or repair of one practice. */
  practice?: string;
  /** Never closed (the deliberate lapse). */
  pinned?: boolean;
}

export interface SimInspection {
  inspectedAt: Date;
  date: string;
  type: InspectionType;
  storm?: StormPlan;
  inspectorName: string;
  inspectorCredential: string;
  weather: string;
  rainSinceLastInches: number;
  disturbedAcresActive: number;
  disturbedAcresInactive: number;
  tempStabilizedAcres: number;
  finalStabilizedAcres: number;
  disturbedAreasNotes: string;
  nextFourteenDaysNotes: string;
  rillGullyErosion: boolean;
  sedimentLeavingSite: boolean;
  maintenanceNeeded: string;
  deficiencies: string;
  practices: SimPractice[];
  opened: SimCorrective[];
  carried: SimCorrective[];
  closed: SimCorrective[];
  filedAt: Date;
  reviewStatus: 'filed' | 'accepted' | 'returned';
  reviewComment?: string;
  reviewedAt?: Date;
  id?: number;
}

/** A finding forced onto the first inspection on or after a date (enforcement stories). */
export interface ForcedFinding {
  onOrAfter: string;
  deficiencies: string;
  corrective: string;
  sedimentLeavingSite?: boolean;
  /** Close it no earlier than this date. */
  closeAfter?: string;
}

export interface SiteInput {
  slug: string;
  rng: Rng;
  now: Date;
  today: string;
  calendar: BusinessCalendar;
  start: string;
  /** Last day of construction inspections: final stabilization, or today. */
  end: string;
  finalStabilization: boolean;
  /** Used to shape how much is disturbed over time. */
  plannedEnd: string;
  twiceWeekly: boolean;
  winter?: { from: string; to: string };
  disturbed: number;
  maxAtOnce: number;
  practices: PracticeDef[];
  inspector: { name: string; credential: string };
  contractor: string;
  roadName: string;
  storms: StormPlan[];
  gap11?: boolean;
  missedStorm?: boolean;
  trapNotCleaned?: boolean;
  returnedReport?: boolean;
  forced?: ForcedFinding[];
  /** Extra follow-up inspections (e.g. after a stop-work order). */
  followUps?: string[];
  /** Open (disturbed) acres recorded between two dates, e.g. the day too much was cleared. */
  acreOverrides?: Array<{ from: string; to: string; open: number }>;
}

export interface SiteResult {
  inspections: SimInspection[];
  corrective: SimCorrective[];
  /** Set when gap11 was applied: the two inspection dates 11 days apart. */
  gap?: [string, string];
  /** Set when missedStorm was applied. */
  missedStorm?: StormPlan;
}

interface Planned {
  at: Date;
  date: string;
  type: InspectionType;
  storm?: StormPlan;
}

const NORMAL_HIGH_F = [31, 35, 44, 58, 70, 78, 82, 80, 72, 60, 48, 36];
const NORMAL_LOW_F = [13, 15, 24, 35, 46, 55, 60, 58, 50, 38, 30, 20];

function weather(rng: Rng, date: string, afterStorm: boolean): string {
  const m = Number(date.slice(5, 7)) - 1;
  const temp = Math.round(
    NORMAL_LOW_F[m] + (NORMAL_HIGH_F[m] - NORMAL_LOW_F[m]) * rng.float(0.4, 1, 2) + rng.int(-5, 5),
  );
  const cold = temp <= 33;
  const sky = afterStorm
    ? rng.pick(['Clearing after rain', 'Overcast, drizzle ending', 'Partly cloudy after overnight rain'])
    : rng.pick(
        cold
          ? ['Clear', 'Overcast', 'Light snow', 'Partly cloudy', 'Snow cover on site']
          : ['Clear', 'Sunny', 'Partly cloudy', 'Overcast', 'Light rain', 'Humid, hazy'],
      );
  return `${sky}, ${temp}°F`;
}

/** Share of the disturbed area open, stabilized temporarily and permanently, by progress 0..1. */
function acresAt(p: number, disturbed: number, maxAtOnce: number): { active: number; temp: number; final: number } {
  const ramp = p < 0.15 ? p / 0.15 : p < 0.65 ? 1 : Math.max(0, 1 - (p - 0.65) / 0.35);
  const open = Math.min(maxAtOnce, disturbed) * ramp;
  const final = disturbed * Math.min(1, Math.max(0, (p - 0.35) / 0.65));
  const temp = Math.max(0, Math.min(disturbed - open - final, disturbed * 0.3));
  const r = (n: number) => Math.round(n * 10) / 10;
  return { active: r(open), temp: r(temp), final: r(final) };
}

/** Percent of storage filled per inch of rain (a 2-inch storm can still push a trap past 50%). */
const ACCUMULATION_PER_INCH: Record<string, number> = {
  sediment_trap: 8,
  sediment_basin: 4.5,
  silt_fence: 5,
  inlet_protection: 9,
};

function tracksSediment(type: string): boolean {
  return type in ACCUMULATION_PER_INCH;
}

function inspectionHour(rng: Rng): [number, number] {
  return [rng.int(7, 13), rng.pick([0, 10, 15, 20, 30, 40, 45, 50])];
}

function postStormTime(rng: Rng, storm: StormPlan): Date {
  // Within 24 hours of the storm's end, in daylight working hours.
  let at = plusHours(storm.endedAt, rng.float(3, 8, 1));
  const local = townToday(at);
  const hour = localHour(at);
  if (hour < 7) at = atLocal(local, 7, rng.pick([15, 30, 45]));
  else if (hour >= 17) at = atLocal(addDays(local, 1), 7, rng.pick([15, 30, 45]));
  return at;
}

function inWinter(input: SiteInput, date: string): boolean {
  return !!input.winter && date >= input.winter.from && date <= input.winter.to;
}

function schedule(input: SiteInput, rng: Rng): { planned: Planned[]; gap?: [string, string]; missedStorm?: StormPlan } {
  const planned: Planned[] = [];
  const routineDays = input.twiceWeekly ? [1, 4] : [rng.int(1, 5)];
  const push = (date: string, type: InspectionType, storm?: StormPlan, at?: Date) => {
    const [h, m] = inspectionHour(rng);
    planned.push({ at: at ?? atLocal(date, h, m), date: at ? townToday(at) : date, type, storm });
  };
  push(addDays(input.start, -rng.int(1, 3)), 'pre_construction');
  let lastWinterInspection = '';
  for (let d = input.start; d <= input.end; d = addDays(d, 1)) {
    if (inWinter(input, d)) {
      // Winter shutdown: an inspection as it begins, then at most every 30 days.
      if ((!lastWinterInspection || daysBetween(lastWinterInspection, d) >= 28) && isoWeekday(d) <= 5) {
        push(d, 'routine');
        lastWinterInspection = d;
      }
      continue;
    }
    if (routineDays.includes(isoWeekday(d))) push(d, 'routine');
  }
  for (const storm of input.storms) {
    if (storm.inches < 0.5 || storm.endedOn < input.start || storm.endedOn >= input.end) continue;
    const at = postStormTime(rng, storm);
    push(townToday(at), 'post_storm', storm, at);
  }
  // A routine inspection on the same day as a post-storm one is folded into it.
  const stormDays = new Set(planned.filter((p) => p.type === 'post_storm').map((p) => p.date));
  let out = planned.filter((p) => !(p.type === 'routine' && stormDays.has(p.date)));
  for (const date of input.followUps ?? []) push(date, 'follow_up');
  out = out.concat(planned.filter((p) => p.type === 'follow_up'));
  if (input.finalStabilization) {
    // The final inspection closes the job in the afternoon; a post-storm visit that morning still counts.
    out = out.filter((p) => p.date < input.end || p.type === 'post_storm');
    push(input.end, 'final_stabilization', undefined, atLocal(input.end, 14, 0));
    out.push(planned[planned.length - 1]);
  }

  let gap: [string, string] | undefined;
  if (input.gap11) {
    // Skip a week and come back on day 11, choosing a stretch without a half-inch storm so no
    // post-storm inspection is missed as well (storms are two weeks apart or more, so one exists).
    const candidates = out
      .filter(
        (p) =>
          p.type === 'routine' &&
          p.date >= addDays(input.today, -200) &&
          p.date <= addDays(input.today, -40) &&
          p.date > addDays(input.start, 14),
      )
      .sort((a, b) => b.at.getTime() - a.at.getTime());
    const g =
      candidates.find(
        (c) =>
          !input.storms.some(
            (s) => s.inches >= 0.5 && s.endedOn >= addDays(c.date, -1) && s.endedOn <= addDays(c.date, 12),
          ),
      ) ?? candidates[0];
    if (g) {
      const back = addDays(g.date, 11);
      out = out.filter((p) => !(p.date > g.date && p.date <= back));
      const [h, m] = inspectionHour(rng);
      out.push({ at: atLocal(back, h, m), date: back, type: 'routine' });
      gap = [g.date, back];
    }
  }
  let missedStorm: StormPlan | undefined;
  if (input.missedStorm) {
    const window = input.storms.filter(
      (s) =>
        s.inches >= 0.5 &&
        s.endedOn >= addDays(input.today, -150) &&
        s.endedOn <= addDays(input.today, -25) &&
        s.endedOn > input.start,
    );
    // Prefer the biggest storm whose 24-hour window holds no routine visit, so skipping it leaves the weekly rhythm intact.
    const clear = (s: StormPlan) =>
      !planned.some(
        (p) => p.type === 'routine' && p.at > s.endedAt && p.at.getTime() <= s.endedAt.getTime() + 36 * 3_600_000,
      );
    window.sort((a, b) => b.inches - a.inches);
    missedStorm = window.find(clear) ?? window[0];
    if (missedStorm) {
      // Nobody came within 24 hours; the weekly inspection happens two days after the storm instead.
      const s = missedStorm;
      const inWindow = (p: Planned) => p.at > s.endedAt && p.at.getTime() <= s.endedAt.getTime() + 36 * 3_600_000;
      // (A post-storm inspection also stood in for that week's routine one.)
      const hadInspection = out.some(inWindow);
      out = out.filter((p) => !inWindow(p));
      if (hadInspection) {
        const date = addDays(s.endedOn, 2);
        out.push({ at: atLocal(date, 10, 20), date, type: 'routine' });
      }
    }
  }
  out.sort((a, b) => a.at.getTime() - b.at.getTime());
  // Nothing in the future, and nothing the inspector could not have filed yet.
  out = out.filter((p) => p.at.getTime() < input.now.getTime() - 3 * 3_600_000);
  return { planned: out, gap, missedStorm };
}

const CLEARING = [
  'Clearing and grubbing within the phase 1 limits',
  'Topsoil stripping at the building pad',
  'Clearing for the access drive',
  'Tree removal inside the marked limits of disturbance',
];
const GRADING = [
  'Rough grading at the building pad and parking area',
  'Utility trenching along the main drive',
  'Foundation excavation; spoils stockpiled and covered',
  'Fill placement and compaction at the east parking field',
  'Storm sewer installation between CB-2 and the outlet structure',
];
const FINISHING = [
  'Paving of the parking area is complete; landscape islands remain open',
  'Topsoil spread on the rear slope; seeding scheduled',
  'Curbing and sidewalks; remaining disturbed areas are small',
  'Final grading around the building',
];
const NEXT_14 = [
  'No new areas will be disturbed in the next 14 days.',
  'Clearing of the next phase is expected to begin.',
  'Excavation for the stormwater practice is expected.',
  'Topsoil and permanent seeding of graded slopes.',
  'Utility work along the frontage; inlet protection to be added at new catch basins.',
];

export function simulateSite(input: SiteInput): SiteResult {
  const rng = input.rng;
  const { planned, gap, missedStorm } = schedule(input, rng);
  const span = Math.max(30, daysBetween(input.start, input.plannedEnd));
  const state = input.practices.map((def) => ({
    def,
    pct: tracksSediment(def.practiceType) ? rng.float(0, 4, 0) : null,
    threshold: rng.int(30, 42),
  }));
  const trapName = input.trapNotCleaned
    ? (
        input.practices.find((p) => p.practiceType === 'sediment_trap' && p.practice.endsWith('ST-2')) ??
        input.practices.find((p) => p.practiceType === 'sediment_trap')
      )?.practice
    : undefined;
  const trapScriptFrom = addDays(input.today, -26);
  const trapScript = [47, 53, 58, 60, 60, 61, 62, 62, 63];
  let trapStep = 0;

  const inspections: SimInspection[] = [];
  const corrective: SimCorrective[] = [];
  const allForced = input.forced ?? [];
  const forced = allForced.slice().sort((a, b) => a.onOrAfter.localeCompare(b.onOrAfter));
  let prevAt = plusHours(atLocal(input.start, 0), -24 * 7);
  let returnedDone = false;

  for (const plan of planned) {
    const rain = input.storms
      .filter((s) => s.endedAt > prevAt && s.endedAt <= plan.at)
      .reduce((sum, s) => sum + s.inches, 0);
    const winter = inWinter(input, plan.date);
    const p = Math.min(1, Math.max(0, daysBetween(input.start, plan.date) / span));
    const final = plan.type === 'final_stabilization';
    const pre = plan.type === 'pre_construction';
    const acres = final
      ? { active: 0, temp: 0, final: input.disturbed }
      : pre
        ? { active: 0, temp: 0, final: 0 }
        : acresAt(p, input.disturbed, input.maxAtOnce);
    const override = input.acreOverrides?.find((o) => plan.date >= o.from && plan.date <= o.to);
    if (override) acres.active = override.open;
    // Open ground splits into areas worked in the last 14 days and areas left inactive.
    const inactive = winter ? acres.active : Math.round(acres.active * rng.float(0.05, 0.3, 2) * 10) / 10;
    const inspection: SimInspection = {
      inspectedAt: plan.at,
      date: plan.date,
      type: plan.type,
      storm: plan.storm,
      inspectorName: input.inspector.name,
      inspectorCredential: input.inspector.credential,
      weather: weather(rng, plan.date, plan.type === 'post_storm'),
      rainSinceLastInches: Math.round(rain * 100) / 100,
      // In a winter shutdown nothing is worked: every open acre is inactive.
      disturbedAcresActive: Math.round((acres.active - inactive) * 10) / 10,
      disturbedAcresInactive: inactive,
      tempStabilizedAcres: acres.temp,
      finalStabilizedAcres: acres.final,
      disturbedAreasNotes: '',
      nextFourteenDaysNotes: '',
      rillGullyErosion: false,
      sedimentLeavingSite: false,
      maintenanceNeeded: '',
      deficiencies: '',
      practices: [],
      opened: [],
      carried: [],
      closed: [],
      filedAt: plusHours(plan.at, rng.float(2, 30, 1)),
      reviewStatus: 'filed',
    };
    if (pre) {
      inspection.disturbedAreasNotes =
        'Pre-construction assessment: perimeter silt fence, stabilized construction entrance and sediment traps installed as shown on the SWPPP; no clearing yet beyond what was needed to install them.';
      inspection.nextFourteenDaysNotes = `Clearing to begin on ${formatDay(input.start)}.`;
    } else if (final) {
      inspection.disturbedAreasNotes =
        'Final stabilization: uniform perennial vegetative cover of at least 80% on all unpaved areas; temporary controls removed.';
      inspection.nextFourteenDaysNotes = 'None. Site is ready for the notice of termination.';
    } else if (winter) {
      inspection.disturbedAreasNotes =
        'Winter shutdown: no earth disturbance; disturbed areas mulched and frozen or under snow cover.';
      inspection.nextFourteenDaysNotes = 'Work resumes after the winter shutdown ends.';
    } else {
      const area = p < 0.2 ? rng.pick(CLEARING) : p < 0.7 ? rng.pick(GRADING) : rng.pick(FINISHING);
      inspection.disturbedAreasNotes = `${area}. Drainage flows to ${input.practices.find((x) => x.practiceType === 'sediment_trap')?.practice.replace('Sediment trap ', '') ?? 'the perimeter silt fence'} and the perimeter controls.`;
      inspection.nextFourteenDaysNotes = rng.pick(NEXT_14);
    }

    // Open corrective actions from earlier inspections: verified closed, or carried over.
    const maintenance: string[] = [];
    const deficiencies: string[] = [];
    for (const ca of corrective.filter((c) => !c.closedIn)) {
      const forcedHold =
        ca.pinned ||
        (ca.practice === undefined &&
          allForced.some((f) => f.corrective === ca.description && f.closeAfter && plan.date < f.closeAfter));
      if (!final && forcedHold) {
        inspection.carried.push(ca);
        continue;
      }
      // Fixed within one business day of the finding, verified at this inspection.
      ca.closedIn = inspection;
      ca.closedOn =
        ca.pinned || forcedHold
          ? plan.date
          : minDay(addDays(ca.openedIn.date, rng.int(0, 1)), minDay(ca.dueOn, plan.date));
      inspection.closed.push(ca);
    }

    for (const s of state) {
      const { def } = s;
      let notes = '';
      let condition: Condition = 'good';
      const closedHere = corrective.find((c) => c.practice === def.practice && c.closedIn === inspection);
      const cleaned = !!closedHere && closedHere.description.startsWith('Remove accumulated sediment');
      if (closedHere) notes = `${cleaned ? 'Cleaned out' : 'Repaired'} ${formatDay(closedHere.closedOn as string)}.`;
      if (s.pct !== null) {
        if (cleaned) s.pct = rng.float(1, 6, 0);
        else if (!winter)
          s.pct = Math.min(
            95,
            s.pct +
              rng.float(0.3, 2, 1) +
              rain * (ACCUMULATION_PER_INCH[def.practiceType] ?? 8) * rng.float(0.6, 1.3, 2),
          );
        if (final) s.pct = null;
      }
      if (def.practice === trapName && s.pct !== null) {
        // The lapse: kept below cleanout for three weeks, then filling past 50% and never cleaned.
        if (plan.date >= trapScriptFrom) s.pct = trapScript[Math.min(trapStep++, trapScript.length - 1)];
        else if (plan.date >= addDays(trapScriptFrom, -21)) s.pct = Math.min(s.pct, s.threshold - 3);
      }
      const pct = s.pct === null ? null : Math.round(s.pct);
      const already = corrective.find((c) => c.practice === def.practice && !c.closedIn);
      if (final) {
        notes = 'Removed after final stabilization.';
      } else if (pct !== null && pct >= (def.practice === trapName && plan.date >= trapScriptFrom ? 50 : s.threshold)) {
        condition = 'needs_maintenance';
        notes = `Sediment at ${pct}% of storage; clean out.`;
        maintenance.push(`${def.practice}: remove sediment (${pct}% of storage)`);
        if (!already) {
          const ca: SimCorrective = {
            description: `Remove accumulated sediment from ${def.practice} (${pct}% of storage volume)`,
            responsibleParty: input.contractor,
            openedIn: inspection,
            dueOn: input.calendar.addBusinessDays(plan.date, 1).date,
            practice: def.practice,
            pinned: def.practice === trapName && plan.date >= trapScriptFrom,
          };
          corrective.push(ca);
          inspection.opened.push(ca);
        }
        if (pct >= 50)
          deficiencies.push(
            `${def.practice} is at ${pct}% of its sediment storage; the SWPPP requires cleanout at 50%.`,
          );
      } else if (!winter && !pre) {
        const stormy = rain >= 1;
        const issue =
          def.practiceType === 'silt_fence' && rng.chance(stormy ? 0.22 : 0.03)
            ? `${def.practice}: about ${rng.int(2, 8) * 10} ft undermined; re-trench and re-stake`
            : def.practiceType === 'construction_entrance' && rng.chance(stormy ? 0.12 : 0.05)
              ? `Construction entrance stone clogged with sediment; mud tracked onto ${input.roadName}. Top-dress with stone and sweep the road`
              : def.practiceType === 'inlet_protection' && rng.chance(0.05)
                ? `${def.practice}: filter fabric torn; replace`
                : def.practiceType === 'diversion' && rng.chance(stormy ? 0.1 : 0.02)
                  ? `${def.practice}: rills in the swale lining; regrade and install erosion control blanket`
                  : '';
        if (issue && !already) {
          condition = issue.includes('undermined') && rng.chance(0.25) ? 'failed' : 'needs_maintenance';
          notes = issue.split(': ').pop() as string;
          maintenance.push(issue);
          const ca: SimCorrective = {
            description: issue,
            responsibleParty: input.contractor,
            openedIn: inspection,
            dueOn: input.calendar.addBusinessDays(plan.date, 1).date,
            practice: def.practice,
          };
          corrective.push(ca);
          inspection.opened.push(ca);
        } else if (already) {
          condition = 'needs_maintenance';
          notes = 'Repair pending (carried over).';
        }
      }
      if (!notes && winter) notes = 'Frozen; no change.';
      inspection.practices.push({
        practice: def.practice,
        practiceType: def.practiceType,
        pct: final ? null : pct,
        condition,
        notes,
      });
    }

    if (!winter && !pre && !final && rain >= 1.2 && rng.chance(0.3)) {
      inspection.rillGullyErosion = true;
      const issue = 'Rill erosion on the graded slope above the sediment trap; regrade, seed and mulch';
      maintenance.push(issue);
      const ca: SimCorrective = {
        description: issue,
        responsibleParty: input.contractor,
        openedIn: inspection,
        dueOn: input.calendar.addBusinessDays(plan.date, 1).date,
      };
      corrective.push(ca);
      inspection.opened.push(ca);
    }
    while (forced.length && forced[0].onOrAfter <= plan.date) {
      const f = forced.shift() as ForcedFinding;
      deficiencies.push(f.deficiencies);
      if (f.sedimentLeavingSite) inspection.sedimentLeavingSite = true;
      const ca: SimCorrective = {
        description: f.corrective,
        responsibleParty: input.contractor,
        openedIn: inspection,
        dueOn: input.calendar.addBusinessDays(plan.date, 1).date,
      };
      corrective.push(ca);
      inspection.opened.push(ca);
    }
    inspection.maintenanceNeeded = maintenance.join('; ');
    inspection.deficiencies = deficiencies.join(' ');

    // Review by the officer: older reports accepted, the last ten days still waiting.
    if (inspection.filedAt.getTime() > input.now.getTime()) inspection.filedAt = new Date(input.now.getTime() - 60_000);
    const ageDays = (input.now.getTime() - inspection.filedAt.getTime()) / 86_400_000;
    if (input.returnedReport && !returnedDone && ageDays > 18 && ageDays < 40 && inspection.type === 'routine') {
      inspection.reviewStatus = 'returned';
      inspection.reviewComment = `The report does not give the sediment accumulation for ${input.practices.find((x) => x.practiceType === 'sediment_trap')?.practice ?? 'the sediment traps'}. Please correct and refile.`;
      inspection.reviewedAt = plusHours(inspection.filedAt, 26);
      returnedDone = true;
    } else if (ageDays > 10) {
      inspection.reviewStatus = 'accepted';
      inspection.reviewedAt = plusHours(inspection.filedAt, rng.float(20, 96, 1));
    }
    inspections.push(inspection);
    prevAt = plan.at;
  }
  // Findings of the latest inspection: the contractor fixed them by the due date; the next report verifies.
  for (const ca of corrective) {
    const held =
      ca.pinned || allForced.some((f) => f.corrective === ca.description && f.closeAfter && f.closeAfter > input.today);
    if (!ca.closedOn && !held && ca.dueOn < input.today) ca.closedOn = ca.dueOn;
  }
  return { inspections, corrective, gap, missedStorm };
}

// ---------------------------------------------------------------------------------------------
// Monthly summaries

export interface SimMonthly {
  month: string;
  version: number;
  supersedes?: SimMonthly;
  supersededAt?: Date;
  inspectionsDone: number;
  inspectionsRequired: number;
  stormEvents: number;
  postStormInspections: number;
  acresDisturbed: number;
  acresStabilized: number;
  correctiveOpened: number;
  correctiveClosed: number;
  correctiveOpen: number;
  narrative: string;
  certifiedByName: string;
  certifiedByTitle: string;
  submittedAt: Date;
  reviewStatus: 'filed' | 'accepted' | 'returned';
  reviewedAt?: Date;
  correctionNote?: string;
  id?: number;
}

export interface MonthlyInput {
  rng: Rng;
  now: Date;
  today: string;
  site: SiteInput;
  result: SiteResult;
  certifiedBy: { name: string; title: string };
  missingLast?: boolean;
  late?: boolean;
  corrected?: boolean;
}

/** Required inspections in a stretch of days: weekly or twice weekly, monthly in a winter shutdown. */
function requiredIn(site: SiteInput, from: string, to: string): number {
  let open = 0;
  let winter = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) {
    if (inWinter(site, d)) winter++;
    else open++;
  }
  // "At least once (twice) every 7 days": the fewest visits that leave no longer gap in the stretch.
  return Math.floor((open * (site.twiceWeekly ? 2 : 1)) / 7) + (winter ? Math.max(1, Math.floor(winter / 30)) : 0);
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function monthlySummaries(input: MonthlyInput): SimMonthly[] {
  const { rng, site, result } = input;
  const out: SimMonthly[] = [];
  const lastMonth = monthOf(addDays(`${monthOf(input.today)}-01`, -1));
  // The most recent month whose summary is already due (10th of the following month).
  const dueMonth = input.today.slice(8, 10) > '10' ? lastMonth : monthOf(addDays(`${lastMonth}-01`, -1));
  const months: string[] = [];
  for (let m = monthOf(site.start); m <= monthOf(site.end) && m <= lastMonth; m = nextMonth(m)) months.push(m);
  const lateMonth = input.late ? months[Math.max(0, months.length - 4)] : undefined;
  // The correction: the latest of the last few months that had a post-storm inspection.
  const correctedMonth = input.corrected
    ? months
        .slice(-6, -1)
        .filter((m) => result.inspections.some((i) => i.type === 'post_storm' && monthOf(i.date) === m))
        .pop()
    : undefined;

  for (const month of months) {
    if (input.missingLast && month === dueMonth) continue;
    const from = maxDay(`${month}-01`, site.start);
    const to = minDay(lastDayOfMonth(month), site.end);
    const ins = result.inspections.filter((i) => i.date >= `${month}-01` && i.date <= to);
    // Storms ending on the final-stabilization day need no post-storm inspection (the site is done).
    const storms = site.storms.filter(
      (s) =>
        s.inches >= 0.5 && s.endedOn >= from && s.endedOn <= to && !(site.finalStabilization && s.endedOn >= site.end),
    );
    // Post-storm inspections are counted against the month the storm ended in.
    const post = result.inspections.filter(
      (i) => i.type === 'post_storm' && i.storm && i.storm.endedOn >= from && i.storm.endedOn <= to,
    );
    const last = ins[ins.length - 1];
    const opened = result.corrective.filter((c) => c.openedIn.date >= from && c.openedIn.date <= to);
    const closed = result.corrective.filter((c) => c.closedOn && c.closedOn >= from && c.closedOn <= to);
    const stillOpen = result.corrective.filter((c) => c.openedIn.date <= to && (!c.closedOn || c.closedOn > to));
    const cleanouts = [
      ...new Set(
        closed.filter((c) => c.description.startsWith('Remove accumulated sediment')).map((c) => c.practice as string),
      ),
    ];
    const repairs = closed.filter((c) => !c.description.startsWith('Remove accumulated sediment')).length;
    const winterMonth = ins.length > 0 && ins.every((i) => inWinter(site, i.date));
    const sentences: string[] = [];
    sentences.push(
      `In ${formatMonth(month)} our qualified inspector, ${site.inspector.name}, inspected the site ${plural(ins.length, 'time')}${post.length ? `, including ${plural(post.length, 'inspection')} after ${post.length === 1 ? 'a storm' : 'storms'} of half an inch of rain or more` : ''}.`,
    );
    if (winterMonth)
      sentences.push(
        'Work was shut down for the winter; the permit then allows one routine inspection a month, plus inspections after storms.',
      );
    if (!storms.length) sentences.push('There were no storms of half an inch or more.');
    else
      sentences.push(
        `Rain gauges recorded ${plural(storms.length, 'storm')} of half an inch or more (largest ${Math.max(...storms.map((s) => s.inches)).toFixed(2)} in.).`,
      );
    if (cleanouts.length)
      sentences.push(
        `Sediment was cleaned out of ${cleanouts.join(' and ')} before ${cleanouts.length === 1 ? 'it' : 'they'} filled up.`,
      );
    if (repairs)
      sentences.push(`Crews finished ${plural(repairs, 'repair')} to silt fence, the construction entrance or slopes.`);
    sentences.push(
      stillOpen.length
        ? `${plural(stillOpen.length, 'repair item')} ${stillOpen.length === 1 ? 'was' : 'were'} still open at the end of the month.`
        : 'All repair items were closed by the end of the month.',
    );
    if (last)
      sentences.push(
        `At month's end about ${(last.disturbedAcresActive + last.disturbedAcresInactive).toFixed(1)} acres were open and ${(last.finalStabilizedAcres + last.tempStabilizedAcres).toFixed(1)} acres were stabilized.`,
      );
    sentences.push(
      ins.some((i) => i.sedimentLeavingSite)
        ? 'Sediment left the site this month; see the inspection reports and the town notices for what was done.'
        : 'No sediment was seen leaving the site.',
    );

    const dueDay = month === lateMonth ? rng.int(16, 21) : rng.int(3, 10);
    const submittedOn = `${nextMonth(month)}-${String(dueDay).padStart(2, '0')}`;
    const submittedAt = atLocal(submittedOn, rng.int(8, 16), rng.pick([0, 15, 30, 45]));
    if (submittedAt.getTime() > input.now.getTime()) continue;
    const ageDays = (input.now.getTime() - submittedAt.getTime()) / 86_400_000;
    const summary: SimMonthly = {
      month,
      version: 1,
      inspectionsDone: ins.length,
      inspectionsRequired: requiredIn(site, from, to),
      stormEvents: storms.length,
      postStormInspections: post.length,
      acresDisturbed: last ? Math.round((last.disturbedAcresActive + last.disturbedAcresInactive) * 10) / 10 : 0,
      acresStabilized: last ? Math.round((last.finalStabilizedAcres + last.tempStabilizedAcres) * 10) / 10 : 0,
      correctiveOpened: opened.length,
      correctiveClosed: closed.length,
      correctiveOpen: stillOpen.length,
      narrative: sentences.join(' '),
      certifiedByName: input.certifiedBy.name,
      certifiedByTitle: input.certifiedBy.title,
      submittedAt,
      reviewStatus: ageDays > 10 ? 'accepted' : 'filed',
      reviewedAt: ageDays > 10 ? plusHours(submittedAt, rng.float(24, 120, 1)) : undefined,
    };
    if (month === correctedMonth && post.length > 0) {
      // Version 1 left out a post-storm inspection; version 2 corrects the counts.
      const v1: SimMonthly = {
        ...summary,
        inspectionsDone: summary.inspectionsDone - 1,
        postStormInspections: summary.postStormInspections - 1,
        narrative: summary.narrative.replace(
          /inspected the site \d+ times?/,
          `inspected the site ${plural(summary.inspectionsDone - 1, 'time')}`,
        ),
        reviewStatus: 'accepted',
      };
      const v2At = plusHours(submittedAt, 24 * 6 + rng.int(1, 5));
      if (v2At.getTime() < input.now.getTime()) {
        v1.supersededAt = v2At;
        const v2: SimMonthly = {
          ...summary,
          version: 2,
          supersedes: v1,
          submittedAt: v2At,
          reviewedAt: plusHours(v2At, 30),
          correctionNote: `Version 1 left out the post-storm inspection of ${formatDay(post[0].date)}; the counts are corrected.`,
        };
        out.push(v1, v2);
        continue;
      }
    }
    out.push(summary);
  }
  return out;
}
