/**
 * Subsection J, the erosion and sediment controls the reports show: no more than five acres disturbed at
 * once without DEC's approval (J(6)), stabilization begun within 14 days after work stops (J(7)), sediment
 * removed from a trap or pond at half its storage (J(16)).
 */
import { addDays, maxDay } from '#lib/shared/days.ts';
import { plural } from '#lib/shared/format.ts';
import { openAcres, type ComplianceProject, type Prepared } from './facts.rules.ts';
import { acres, cite, fmtDay, pct, type Finding, type Obligation } from './findings.rules.ts';

/** Sediment storage practices: J(16) names sediment traps and sediment ponds only. */
export const SEDIMENT_STORAGE_PRACTICES: readonly string[] = ['sediment_trap', 'sediment_basin'];

function approvedOn(p: ComplianceProject, day: string): boolean {
  return p.decFiveAcreApproval && (!p.decFiveAcreApprovalOn || p.decFiveAcreApprovalOn <= day);
}

export function overFiveAcres(x: Prepared): Finding[] {
  const { s } = x;
  const p = x.data.project;
  const findings: Finding[] = [];
  const ins = x.inspections.filter((i) => i.day >= x.period.start && i.day <= x.until);
  let run: Array<(typeof ins)[number]> = [];
  const close = (endedBy?: (typeof ins)[number]) => {
    if (!run.length) return;
    const first = run[0];
    const most = Math.max(...run.map(openAcres));
    const open = !endedBy && x.ongoing;
    findings.push({
      rule: 'over-five-acres',
      key: `over-five-acres:${first.day}`,
      severity: 'high',
      status: open ? 'open' : 'resolved',
      section: cite(x.s, 'fiveAcres'),
      source: 'ordinance',
      title: `More than ${s.fiveAcreLimit} acres disturbed without DEC approval`,
      text:
        `The inspection of ${fmtDay(first.day)} recorded ${acres(openAcres(first))} of disturbed soil at once` +
        (run.length > 1 ? `, and ${plural(run.length - 1, 'later inspection')} up to ${acres(most)}` : '') +
        `. More than ${s.fiveAcreLimit} acres at one time needs the state DEC's prior written approval, and none is on file.` +
        (endedBy ? ` The inspection of ${fmtDay(endedBy.day)} recorded ${acres(openAcres(endedBy))}.` : ''),
      from: first.day,
      resolvedOn: endedBy?.day ?? (open ? undefined : x.until),
    });
    run = [];
  };
  for (const i of ins) {
    if (i.disturbedAcresActive == null && i.disturbedAcresInactive == null) continue;
    if (openAcres(i) > s.fiveAcreLimit && !approvedOn(p, i.day)) run.push(i);
    else close(i);
  }
  close();
  // The plan alone: more than five acres at once in the NOI with no approval on file.
  const planned = p.maxDisturbedAtOnceAcres ?? 0;
  const live = ['approved', 'active', 'stop_work'].includes(p.status) && !x.period.end;
  if (planned > s.fiveAcreLimit && !approvedOn(p, x.today) && live && !findings.some((f) => f.status === 'open')) {
    findings.push({
      rule: 'over-five-acres-planned',
      key: 'over-five-acres-planned',
      severity: 'low',
      status: 'open',
      section: cite(x.s, 'fiveAcres'),
      source: 'ordinance',
      title: `Plan allows more than ${s.fiveAcreLimit} acres at once; no DEC approval on file`,
      text: `The notice of intent plans up to ${acres(planned)} disturbed at one time, but no written approval from the state DEC is on file. No more than ${s.fiveAcreLimit} acres may be open at once without it.`,
      from: x.period.start,
    });
  }
  return findings;
}

/**
 * Subsection J(7): stabilization begun within 14 days after work stops in a part of the site, except
 * (a) where snow cover or frozen ground precludes it by the 14th day: then as soon as practicable, read
 * as by the next inspection after one that finds the ground clear; and (b) where work there resumes
 * within 21 days: no finding when the area left the reports by day 21 without stabilization, or the last
 * report listing it (on or before day 21) expected work back within the 21 days (decision 0019).
 */
