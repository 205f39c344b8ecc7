/**
 * The municipality's identity as data (decision 0038): its name and kind, its offices, its
 * officials, the department's signature. The portal serves one town, village or city holding the state's
 * MS4 permit under a local law modelled on the state's erosion and sediment control law; nothing in
 * `src/` names a municipality (tests/unit/no-town-name-in-src.test.ts). The admin edits the profile at
 * /staff/settings (platform/town-profile.ts stores it); this file is the pure part: the shape, the
 * placeholder a fresh install shows until it is set, and the words every page, mail, PDF and feed uses.
 */

export const MUNICIPALITY_KINDS = ['town', 'village', 'city'] as const;
export type MunicipalityKind = (typeof MUNICIPALITY_KINDS)[number];

export interface TownOffice {
  /** "Town Clerk's office", "Department of Public Works". */
  name: string;
  /** One line: street, place, state and ZIP. */
  address: string;
  /** "Monday to Friday, 8:30 a.m. to 4:30 p.m." */
  hours: string;
  phone: string;
}

export interface TownOfficial {
  name: string;
  /** What the official is otherwise ("the Town Supervisor"), said beside the role. */
  title: string;
  email: string;
}

export interface TownProfile {
  /** The name alone: "Example". */
  name: string;
  kind: MunicipalityKind;
  county: string;
  /** Where records are asked for, paid for and picked up. */
  clerkOffice: TownOffice;
  /** The Stormwater Management Officer's office (site postings, notices). */
  stormwaterOffice: TownOffice;
  recordsAccessOfficer: TownOfficial;
  /** Who hears records appeals when no staff account is named (POL §89(4)(a)). */
  appealsOfficer: TownOfficial;
  stormwaterOfficer: TownOfficial;
  /**
   * Where a copy of each records appeal and its determination is mailed (POL §89(4)(a): the agency forwards
   * both to the Committee on Open Government). The Committee's own address unless the state changes it.
   */
  openGovernmentEmail: string;
  /** The last line of every message. */
  signature: string;
  /** The From: of the portal's mail, like `Town of X Stormwater <stormwater@x.example>`. */
  mailFrom: string;
  /** The public address of the portal (links in mail, feeds, catalogs); empty: the configured PUBLIC_URL. */
  publicUrl: string;
  /** SHA-256 of the uploaded logo (PNG or JPEG) in the file store, or null. */
  logoSha256: string | null;
  /** The town's extent (WGS84): a project's pin outside it is almost certainly a typo (decision 0044). */
  bounds: TownBounds;
  /** Where the map opens when it has nothing to show, and the middle the geocoder measures from. */
  mapCentre: { latitude: number; longitude: number };
}

