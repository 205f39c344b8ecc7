/**
 * The project record as registered from the site development permit application and the NOI: field
 * labels, the checks that span fields, slugs, and the words for an edit history. Pure.
 */
import type { ProjectKind, ProjectStatus } from '#db/schema.ts';

import { NEW_YORK_BOUNDS, type TownBounds } from '#lib/shared/town-profile.ts';

/** NYS DEC assigns SPDES construction permit IDs as "NYR" followed by letters and digits. */
export const SPDES_PERMIT_ID = /^NYR[0-9A-Z]{5,8}$/;
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface NoiFields {
  name: string;
  slug?: string | null;
  description: string;
  siteAddress: string;
  crossStreet: string | null;
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
  taxMapParcels: string | null;
  kind: ProjectKind;
  status: ProjectStatus;
  natureOfActivity: string | null;
  preDevelopmentLandUse: string | null;
  postDevelopmentLandUse: string | null;
  totalSiteAcres: number | null;
  disturbedAcres: number | null;
  maxDisturbedAtOnceAcres: number | null;
  existingImperviousAcres: number | null;
  futureImperviousAcres: number | null;
  decFiveAcreApproval: boolean;
  decFiveAcreApprovalOn: string | null;
  phasing: string | null;
  phaseCount: number | null;
  drainsToMs4: boolean;
  federalWetlandBuffer: boolean;
  stateWetlandBuffer: boolean;
  watercourseBuffer: boolean;
  bufferNotes: string | null;
  postConstructionPractices: string | null;
  plannedStartOn: string | null;
  plannedCompletionOn: string | null;
  actualStartOn: string | null;
  townPermitNo: string | null;
  spdesPermitId: string | null;
  noiReceivedOn: string | null;
  finalStabilizationOn: string | null;
  notFiledOn: string | null;
  winterShutdownFrom: string | null;
  winterShutdownTo: string | null;
}

/** A project record with nothing known yet: an import's row, an application filed online and the village seed start from it. */
export const BLANK_NOI: NoiFields = {
  name: '',
  slug: null,
  description: '',
  siteAddress: '',
  crossStreet: null,
  zip: null,
  latitude: null,
  longitude: null,
  taxMapParcels: null,
  kind: 'major',
  status: 'active',
  natureOfActivity: null,
  preDevelopmentLandUse: null,
  postDevelopmentLandUse: null,
  totalSiteAcres: null,
  disturbedAcres: null,
  maxDisturbedAtOnceAcres: null,
  existingImperviousAcres: null,
  futureImperviousAcres: null,
  decFiveAcreApproval: false,
  decFiveAcreApprovalOn: null,
  phasing: null,
  phaseCount: null,
  drainsToMs4: false,
  federalWetlandBuffer: false,
  stateWetlandBuffer: false,
  watercourseBuffer: false,
  bufferNotes: null,
  postConstructionPractices: null,
  plannedStartOn: null,
  plannedCompletionOn: null,
  actualStartOn: null,
  townPermitNo: null,
  spdesPermitId: null,
  noiReceivedOn: null,
  finalStabilizationOn: null,
  notFiledOn: null,
  winterShutdownFrom: null,
  winterShutdownTo: null,
};

const NOI_FIELD_WORDS: Record<Exclude<keyof NoiFields, 'drainsToMs4' | 'townPermitNo'> | 'published', string> = {
  name: 'Project name',
  slug: 'Web address (slug)',
  description: 'Brief public description',
  siteAddress: 'Site address',
  crossStreet: 'Nearest cross street',
  zip: 'ZIP code',
  latitude: 'Latitude',
  longitude: 'Longitude',
  taxMapParcels: 'Tax map parcel(s)',
  kind: 'Kind of project',
  status: 'Status',
  natureOfActivity: 'Nature of activity',
  preDevelopmentLandUse: 'Land use before',
  postDevelopmentLandUse: 'Land use after',
  totalSiteAcres: 'Total site area (acres)',
  disturbedAcres: 'Area to be disturbed (acres)',
  maxDisturbedAtOnceAcres: 'Most disturbed at one time (acres)',
  existingImperviousAcres: 'Existing impervious area (acres)',
  futureImperviousAcres: 'Future impervious area (acres)',
  decFiveAcreApproval: 'DEC written approval to disturb more than five acres at once',
  decFiveAcreApprovalOn: 'Date of DEC approval',
  phasing: 'Phasing',
  phaseCount: 'Number of phases',
  federalWetlandBuffer: 'Federal wetland buffer (25 ft) on site',
  stateWetlandBuffer: 'State wetland buffer (100 ft) on site',
  watercourseBuffer: 'Watercourse buffer on site',
  bufferNotes: 'Buffer notes',
  postConstructionPractices: 'Permanent (post-construction) stormwater practices',
  plannedStartOn: 'Planned start',
  plannedCompletionOn: 'Planned completion',
  actualStartOn: 'Actual start',
  spdesPermitId: 'State permit ID (SPDES)',
  noiReceivedOn: 'NOI received',
  finalStabilizationOn: 'Final stabilization reached',
  notFiledOn: 'Notice of termination (NOT) filed',
  winterShutdownFrom: 'Winter shutdown from',
  winterShutdownTo: 'Winter shutdown to',
  published: 'Published',
};

/**
 * The NOI record's fields in words, for its edit history and the import's messages; the municipality's own
 * permit and storm sewer are named by its kind ("Village site development permit number", decision 0078).
 */