export function stabilization(x: Prepared): { findings: Finding[]; due: Obligation[] } {
  const { s } = x;
  type Listing = { n: number; day: string; begunOn: string | null; resumesOn: string | null; acres: number | null };
  const tracks = new Map<string, { area: string; stoppedOn: string; listings: Listing[] }>();
  const ins = x.inspections.filter((i) => i.day <= x.until);
  ins.forEach((i, n) => {
    for (const a of i.inactiveAreas) {
      const area = a.area.trim();
      // Stryker disable next-line MethodExpression: the key is only compared with keys folded the same way
      const key = `${area.toLowerCase()}|${a.workStoppedOn}`;
      let t = tracks.get(key);
      // Stryker disable next-line ArrayDeclaration: a string in the list has no day, start or resumption to find
      if (!t) tracks.set(key, (t = { area, stoppedOn: a.workStoppedOn, listings: [] }));
      t.listings.push({ n, day: i.day, begunOn: a.stabilizationBegunOn, resumesOn: a.resumesOn, acres: a.acres });
    }
  });
  const findings: Finding[] = [];
  const due: Obligation[] = [];
  const latest = ins.length - 1;
  for (const t of tracks.values()) {
    const last = t.listings[t.listings.length - 1];
    const dueOn = addDays(t.stoppedOn, s.stabilizationDays);
    const begunOn = t.listings.find((l) => l.begunOn)?.begunOn ?? undefined;
    const droppedAt = ins[last.n + 1];
    const stillListed = last.n === latest && x.ongoing;
    const where = `${t.area}${last.acres != null ? ` (${acres(last.acres)})` : ''}`;
    // (b) Work resumed, or is still expected back, within 21 days.
    const resumeBy = addDays(t.stoppedOn, s.resumeWithinDays);
    const resumed =
      !begunOn &&
      ((droppedAt !== undefined && droppedAt.day <= resumeBy) ||
        // Stryker disable next-line ConditionalExpression: null <= a date is false as well
        (last.resumesOn !== null && last.resumesOn <= resumeBy && last.day <= resumeBy));
    // (a) Snow cover or frozen ground at the last inspection by day 14 or the first after it.
    const before = ins.filter((i) => i.day <= dueOn).at(-1);
    const after = ins.find((i) => i.day > dueOn);
    const blocked = Boolean(before?.snowCover || after?.snowCover);
    const clear = blocked ? ins.find((i) => i.day > dueOn && !i.snowCover) : undefined;
    const practicableBy = clear ? ins[ins.indexOf(clear) + 1]?.day : undefined;
    // The last day stabilization could begin; undefined while snow or frozen ground still prevents it.
    const deadline = blocked ? (clear ? clear.day : undefined) : dueOn;
    // Reported not begun after the deadline. A start date any report records is believed (J(7) asks when
    // stabilization was initiated): a later report dating it by the deadline outweighs an earlier "not begun".
    const notBegunAfter =
      // Stryker disable next-line ConditionalExpression: no day is after an undefined deadline either
      deadline === undefined || begunOn !== undefined ? undefined : t.listings.find((l) => l.day > deadline);
    // Blocked with no clear day yet (no deadline), there is no practicable day either: a start is not late.
    const begunLate =
      // Stryker disable next-line ConditionalExpression: an undefined start is not after a date either
      begunOn !== undefined && begunOn > (blocked ? (practicableBy ?? begunOn) : dueOn);
    const late = !resumed && (notBegunAfter !== undefined || begunLate);
    if (!late) {
      if (!begunOn && !resumed && stillListed) {
        if (!blocked && x.today <= dueOn) {
          due.push({
            kind: 'stabilization',
            dueOn,
            text: `Begin stabilizing ${where} by ${fmtDay(dueOn)}: work there stopped on ${fmtDay(t.stoppedOn)}${last.resumesOn ? ` (work expected to resume ${fmtDay(last.resumesOn)})` : ''}.`,
          });
        } else if (blocked) {
          due.push({
            kind: 'stabilization',
            dueOn: maxDay(x.today, dueOn),
            text: `Begin stabilizing ${where} as soon as snow cover or frozen ground allows: work there stopped on ${fmtDay(t.stoppedOn)}, and the ${s.stabilizationDays} days ran out on ${fmtDay(dueOn)}.`,
          });
        }
      }
      continue;
    }
    const stillOpen = !begunOn && stillListed;
    const resolvedOn = begunOn ?? (stillOpen ? undefined : (droppedAt?.day ?? x.until));
    const ending = begunOn
      ? `, and stabilization began on ${fmtDay(begunOn)}.`
      : stillOpen
        ? `, and the inspection of ${fmtDay(last.day)} still found it not begun.`
        : `; it was last reported not begun on ${fmtDay(last.day)}.`;
    findings.push({
      rule: 'stabilization',
      key: `stabilization:${t.area.toLowerCase()}:${t.stoppedOn}`,
      severity: 'high',
      status: stillOpen ? 'open' : 'resolved',
      section: cite(x.s, 'stabilization'),
      source: 'ordinance',
      title: blocked
        ? 'Stabilization not begun as soon as practicable after snow or frozen ground'
        : `Stabilization not begun within ${s.stabilizationDays} days`,
      text: blocked
        ? `Work stopped on ${where} on ${fmtDay(t.stoppedOn)}. Snow cover or frozen ground kept stabilization from beginning by ${fmtDay(dueOn)}, so it had to begin as soon as practicable; the inspection of ${fmtDay(deadline as string)} found the ground clear` +
          ending
        : `Work stopped on ${where} on ${fmtDay(t.stoppedOn)}; stabilization had to begin by ${fmtDay(dueOn)}` +
          (begunOn ? ` and began on ${fmtDay(begunOn)}.` : ending),
      from: addDays(deadline as string, 1),
      dueOn: deadline,
      resolvedOn,
    });
  }
  return { findings, due };
}
export function sediment(x: Prepared): { findings: Finding[]; due: Obligation[] } {
  const { s } = x;
  const findings: Finding[] = [];
  const due: Obligation[] = [];
  const ins = x.inspections.filter((i) => i.day <= x.until);
  type Reading = { day: string; pct: number; n: number };
  const byPractice = new Map<string, { name: string; readings: Reading[] }>();
  ins.forEach((i, n) => {
    for (const p of i.practices) {
      // J(16) names sediment traps and sediment ponds; silt fence and other practices are maintained, not "cleaned out at 50%".
      if (p.sedimentAccumulationPct == null || !SEDIMENT_STORAGE_PRACTICES.includes(p.practiceType)) continue;
      const practice = p.practice.trim();
      // Stryker disable next-line MethodExpression: the key is only compared with keys folded the same way
      const key = practice.toLowerCase();
      let entry = byPractice.get(key);
      // Stryker disable next-line ArrayDeclaration: a string in the list has no percentage, so it never starts a run
      if (!entry) byPractice.set(key, (entry = { name: practice, readings: [] }));
      entry.readings.push({ day: i.day, pct: p.sedimentAccumulationPct, n });
    }
  });
  for (const { name, readings } of byPractice.values()) {
    let run: Reading[] = [];
    const close = (endedBy?: Reading) => {
      if (run.length >= 2) {
        const first = run[0];
        const last = run[run.length - 1];
        // Dropped out of later reports (removed): resolved at the next inspection (read only when nothing ended it).
        const gone: (typeof ins)[number] | undefined = ins[last.n + 1];
        const open = !endedBy && !gone && x.ongoing;
        findings.push({
          rule: 'sediment-cleanout',
          key: `sediment-cleanout:${name.toLowerCase()}:${first.day}`,
          severity: 'high',
          status: open ? 'open' : 'resolved',
          section: cite(x.s, 'sediment'),
          source: 'ordinance',
          title: `${name} not cleaned out at ${s.sedimentCleanoutPct}%`,
          text:
            `${name} was at ${pct(first.pct)} of its sediment storage on ${fmtDay(first.day)} and still at ${pct(last.pct)} on ${fmtDay(last.day)}. ` +
            `Sediment must be removed when half the storage is used.` +
            (endedBy ? ` It was cleaned out by ${fmtDay(endedBy.day)} (${pct(endedBy.pct)}).` : ''),
          from: first.day,
          resolvedOn: endedBy?.day ?? gone?.day ?? (open ? undefined : x.until),
        });
      } else if (run.length === 1 && !endedBy && run[0].n === ins.length - 1 && x.ongoing) {
        due.push({
          kind: 'sediment-cleanout',
          dueOn: x.today,
          text: `Clean out ${name}: it was at ${pct(run[0].pct)} of its storage on ${fmtDay(run[0].day)} (cleanout at ${s.sedimentCleanoutPct}%).`,
        });
      }
      run = [];
    };
    for (const r of readings) {
      if (r.pct >= s.sedimentCleanoutPct) run.push(r);
      else close(r);
    }
    close();
  }
  return { findings, due };
}
