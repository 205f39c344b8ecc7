/**
 * Importing the projects a town already has (decision 0039): a row of the town's own list, or
 * of an export of the state's NOI records (DEC's SPDES construction permits), read into the project
 * record the ordinance asks for (Subsection F: the site development permit application and the NOI).
 * Pure: the spreadsheet's headings are mapped to fields (guessed from common names, changed by the
 * clerk), each row is checked on its own, in plain words, and the cross-field checks are noi.rules'.
 */
import { PROJECT_STATUSES, type ProjectKind, type ProjectStatus } from '#db/enums.ts';
import { PROJECT_STATUS_LABEL } from '#lib/shared/labels.ts';
import { BLANK_NOI, noiProblems, type NoiFields } from './noi.rules.ts';
import type { TownBounds } from '#lib/shared/town-profile.ts';
import { type Result } from '#lib/server/platform/result.ts';

export interface ImportField {
  key: string;
  label: string;
  required?: boolean;
  /** Headings that mean this field, lower case without punctuation (the town's lists, DEC's NOI export). */
  aliases: string[];
}

export const IMPORT_FIELDS: ImportField[] = [
  {
    key: 'name',
    label: 'Project name',
    required: true,
    aliases: ['project name', 'name', 'project', 'facility name', 'site name', 'project title'],
  },
  {
    key: 'siteAddress',
    label: 'Site address',
    required: true,
    aliases: [
      'site address',
      'address',
      'street address',
      'facility address',
      'location',
      'project address',
      'facility location',
    ],
  },
  {
    key: 'spdesPermitId',
    label: 'State permit ID (SPDES)',
    aliases: [
      'spdes permit id',
      'spdes id',
      'permit id',
      'spdes',
      'permit number',
      'spdes permit number',
      'dec permit id',
      'permit',
    ],
  },
  {
    key: 'townPermitNo',
    // Said without the municipality's kind: the list is one for every portal (the record's own label names it).
    label: 'Site development permit number',
    aliases: [
      'town permit',
      'town permit number',
      'village permit',
      'village permit number',
      'city permit',
      'city permit number',
      'local permit',
      'site development permit',
      'site development permit number',
      'town permit no',
    ],
  },
  { key: 'status', label: 'Status', aliases: ['status', 'permit status', 'project status'] },
  { key: 'kind', label: 'Kind of project (major or minor)', aliases: ['kind', 'type', 'project type', 'major minor'] },
  {
    key: 'description',
    label: 'Brief public description',
    aliases: ['description', 'project description', 'nature of project', 'activity description'],
  },
  { key: 'crossStreet', label: 'Nearest cross street', aliases: ['cross street', 'nearest cross street'] },
  { key: 'zip', label: 'ZIP code', aliases: ['zip', 'zip code', 'postal code', 'facility zip'] },
  { key: 'latitude', label: 'Latitude', aliases: ['latitude', 'lat'] },
  { key: 'longitude', label: 'Longitude', aliases: ['longitude', 'lon', 'long', 'lng'] },
  {
    key: 'taxMapParcels',
    label: 'Tax map parcel(s)',
    aliases: ['tax map', 'tax map parcels', 'parcel', 'parcels', 'sbl'],
  },
  {
    key: 'totalSiteAcres',
    label: 'Total site area (acres)',
    aliases: ['total site acres', 'total acres', 'site acres', 'total site area', 'total area'],
  },
  {
    key: 'disturbedAcres',
    label: 'Area to be disturbed (acres)',
    aliases: ['disturbed acres', 'acres disturbed', 'disturbed area', 'area to be disturbed', 'total disturbed acres'],
  },
  {
    key: 'noiReceivedOn',
    label: 'NOI received',
    aliases: ['noi received', 'date received', 'noi date', 'received', 'noi received date'],
  },
  {
    key: 'plannedStartOn',
    label: 'Planned start',
    aliases: ['planned start', 'start date', 'construction start', 'anticipated start'],
  },
  {
    key: 'plannedCompletionOn',
    label: 'Planned completion',
    aliases: ['planned completion', 'end date', 'completion date', 'anticipated completion'],
  },
  {
    key: 'notFiledOn',
    label: 'Notice of termination (NOT) filed',
    aliases: ['not filed', 'not date', 'termination date', 'not received'],
  },
  {
    key: 'ownerCompany',
    label: 'Owner/operator',
    aliases: ['owner operator', 'owner', 'operator', 'owner name', 'operator name', 'permittee', 'company'],
  },
  { key: 'ownerContact', label: 'Owner/operator contact', aliases: ['contact', 'contact name', 'owner contact'] },
  { key: 'ownerPhone', label: 'Owner/operator telephone', aliases: ['phone', 'telephone', 'contact phone'] },
  { key: 'ownerEmail', label: 'Owner/operator email', aliases: ['email', 'e mail', 'contact email'] },
];

