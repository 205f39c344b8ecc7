/**
 * Duties at the start of work: the SWPPP approved (or the Town's time to act run out) before land development
 * proceeds (Subsection E), the qualified professional's pre-construction assessment (Subsection L(3)), and
 * phasing on a site disturbing more than 20 acres (Subsection J(6)).
 */
import { addDays } from '#lib/shared/days.ts';
import type { ComplianceSettings, Prepared } from './facts.rules.ts';
import { acres, cite, fmtDay, modelSection, muni, type Finding } from './findings.rules.ts';

/** Subsection E's words with the Town's review period (decision 0044), unless the town words its own citation. */
export function authorizationSection(
  s: Pick<ComplianceSettings, 'citations' | 'swpppReviewDays' | 'municipality'>,
): string {
  const days = s.swpppReviewDays ?? DEFAULT_REVIEW_DAYS;
  return (
    s.citations?.authorization?.trim() ||
    modelSection('authorization', muni(s)).replace(`within ${DEFAULT_REVIEW_DAYS} days`, `within ${days} days`)
  );
}

/** The model law's days to act on a complete plan (Subsection E), when the settings give none. */
const DEFAULT_REVIEW_DAYS = 30;

/**
 * Duties before and around the start of work: the qualified professional's pre-construction assessment
 * (Subsection L(3)), an approved (or by default authorized) SWPPP before work proceeds (Subsection E), and
 * phasing on sites disturbing more than 20 acres (Subsection J(6)).
 */
export function startDuties(x: Prepared): Finding[] {
  const p = x.data.project;
  const findings: Finding[] = [];
  const start = x.period.start;
  const live = x.ongoing;
  const assessed = p.preConstructionAssessmentOn;
  if (p.preConstructionAssessmentOn !== undefined && (!assessed || assessed > start)) {
    findings.push({
      rule: 'pre-construction-assessment',
      key: 'pre-construction-assessment',
      severity: 'medium',
      status: assessed || !live ? 'resolved' : 'open',
      section: cite(x.s, 'preConstruction'),
      source: 'ordinance',
      title: assessed
        ? 'Pre-construction assessment made after work started'
        : 'No pre-construction assessment on file',
      text: assessed
        ? `Construction started on ${fmtDay(start)}, but the qualified professional's assessment of the site's erosion and sediment controls is dated ${fmtDay(assessed)}. The law requires it before construction starts.`
        : `Construction started on ${fmtDay(start)} with no assessment on file by a qualified professional certifying that the erosion and sediment controls in the SWPPP were installed. The law requires it before construction starts.`,
      from: start,
      dueOn: addDays(start, -1),
      resolvedOn: assessed ?? (live ? undefined : x.until),
    });
  }
  if (p.authorizationKnown && (!p.authorizedOn || p.authorizedOn > start)) {
    findings.push({
      rule: 'work-before-authorization',
      key: 'work-before-authorization',
      severity: 'high',
      status: p.authorizedOn || !live ? 'resolved' : 'open',
      section: authorizationSection(x.s),
      source: 'ordinance',
      title: 'Work started before the SWPPP was approved',
      text: p.authorizedOn
        ? `Construction started on ${fmtDay(start)}; the SWPPP was approved (or the ${muni(x.s)}'s ${x.s.swpppReviewDays ?? DEFAULT_REVIEW_DAYS} days to act ran out) only on ${fmtDay(p.authorizedOn)}.`
        : `Construction started on ${fmtDay(start)}, and the SWPPP has not been approved, nor has the ${muni(x.s)}'s time to act on a complete plan run out.`,
      from: start,
      resolvedOn: p.authorizedOn ?? (live ? undefined : x.until),
    });
  }
  const phased = (p.phaseCount ?? 0) > 1 || Boolean(p.phasing?.trim());
  // Stryker disable next-line ConditionalExpression: null > 20 is false as well
  if (p.disturbedAcres != null && p.disturbedAcres > 20 && !phased) {
    findings.push({
      rule: 'phasing-required',
      key: 'phasing-required',
      severity: 'medium',
      status: live ? 'open' : 'resolved',
      section: cite(x.s, 'phasing'),
      source: 'ordinance',
      title: 'No phasing for a site disturbing more than 20 acres',
      text: `The project will disturb ${acres(p.disturbedAcres)}, and no construction phases are on file. The law requires phasing on every site disturbing more than 20 acres.`,
      from: start,
      resolvedOn: live ? undefined : x.until,
    });
  }
  return findings;
}