export interface TownBounds {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * New York State's rough extent (a little beyond its borders, so a town on the line is not cut off):
 * a town's box must lie inside it. Until the admin sets the town's own box, the state's is used.
 */
export const NEW_YORK_BOUNDS: TownBounds = { minLat: 40.45, maxLat: 45.05, minLon: -79.8, maxLon: -71.8 };
/** The state capital, where a fresh install's map opens. */
const NEW_YORK_CENTRE = { latitude: 42.65, longitude: -73.76 };
export const BOUNDS_FIELDS = ['minLat', 'maxLat', 'minLon', 'maxLon'] as const;
export const BOUNDS_LABEL: Record<(typeof BOUNDS_FIELDS)[number], string> = {
  minLat: 'Southern edge (latitude)',
  maxLat: 'Northern edge (latitude)',
  minLon: 'Western edge (longitude, negative)',
  maxLon: 'Eastern edge (longitude, negative)',
};

/** The town's box and map centre checked: inside New York, edges in order, the centre inside the box. */
export function checkGeography(values: Record<string, string | undefined>): {
  bounds: TownBounds;
  mapCentre: TownProfile['mapCentre'];
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const num = (name: string, lat: boolean) => {
    const raw = (values[name] ?? '').trim();
    const n = Number(raw);
    const [lo, hi] = lat
      ? [NEW_YORK_BOUNDS.minLat, NEW_YORK_BOUNDS.maxLat]
      : [NEW_YORK_BOUNDS.minLon, NEW_YORK_BOUNDS.maxLon];
    if (!raw || !/^-?\d{1,3}(\.\d{1,7})?$/.test(raw))
      errors[name] = lat
        ? 'Enter a latitude in decimal degrees, like 42.7950.'
        : 'Enter a longitude in decimal degrees, like -74.0011 (west is negative).';
    else if (n < lo || n > hi)
      errors[name] =
        `That is outside New York State (${lat ? 'latitude' : 'longitude'} between ${lo} and ${hi}${lat ? '' : '; west is negative'}).`;
    return Number.isFinite(n) ? n : 0;
  };
  const bounds: TownBounds = {
    minLat: num('bounds.minLat', true),
    maxLat: num('bounds.maxLat', true),
    minLon: num('bounds.minLon', false),
    maxLon: num('bounds.maxLon', false),
  };
  const mapCentre = { latitude: num('mapCentre.latitude', true), longitude: num('mapCentre.longitude', false) };
  if (!errors['bounds.minLat'] && !errors['bounds.maxLat'] && bounds.minLat >= bounds.maxLat)
    errors['bounds.maxLat'] = 'The northern edge must be north of (larger than) the southern edge.';
  if (!errors['bounds.minLon'] && !errors['bounds.maxLon'] && bounds.minLon >= bounds.maxLon)
    errors['bounds.maxLon'] = 'The eastern edge must be east of (larger, nearer zero, than) the western edge.';
  if (!Object.keys(errors).length && !insideBounds(bounds, mapCentre))
    errors['mapCentre.latitude'] = 'The map’s centre must lie inside the box above.';
  return { bounds, mapCentre, errors };
}

export function insideBounds(b: TownBounds, p: { latitude: number; longitude: number }): boolean {
  return p.latitude >= b.minLat && p.latitude <= b.maxLat && p.longitude >= b.minLon && p.longitude <= b.maxLon;
}

const blankOffice = (name: string): TownOffice => ({
  name,
  address: '',
  hours: 'Monday to Friday, 9 a.m. to 5 p.m.',
  phone: '',
});
const blankOfficial = (title: string): TownOfficial => ({ name: '', title, email: '' });

/** The Committee on Open Government (New York Department of State), which receives copies of appeals. */
export const OPEN_GOVERNMENT_COMMITTEE_EMAIL = 'coog@dos.ny.gov';

/** What a fresh install shows until the admin fills in /staff/settings (the demo seed fills it in). */
export const PLACEHOLDER_TOWN_PROFILE: TownProfile = {
  name: 'Example',
  kind: 'town',
  county: '',
  clerkOffice: blankOffice("Town Clerk's office"),
  stormwaterOffice: blankOffice('Department of Public Works'),
  recordsAccessOfficer: blankOfficial('the Town Clerk'),
  appealsOfficer: blankOfficial('the Town Supervisor'),
  stormwaterOfficer: blankOfficial('Stormwater Management Officer'),
  openGovernmentEmail: OPEN_GOVERNMENT_COMMITTEE_EMAIL,
  signature: 'Department of Public Works: Stormwater Management',
  mailFrom: '',
  publicUrl: '',
  logoSha256: null,
  bounds: NEW_YORK_BOUNDS,
  mapCentre: NEW_YORK_CENTRE,
};

/** The words built from a profile, so every page and document says the same thing. */
export interface TownWords {
  profile: TownProfile;
  /** "Town", "Village", "City". */
  kindWord: string;
  /** "Town of Example". */
  fullName: string;
  /** "Town of Example, New York". */
  fullNameWithState: string;
  /** "Example Stormwater Portal". */
  portalName: string;
  /** "Town of Example, Department of Public Works: Stormwater Management". */
  signature: string;
  /** "Town Hall". */
  hall: string;
  /** "Town Clerk". */
  clerk: string;
  /** The legislative body that enacts its local laws: "Town Board", "Board of Trustees", "Common Council". */
  board: string;
  /** "Example, NY": after a site's street address. */
  placeSuffix: string;
  /** A short slug for file names and ids: "example". */
  slug: string;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Who enacts a municipality's local laws in New York: a town's board, a village's trustees, a city's council. */
const BOARD: Record<MunicipalityKind, string> = {
  town: 'Town Board',
  village: 'Board of Trustees',
  city: 'Common Council',
};

export function townWords(profile: TownProfile): TownWords {
  const kindWord = capital(profile.kind);
  const fullName = `${kindWord} of ${profile.name}`;
  return {
    profile,
    kindWord,
    fullName,
    fullNameWithState: `${fullName}, New York`,
    portalName: `${profile.name} Stormwater Portal`,
    signature: profile.signature.toLowerCase().startsWith(fullName.toLowerCase())
      ? profile.signature
      : `${fullName}, ${profile.signature}`,
    hall: `${kindWord} Hall`,
    clerk: `${kindWord} Clerk`,
    board: BOARD[profile.kind],
    placeSuffix: `${profile.name}, NY`,
    slug:
      profile.name
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'town',
  };
}

/** An office in one line: "Town Clerk's office, 1 Main Street, X, NY 12345 - (518) 555-0100". */
export function officeLine(o: TownOffice): string {
  return [o.name, o.address].filter(Boolean).join(', ') + (o.phone ? ` - ${o.phone}` : '');
}

/** An official in words: "Sam Supervisor, the Town Supervisor" or just the title. */
export function officialLine(o: TownOfficial): string {
  return [o.name, o.title].filter(Boolean).join(', ');
}

/** The form's field names for the offices and officials (flat, so the no-JS form posts them as they are). */
export const OFFICE_FIELDS = ['name', 'address', 'hours', 'phone'] as const;
export const OFFICIAL_FIELDS = ['name', 'title', 'email'] as const;
export const OFFICES = {
  clerkOffice: "The clerk's office (records requests, payments, pickup)",
  stormwaterOffice: "The Stormwater Management Officer's office",
} as const;
export const OFFICIALS = {
  recordsAccessOfficer: 'Records access officer',
  appealsOfficer: 'Records access appeals officer (when no staff account is named)',
  stormwaterOfficer: 'Stormwater Management Officer',
} as const;

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const clean = (v: string | undefined) => (v ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/**
 * The admin's form, checked: the profile it describes, or a plain sentence for each field that is wrong.
 * `logoSha256` is kept from before unless the form uploads or removes one (the page does that).
 */
export function checkTownProfile(
  values: Record<string, string | undefined>,
  logoSha256: string | null,
): { profile: TownProfile; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const text = (name: string, max: number, required: string | null) => {
    const v = clean(values[name]);
    if (!v && required) errors[name] = required;
    else if (v.length > max) errors[name] = `Use at most ${max} characters.`;
    return v;
  };
  const email = (name: string) => {
    const v = text(name, 200, null);
    if (v && !EMAIL.test(v))
      errors[name] = 'Enter an email address, like clerk@springfield.example, or leave it empty.';
    return v;
  };
  const kind = clean(values.kind);
  if (!(MUNICIPALITY_KINDS as readonly string[]).includes(kind))
    errors.kind = 'Choose whether the municipality is a town, a village or a city.';
  // The examples in the messages below name the kind chosen ("Village Clerk's office"), a town's until one is.
  const K = (MUNICIPALITY_KINDS as readonly string[]).includes(kind) ? capital(kind) : 'Town';
  const office = (key: keyof typeof OFFICES): TownOffice => ({
    name: text(`${key}.name`, 120, `Name the office, like “${K} Clerk's office”.`),
    address: text(
      `${key}.address`,
      200,
      'Enter the street address, place, state and ZIP code, like “1 Main Street, Springfield, NY 12345”.',
    ),
    hours: text(`${key}.hours`, 200, 'Say when the office is open, like “Monday to Friday, 9 a.m. to 5 p.m.”.'),
    phone: text(`${key}.phone`, 40, null),
  });
  const official = (key: keyof typeof OFFICIALS): TownOfficial => ({
    name: text(`${key}.name`, 120, null),
    title: text(`${key}.title`, 120, null),
    email: email(`${key}.email`),
  });
  const openGovernmentEmail = email('openGovernmentEmail');
  if (!openGovernmentEmail && !errors.openGovernmentEmail)
    errors.openGovernmentEmail = `Enter the Committee on Open Government’s address (${OPEN_GOVERNMENT_COMMITTEE_EMAIL}): the law wants every appeal and its determination copied to it.`;
  const mailFrom = text('mailFrom', 200, null);
  if (mailFrom && !EMAIL.test(/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom))
    errors.mailFrom = `Enter the sender like “${K} of Springfield Stormwater <stormwater@springfield.example>”, or leave it empty to use MAIL_FROM.`;
  const publicUrl = text('publicUrl', 200, null).replace(/\/+$/, '');
  if (publicUrl && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(publicUrl))
    errors.publicUrl = 'Enter the portal’s address starting with https://, or leave it empty to use PUBLIC_URL.';
  const profile: TownProfile = {
    name: text('name', 80, `Enter the municipality’s name, like “Springfield” (without “${K} of”).`),
    kind: (MUNICIPALITY_KINDS as readonly string[]).includes(kind) ? (kind as MunicipalityKind) : 'town',
    county: text('county', 80, null),
    clerkOffice: office('clerkOffice'),
    stormwaterOffice: office('stormwaterOffice'),
    recordsAccessOfficer: official('recordsAccessOfficer'),
    appealsOfficer: official('appealsOfficer'),
    stormwaterOfficer: official('stormwaterOfficer'),
    openGovernmentEmail,
    signature: text(
      'signature',
      200,
      'Enter the department’s signature, like “Department of Public Works: Stormwater Management”.',
    ),
    mailFrom,
    publicUrl,
    logoSha256,
    bounds: NEW_YORK_BOUNDS,
    mapCentre: NEW_YORK_CENTRE,
  };
  const geo = checkGeography(values);
  Object.assign(errors, geo.errors);
  profile.bounds = geo.bounds;
  profile.mapCentre = geo.mapCentre;
  if (/^(town|village|city) of /i.test(profile.name))
    errors.name = `Enter the name alone: the portal adds “${capital(profile.kind)} of”.`;
  return { profile, errors };
}

/** The profile as the form's values (the same flat names checkTownProfile reads). */
export function townProfileValues(p: TownProfile): Record<string, string> {
  const out: Record<string, string> = {
    name: p.name,
    kind: p.kind,
    county: p.county,
    signature: p.signature,
    mailFrom: p.mailFrom,
    publicUrl: p.publicUrl,
    openGovernmentEmail: p.openGovernmentEmail,
  };
  for (const key of Object.keys(OFFICES) as Array<keyof typeof OFFICES>)
    for (const f of OFFICE_FIELDS) out[`${key}.${f}`] = p[key][f];
  for (const key of Object.keys(OFFICIALS) as Array<keyof typeof OFFICIALS>)
    for (const f of OFFICIAL_FIELDS) out[`${key}.${f}`] = p[key][f];
  for (const f of BOUNDS_FIELDS) out[`bounds.${f}`] = String(p.bounds[f]);
  out['mapCentre.latitude'] = String(p.mapCentre.latitude);
  out['mapCentre.longitude'] = String(p.mapCentre.longitude);
  return out;
}