export type ImportMapping = Record<string, string | null>;

export { BLANK_NOI };

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Each field's heading: the first heading that is one of the field's names (a heading serves one field). */
export function guessMapping(headers: string[]): ImportMapping {
  const taken = new Set<string>();
  const out: ImportMapping = {};
  for (const f of IMPORT_FIELDS) {
    const hit = headers.find((h) => !taken.has(h) && f.aliases.includes(norm(h)));
    out[f.key] = hit ?? null;
    if (hit) taken.add(hit);
  }
  return out;
}

/** Problems with the mapping itself: a required field with no column, a column used twice. */
export function mappingProblems(mapping: ImportMapping, headers: string[]): string[] {
  const problems: string[] = [];
  for (const f of IMPORT_FIELDS) {
    const h = mapping[f.key];
    if (h && !headers.includes(h)) problems.push(`The column “${h}” chosen for ${f.label} is not in the file.`);
    else if (!h && f.required) problems.push(`Choose the column that holds the ${f.label.toLowerCase()}.`);
  }
  const used = Object.values(mapping).filter((h): h is string => Boolean(h));
  for (const h of new Set(used))
    if (used.filter((x) => x === h).length > 1) problems.push(`The column “${h}” is chosen for more than one field.`);
  return problems;
}

export interface ImportedRow {
  noi: NoiFields;
  owner: {
    companyName: string;
    contactName: string | null;
    contactTitle: string | null;
    phone: string | null;
    email: string | null;
  } | null;
  /** The fields the row gave (an update changes only these). */
  given: Set<string>;
}

/** "2026-05-03", "5/3/2026" or "05/03/26" as YYYY-MM-DD, or null. */
export function importDay(v: string): string | null {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  let y: number, mo: number, d: number;
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(v)))
    [mo, d, y] = [Number(m[1]), Number(m[2]), m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3])];
  else return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

const STATUS_WORDS: Record<string, ProjectStatus> = {
  ...Object.fromEntries(PROJECT_STATUSES.map((s) => [norm(s), s])),
  ...Object.fromEntries(PROJECT_STATUSES.map((s) => [norm(PROJECT_STATUS_LABEL[s]), s])),
  // DEC's words in its NOI records.
  'permit active': 'active',
  activ: 'active',
  open: 'active',
  terminated: 'complete',
  'not received': 'complete',
  'notice of termination': 'complete',
  closed: 'complete',
  'under review': 'swppp_review',
  pending: 'swppp_review',
  approved: 'approved',
};