export function noiFieldLabel(kindWord: string): Record<keyof NoiFields | 'published', string> {
  return {
    ...NOI_FIELD_WORDS,
    drainsToMs4: `Drains to the ${kindWord.toLowerCase()} storm sewer (MS4)`,
    townPermitNo: `${kindWord} site development permit number`,
  };
}

/** The NOI record's field names (the labels' keys; any municipality's words will do). */
export const NOI_FIELD_KEYS = Object.keys(noiFieldLabel('Town')) as Array<keyof NoiFields | 'published'>;

export type FieldProblems = Partial<Record<keyof NoiFields, string>>;

/** Checks that involve more than one field (each field's own format is checked by the form schema). */
/** `bounds`: the town's extent from its profile (decision 0044); a pin outside it is almost certainly a typo. */
export function noiProblems(f: NoiFields, bounds: TownBounds = NEW_YORK_BOUNDS): FieldProblems {
  const TOWN_BOUNDS = bounds;
  const p: FieldProblems = {};
  if (f.latitude != null && f.longitude != null) {
    if (f.latitude < TOWN_BOUNDS.minLat || f.latitude > TOWN_BOUNDS.maxLat)
      p.latitude = `That latitude is outside the area the portal serves (between ${TOWN_BOUNDS.minLat} and ${TOWN_BOUNDS.maxLat}), like ${((bounds.minLat + bounds.maxLat) / 2).toFixed(4)}.`;
    if (f.longitude < TOWN_BOUNDS.minLon || f.longitude > TOWN_BOUNDS.maxLon)
      p.longitude = `That longitude is outside the area the portal serves (between ${TOWN_BOUNDS.minLon} and ${TOWN_BOUNDS.maxLon}; west is negative), like ${((bounds.minLon + bounds.maxLon) / 2).toFixed(4)}.`;
  } else if (f.latitude != null || f.longitude != null) {
    p[f.latitude == null ? 'latitude' : 'longitude'] = 'Enter both latitude and longitude, or neither.';
  }
  // Stryker disable next-line ConditionalExpression: null > acres is 0 > acres, false (acres are never negative)
  if (f.totalSiteAcres != null && f.disturbedAcres != null && f.disturbedAcres > f.totalSiteAcres)
    p.disturbedAcres = 'The disturbed area cannot be larger than the whole site.';
  // Stryker disable next-line ConditionalExpression: null > acres is 0 > acres, false (acres are never negative)
  if (f.disturbedAcres != null && f.maxDisturbedAtOnceAcres != null && f.maxDisturbedAtOnceAcres > f.disturbedAcres)
    p.maxDisturbedAtOnceAcres = 'The area disturbed at one time cannot be larger than the total disturbed area.';
  if (f.decFiveAcreApprovalOn && !f.decFiveAcreApproval)
    p.decFiveAcreApproval = 'Tick this box when you enter the date of DEC’s approval.';
  // Stryker disable next-line ConditionalExpression: a date compared with null is false either way round
  if (f.plannedStartOn && f.plannedCompletionOn && f.plannedCompletionOn < f.plannedStartOn)
    p.plannedCompletionOn = 'The planned completion cannot be before the planned start.';
  if (f.winterShutdownFrom && f.winterShutdownTo) {
    if (f.winterShutdownTo < f.winterShutdownFrom) p.winterShutdownTo = 'The shutdown cannot end before it starts.';
  } else if ((f.winterShutdownFrom == null) !== (f.winterShutdownTo == null)) {
    p[f.winterShutdownFrom == null ? 'winterShutdownFrom' : 'winterShutdownTo'] =
      'Enter both dates of the winter shutdown, or neither.';
  }
  if (f.spdesPermitId && !SPDES_PERMIT_ID.test(f.spdesPermitId))
    p.spdesPermitId = 'Enter the SPDES permit ID as DEC issued it: NYR followed by letters and digits, like NYR10K123.';
  if (f.status === 'complete' && !f.notFiledOn)
    p.status = 'Record the NOT filing date to mark the project complete (use “Record the NOT and close”).';
  // Stryker disable next-line ConditionalExpression: a date compared with null is false either way round
  if (f.notFiledOn && f.finalStabilizationOn && f.notFiledOn < f.finalStabilizationOn)
    p.notFiledOn = 'The NOT is filed after final stabilization, not before.';
  if (f.slug && !SLUG.test(f.slug))
    p.slug = 'Use lower-case letters, digits and single hyphens, like hamburg-street-mixed-use.';
  return p;
}

/** "Hamburg Street Mixed-Use (Phase 2)" → "hamburg-street-mixed-use-phase-2". */
export function slugify(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .replace(/-$/, '');
  return s || 'project';
}

/** A free slug: the base, else base-2, base-3… */
export function uniqueSlug(base: string, taken: (slug: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
}

export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** What changed between two audited snapshots, in words, for a project's history. */
export function describeChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  labels: Record<string, string> = noiFieldLabel('Town'),
): FieldChange[] {
  if (!before || !after) return [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => !['id', 'projectId', 'updatedAt', 'createdAt'].includes(k),
  );
  const out: FieldChange[] = [];
  for (const k of keys) {
    const a = show(before[k]);
    const b = show(after[k]);
    if (a !== b) out.push({ field: k, label: labels[k] ?? humanize(k), before: a, after: b });
  }
  return out;
}

function show(v: unknown): string {
  if (v == null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) return v.length ? v.map(show).join(', ') : '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function humanize(key: string): string {
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
