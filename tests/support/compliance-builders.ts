/**
 * Builders for the compliance engine's unit tests: a project, inspections on local days, the data and
 * context the engine takes, and its findings for one rule. One set, shared by every test of the engine.
 */
import {
  DEFAULT_COMPLIANCE_SETTINGS,
  evaluateCompliance,
  type ComplianceContext,
  type ComplianceInspection,
  type ComplianceProject,
  type ComplianceSettings,
  type ProjectComplianceData,
  type RuleId,
} from '#lib/server/compliance/compliance.rules.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';

/** A local day and time in town, as an instant. */
export const at = (date: string, time = '10:00') => townInstant(date, time);
export const hours = (d: Date, h: number) => new Date(d.getTime() + h * 3_600_000);

export function project(over: Partial<ComplianceProject> = {}): ComplianceProject {
  return {
    id: 1,
    slug: 'test-site',
    name: 'Test Site',
    status: 'active',
    actualStartOn: '2026-03-02',
    finalStabilizationOn: null,
    notFiledOn: null,
    maxDisturbedAtOnceAcres: 3,
    decFiveAcreApproval: false,
    decFiveAcreApprovalOn: null,
    winterShutdownFrom: null,
    winterShutdownTo: null,
    drainsToImpairedWaters: false,
    ...over,
  };
}

let nextId = 1;
export function inspection(
  date: string,
  time = '10:00',
  over: Partial<ComplianceInspection> = {},
): ComplianceInspection {
  return {
    id: nextId++,
    inspectedAt: at(date, time),
    type: 'routine',
    disturbedAcresActive: 2,
    disturbedAcresInactive: 0.5,
    snowCover: false,
    practices: [],
    inactiveAreas: [],
    ...over,
  };
}

/** Inspections on the given local dates (10:00). */
export const on = (...dates: string[]) => dates.map((d) => inspection(d));

export function data(
  over: Partial<ProjectComplianceData> & { p?: Partial<ComplianceProject> } = {},
): ProjectComplianceData {
  const { p, ...rest } = over;
  return { project: project(p), inspections: [], summaries: [], corrective: [], ...rest };
}

export function ctx(
  now: Date,
  over: Partial<Omit<ComplianceContext, 'settings'>> & { settings?: Partial<ComplianceSettings> } = {},
): ComplianceContext {
  const { settings, ...rest } = over;
  return { now, storms: [], ...rest, settings: { ...DEFAULT_COMPLIANCE_SETTINGS, ...settings } };
}

export function findings(d: ProjectComplianceData, c: ComplianceContext, rule?: RuleId) {
  return evaluateCompliance(d, c).findings.filter((f) => !rule || f.rule === rule);
}

/** Every month's summary filed on the 5th of the next, so the monthly rule stays out of the way of the others. */
export function allSummaries(from: string, to: string) {
  const out = [];
  for (
    let y = Number(from.slice(0, 4)), m = Number(from.slice(5, 7));
    `${y}-${String(m).padStart(2, '0')}` <= to;
    m === 12 ? (y++, (m = 1)) : m++
  ) {
    out.push({
      month: `${y}-${String(m).padStart(2, '0')}`,
      version: 1,
      submittedAt: at(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-05`),
    });
  }
  return out;
}