/** One row, checked: the project it describes, or a plain sentence per problem (with the column's name). */
export function checkImportRow(
  record: Record<string, string>,
  mapping: ImportMapping,
  bounds?: TownBounds,
  /** The municipality's kind ("village"), named in a description the row does not give. */
  municipality = 'town',
): Result<{ row: ImportedRow }, { problems: string[] }> {
  const problems: string[] = [];
  const given = new Set<string>();
  const col = (key: string) => mapping[key] ?? IMPORT_FIELDS.find((f) => f.key === key)!.label;
  const raw = (key: string) => {
    const h = mapping[key];
    const v = h ? (record[h] ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() : '';
    if (v) given.add(key);
    return v;
  };
  const text = (key: string, max: number) => {
    const v = raw(key);
    if (v.length > max) problems.push(`${col(key)}: use at most ${max} characters.`);
    return v || null;
  };
  const num = (key: string, min: number, max: number, example: string) => {
    const v = raw(key).replace(/,/g, '');
    if (!v) return null;
    const n = Number(v);
    if (!Number.isFinite(n) || n < min || n > max) {
      problems.push(`${col(key)}: “${v}” is not a number like ${example}.`);
      return null;
    }
    return n;
  };
  const day = (key: string) => {
    const v = raw(key);
    if (!v) return null;
    const d = importDay(v);
    if (!d) problems.push(`${col(key)}: “${v}” is not a date like 2026-05-03 or 5/3/2026.`);
    return d;
  };
  const name = text('name', 160);
  if (!name) problems.push(`${col('name')}: every project needs a name.`);
  const siteAddress = text('siteAddress', 200);
  if (!siteAddress) problems.push(`${col('siteAddress')}: enter the site’s street address.`);
  const spdes = raw('spdesPermitId').toUpperCase().replace(/\s+/g, '');
  const statusWord = raw('status');
  let status: ProjectStatus = 'active';
  if (statusWord) {
    const s = STATUS_WORDS[norm(statusWord)];
    if (!s)
      problems.push(
        `${col('status')}: “${statusWord}” is not a status the portal knows (like “Active construction” or “Complete (NOT filed)”).`,
      );
    else if (s === 'stop_work')
      problems.push(`${col('status')}: a stop-work order is issued on the portal, not imported as a status.`);
    else status = s;
  }
  const disturbedAcres = num('disturbedAcres', 0, 100000, '2.5');
  const kindWord = norm(raw('kind'));
  let kind: ProjectKind = disturbedAcres != null && disturbedAcres < 1 ? 'minor' : 'major';
  if (kindWord) {
    if (kindWord.startsWith('major')) kind = 'major';
    else if (kindWord.startsWith('minor')) kind = 'minor';
    else problems.push(`${col('kind')}: write “major” or “minor”.`);
  }
  const zip = raw('zip');
  if (zip && !/^\d{5}(-\d{4})?$/.test(zip)) problems.push(`${col('zip')}: “${zip}” is not a ZIP code like 12306.`);
  const email = raw('ownerEmail');
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    problems.push(`${col('ownerEmail')}: “${email}” is not an email address.`);
  const ownerCompany = text('ownerCompany', 160);
  const notFiledOn = day('notFiledOn');
  const noi: NoiFields = {
    ...BLANK_NOI,
    name: name ?? '',
    description:
      text('description', 2000) ??
      `${name ?? 'A project'} at ${siteAddress ?? 'its site'}, imported from the ${municipality}'s records.`,
    siteAddress: siteAddress ?? '',
    crossStreet: text('crossStreet', 120),
    zip: zip ? zip.slice(0, 5) : null,
    latitude: num('latitude', -90, 90, '42.7950'),
    longitude: num('longitude', -180, 180, '-74.0011'),
    taxMapParcels: text('taxMapParcels', 300),
    kind,
    status: notFiledOn && !statusWord ? 'complete' : status,
    totalSiteAcres: num('totalSiteAcres', 0, 100000, '12.4'),
    disturbedAcres,
    plannedStartOn: day('plannedStartOn'),
    plannedCompletionOn: day('plannedCompletionOn'),
    townPermitNo: text('townPermitNo', 40),
    spdesPermitId: spdes || null,
    noiReceivedOn: day('noiReceivedOn'),
    notFiledOn,
  };
  if (notFiledOn) given.add('status');
  if (given.has('disturbedAcres')) given.add('kind');
  if (name && siteAddress)
    for (const [field, message] of Object.entries(noiProblems(noi, bounds)))
      problems.push(`${IMPORT_FIELDS.find((f) => f.key === field) ? col(field) : field}: ${message}`);
  // Read before the problems are counted, so an over-long contact or phone is a problem of the row too.
  const contactName = text('ownerContact', 120);
  const phone = text('ownerPhone', 40);
  if (problems.length) return { ok: false, problems };
  const owner = ownerCompany
    ? { companyName: ownerCompany, contactName, contactTitle: null, phone, email: email || null }
    : null;
  return { ok: true, row: { noi, owner, given } };
}

/**
 * What a row must say to register a new project, beyond what every row must: its status. A project's
 * status is what the officer's counts and the public list go by ("Active construction" puts a site in the
 * count of sites under construction and starts its inspection duties), and a list without one says nothing
 * about whether work has started; so the row is refused, never guessed (decision 0076). A row that updates
 * a project on file keeps that project's status, and a row with a NOT date is complete.
 */
export function newProjectProblems(row: ImportedRow, mapping: ImportMapping): string[] {
  if (row.given.has('status')) return [];
  return [
    `${mapping.status ?? 'Status'}: a new project needs its status (like “Approved, not started”, “Active construction” ` +
      'or “Complete (NOT filed)”); the portal does not guess whether work has started.',
  ];
}

/** An existing project's NOI with the fields a row gave laid over it (a re-import changes only those). */
export function mergeForUpdate(existing: NoiFields, row: ImportedRow): NoiFields {
  const out = { ...existing, slug: null } as NoiFields;
  for (const key of row.given)
    if (key in row.noi)
      (out as unknown as Record<string, unknown>)[key] = (row.noi as unknown as Record<string, unknown>)[key];
  return out;
}
