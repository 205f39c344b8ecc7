/**
 * The demo town's vocabulary: real Rotterdam, NY road names placed where they run, local streams,
 * and fictional companies and people. Nothing here names a real firm or person.
 *
 * Rotterdam lies south and west of the City of Schenectady, with the Mohawk River on its north side.
 * Every coordinate generated from these roads stays inside lat 42.745..42.87, lon -74.08..-73.93.
 */
import type { Rng } from './random.ts';

export const TOWN_BOUNDS = { minLat: 42.745, maxLat: 42.87, minLon: -74.08, maxLon: -73.93 } as const;

export type WaterKey =
  | 'mohawk'
  | 'plotterKill'
  | 'normansKill'
  | 'sandseaKill'
  | 'poenticKill'
  | 'plotterTrib'
  | 'normansTrib'
  | 'ms4'
  | 'wetland';

export interface Water {
  name: string;
  /** stream | river | wetland | lake | ms4 */
  type: 'stream' | 'river' | 'wetland' | 'ms4';
  /** On the state's 303(d) list (demo assumption, not a statement about the real list). */
  impaired: boolean;
}

export const WATERS: Record<WaterKey, Water> = {
  mohawk: { name: 'Mohawk River', type: 'river', impaired: false },
  plotterKill: { name: 'Plotter Kill', type: 'stream', impaired: false },
  normansKill: { name: 'Normans Kill', type: 'stream', impaired: true },
  sandseaKill: { name: 'Sandsea Kill', type: 'stream', impaired: true },
  poenticKill: { name: 'Poentic Kill', type: 'stream', impaired: false },
  plotterTrib: { name: 'Unnamed tributary to the Plotter Kill', type: 'stream', impaired: false },
  normansTrib: { name: 'Unnamed tributary to the Normans Kill', type: 'stream', impaired: false },
  ms4: { name: 'Town of Rotterdam storm sewer system', type: 'ms4', impaired: false },
  wetland: { name: 'Federal wetland, delineated on site', type: 'wetland', impaired: false },
};

export type RoadKey =
  | 'curry'
  | 'altamont'
  | 'hamburg'
  | 'guilderland'
  | 'princetown'
  | 'duanesburg'
  | 'duanesburgSouth'
  | 'helderberg'
  | 'carman'
  | 'burdeck'
  | 'campbell'
  | 'westcott'
  | 'mariaville'
  | 'pattersonville'
  | 'giffords'
  | 'sunrise'
  | 'lowerGregg'
  | 'mainJunction'
  | 'rynex'
  | 'thompson'
  | 'broadway'
  | 'route5s';

export interface Road {
  name: string;
  zip: string;
  /** Centre of the stretch of road inside the town, and how far a site may sit from it (degrees). */
  lat: number;
  lon: number;
  spread: number;
  houseNumbers: [number, number];
  crossStreets: string[];
  /** Tax map sections along the road (section-block-lot is built from these). */
  taxSections: string[];
  waters: WaterKey[];
}

export const ROADS: Record<RoadKey, Road> = {
  curry: {
    name: 'Curry Road',
    zip: '12306',
    lat: 42.7815,
    lon: -73.9705,
    spread: 0.008,
    houseNumbers: [1200, 2950],
    crossStreets: ['Helderberg Avenue', 'Westcott Road', 'Lower Gregg Road', 'Princetown Road', 'Hamburg Street'],
    taxSections: ['58.10', '58.14', '59.09', '59.13'],
    waters: ['sandseaKill', 'ms4', 'normansTrib'],
  },
  altamont: {
    name: 'Altamont Avenue',
    zip: '12303',
    lat: 42.7858,
    lon: -73.9438,
    spread: 0.005,
    houseNumbers: [1800, 3100],
    crossStreets: ['Curry Road', 'Hamburg Street', 'Guilderland Avenue', 'Fehr Avenue'],
    taxSections: ['59.07', '59.11', '59.15'],
    waters: ['poenticKill', 'ms4'],
  },
  hamburg: {
    name: 'Hamburg Street',
    zip: '12303',
    lat: 42.7892,
    lon: -73.9532,
    spread: 0.004,
    houseNumbers: [900, 2100],
    crossStreets: ['Curry Road', 'Helderberg Avenue', 'Altamont Avenue', 'Sunrise Boulevard'],
    taxSections: ['59.06', '59.10'],
    waters: ['sandseaKill', 'ms4'],
  },
  guilderland: {
    name: 'Guilderland Avenue',
    zip: '12306',
    lat: 42.7745,
    lon: -73.9425,
    spread: 0.005,
    houseNumbers: [1500, 2900],
    crossStreets: ['Altamont Avenue', 'Curry Road', 'Carman Road'],
    taxSections: ['69.06', '69.10'],
    waters: ['poenticKill', 'normansTrib', 'ms4'],
  },
  princetown: {
    name: 'Princetown Road',
    zip: '12306',
    lat: 42.7905,
    lon: -74.0145,
    spread: 0.012,
    houseNumbers: [700, 2600],
    crossStreets: ['Curry Road', 'Giffords Church Road', 'Westcott Road', 'Rynex Corners Road'],
    taxSections: ['47.11', '47.15', '48.13', '57.03'],
    waters: ['plotterKill', 'plotterTrib'],
  },
  duanesburg: {
    name: 'Duanesburg Road',
    zip: '12306',
    lat: 42.7668,
    lon: -74.0205,
    spread: 0.01,
    houseNumbers: [2100, 3600],
    crossStreets: ['Curry Road', 'I-88 Exit 25A ramp', 'Route 7 service road', 'Pangburn Road'],
    taxSections: ['67.04', '67.08', '68.05'],
    waters: ['normansTrib', 'normansKill', 'ms4'],
  },
  duanesburgSouth: {
    name: 'Duanesburg Road',
    zip: '12056',
    lat: 42.7525,
    lon: -74.0455,
    spread: 0.005,
    houseNumbers: [3600, 4400],
    crossStreets: ['Route 20 connector', 'Bozenkill Road', 'I-88 overpass'],
    taxSections: ['76.02', '76.06'],
    waters: ['normansKill', 'normansTrib'],
  },
  helderberg: {
    name: 'Helderberg Avenue',
    zip: '12306',
    lat: 42.7838,
    lon: -73.9585,
    spread: 0.004,
    houseNumbers: [100, 1300],
    crossStreets: ['Curry Road', 'Hamburg Street', 'Carman Road'],
    taxSections: ['59.05', '59.09'],
    waters: ['sandseaKill', 'ms4'],
  },
  carman: {
    name: 'Carman Road',
    zip: '12303',
    lat: 42.7683,
    lon: -73.9382,
    spread: 0.005,
    houseNumbers: [1, 700],
    crossStreets: ['Curry Road', 'Guilderland Avenue', 'Helderberg Avenue'],
    taxSections: ['69.11', '69.15'],
    waters: ['normansKill', 'normansTrib', 'ms4'],
  },
  burdeck: {
    name: 'Burdeck Street',
    zip: '12306',
    lat: 42.7975,
    lon: -73.9618,
    spread: 0.003,
    houseNumbers: [1100, 2000],
    crossStreets: ['Broadway', 'Curry Road', 'Thompson Street'],
    taxSections: ['49.14', '49.18'],
    waters: ['ms4', 'sandseaKill'],
  },
  campbell: {
    name: 'West Campbell Road',
    zip: '12306',
    lat: 42.8205,
    lon: -73.9895,
    spread: 0.005,
    houseNumbers: [20, 900],
    crossStreets: ['Route 5S', 'Burdeck Street', 'Rotterdam Industrial Park Road'],
    taxSections: ['38.16', '39.13'],
    waters: ['mohawk', 'ms4'],
  },
  westcott: {
    name: 'Westcott Road',
    zip: '12306',
    lat: 42.7762,
    lon: -73.9915,
    spread: 0.005,
    houseNumbers: [100, 1100],
    crossStreets: ['Curry Road', 'Princetown Road', 'Lower Gregg Road'],
    taxSections: ['58.09', '58.13'],
    waters: ['plotterTrib', 'normansTrib'],
  },
  mariaville: {
    name: 'Mariaville Road',
    zip: '12306',
    lat: 42.8045,
    lon: -74.0365,
    spread: 0.01,
    houseNumbers: [1200, 3200],
    crossStreets: ['Giffords Church Road', 'Pattersonville Road', 'Rynex Corners Road'],
    taxSections: ['36.12', '37.09', '46.04'],
    waters: ['plotterKill', 'plotterTrib'],
  },
  pattersonville: {
    name: 'Pattersonville Road',
    zip: '12150',
    lat: 42.8425,
    lon: -74.0455,
    spread: 0.008,
    houseNumbers: [100, 1500],
    crossStreets: ['Mariaville Road', 'Route 5S', 'Main Street'],
    taxSections: ['26.14', '27.11'],
    waters: ['mohawk', 'plotterKill'],
  },
  giffords: {
    name: 'Giffords Church Road',
    zip: '12306',
    lat: 42.8105,
    lon: -74.0055,
    spread: 0.007,
    houseNumbers: [100, 1400],
    crossStreets: ['Princetown Road', 'Mariaville Road', 'Route 5S'],
    taxSections: ['37.16', '47.04'],
    waters: ['plotterKill', 'plotterTrib'],
  },
  sunrise: {
    name: 'Sunrise Boulevard',
    zip: '12306',
    lat: 42.7922,
    lon: -73.9755,
    spread: 0.003,
    houseNumbers: [100, 600],
    crossStreets: ['Curry Road', 'Hamburg Street', 'Burdeck Street'],
    taxSections: ['49.17', '58.02'],
    waters: ['ms4', 'sandseaKill'],
  },
  lowerGregg: {
    name: 'Lower Gregg Road',
    zip: '12306',
    lat: 42.7712,
    lon: -73.9948,
    spread: 0.004,
    houseNumbers: [100, 800],
    crossStreets: ['Curry Road', 'Westcott Road', 'Duanesburg Road'],
    taxSections: ['58.17', '67.01'],
    waters: ['normansTrib', 'plotterTrib'],
  },
  mainJunction: {
    name: 'Main Street',
    zip: '12150',
    lat: 42.8625,
    lon: -74.0425,
    spread: 0.003,
    houseNumbers: [1000, 1500],
    crossStreets: ['Pattersonville Road', 'Route 5S', 'Railroad Street'],
    taxSections: ['17.19', '26.07'],
    waters: ['mohawk'],
  },
  rynex: {
    name: 'Rynex Corners Road',
    zip: '12306',
    lat: 42.7858,
    lon: -74.0482,
    spread: 0.007,
    houseNumbers: [200, 1600],
    crossStreets: ['Princetown Road', 'Mariaville Road', 'Duanesburg Road'],
    taxSections: ['46.16', '56.04'],
    waters: ['plotterTrib', 'normansTrib'],
  },
  thompson: {
    name: 'Thompson Street',
    zip: '12306',
    lat: 42.8038,
    lon: -73.9735,
    spread: 0.003,
    houseNumbers: [1, 500],
    crossStreets: ['Burdeck Street', 'Broadway', 'Route 5S'],
    taxSections: ['49.06', '49.10'],
    waters: ['ms4', 'mohawk'],
  },
  broadway: {
    name: 'Broadway',
    zip: '12306',
    lat: 42.8035,
    lon: -73.9525,
    spread: 0.004,
    houseNumbers: [2000, 3100],
    crossStreets: ['Burdeck Street', 'Thompson Street', 'Hamburg Street'],
    taxSections: ['49.08', '49.12'],
    waters: ['ms4', 'mohawk'],
  },
  route5s: {
    name: 'Route 5S',
    zip: '12306',
    lat: 42.8335,
    lon: -74.0085,
    spread: 0.008,
    houseNumbers: [1, 900],
    crossStreets: ['West Campbell Road', 'Giffords Church Road', 'Pattersonville Road'],
    taxSections: ['28.17', '38.04'],
    waters: ['mohawk'],
  },
};

export const ROAD_KEYS = Object.keys(ROADS) as RoadKey[];

/** A point near the road, clamped inside the town. */
export function siteCoordinates(rng: Rng, road: Road): { latitude: number; longitude: number } {
  const lat = road.lat + (rng.next() * 2 - 1) * road.spread;
  const lon = road.lon + (rng.next() * 2 - 1) * road.spread * 1.3;
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi - 0.001, Math.max(lo + 0.001, v));
  return {
    latitude: Math.round(clamp(lat, TOWN_BOUNDS.minLat, TOWN_BOUNDS.maxLat) * 1e6) / 1e6,
    longitude: Math.round(clamp(lon, TOWN_BOUNDS.minLon, TOWN_BOUNDS.maxLon) * 1e6) / 1e6,
  };
}

/** Section-block-lot, e.g. "58.10-3-12"; big sites span several lots in one block. */
export function taxParcels(rng: Rng, road: Road, count = 1): string {
  const section = rng.pick(road.taxSections);
  const block = rng.int(1, 6);
  const firstLot = rng.int(1, 60);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const lot = firstLot + i * rng.int(1, 3);
    out.push(`${section}-${block}-${lot}${rng.chance(0.15) ? `.${rng.int(1, 2)}` : ''}`);
  }
  return out.join(', ');
}

export function houseNumber(rng: Rng, road: Road): number {
  const [lo, hi] = road.houseNumbers;
  const n = rng.int(lo, hi);
  return n < 20 ? n : n - (n % 2 === 0 ? 0 : 1) + (rng.chance(0.5) ? 1 : 0);
}

// -------------------------------------------------------------------------------------------
// People and companies (fictional)

export const FIRST_NAMES = [
  'Karen',
  'Michael',
  'Denise',
  'Robert',
  'Anita',
  'Joseph',
  'Maria',
  'Thomas',
  'Priya',
  'Daniel',
  'Lisa',
  'Kevin',
  'Theresa',
  'Marcus',
  'Elena',
  'Brian',
  'Nicole',
  'Samuel',
  'Grace',
  'Anthony',
  'Heather',
  'Luis',
  'Rachel',
  'Patrick',
  'Yvonne',
  'Gregory',
  'Shannon',
  'Victor',
  'Colleen',
  'Derek',
  'Monique',
  'Paul',
  'Jennifer',
  'Raymond',
  'Aisha',
  'Frank',
  'Tanya',
  'Edward',
  'Naomi',
  'Carl',
] as const;

export const LAST_NAMES = [
  'Olsen',
  'DeLuca',
  'Van Vorst',
  'Mancini',
  'Okafor',
  'Brennan',
  'Sorensen',
  'Petrosino',
  'Walsh',
  'Nguyen',
  'Bellamy',
  'Kowalski',
  'Ramirez',
  'Hutchins',
  'Szymanski',
  'Fitzgerald',
  'Abernathy',
  'Iannotti',
  'Carver',
  'Lindqvist',
  'Marchetti',
  'Quackenbush',
  'Rosario',
  'Templeton',
  'Underhill',
  'Vedder',
  'Whitcomb',
  'Yates',
  'Zielinski',
  'Coughlin',
  'Demarco',
  'Esposito',
  'Gallagher',
  'Haskins',
  'Jablonski',
  'Kearney',
  'Lombardo',
  'Montalvo',
  'Pellegrino',
  'Schermerhorn',
] as const;

export function personName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

export interface Firm {
  name: string;
  /** Short word for the (reserved, RFC 2606) example e-mail domain. */
  domain: string;
}

/** Engineers and landscape architects who prepare SWPPPs. */
export const PREPARER_FIRMS: Array<Firm & { profession: 'PE' | 'RLA' }> = [
  { name: 'Hudson-Mohawk Civil Design, PLLC', domain: 'hmcivil', profession: 'PE' },
  { name: 'Stockade Engineering & Surveying, P.C.', domain: 'stockade-eng', profession: 'PE' },
  { name: 'Kinderhook Site Design, D.P.C.', domain: 'kinderhooksite', profession: 'PE' },
  { name: 'Helderberg Landscape Architecture, PLLC', domain: 'helderberg-la', profession: 'RLA' },
  { name: 'Capital Region Civil Associates, P.C.', domain: 'crcivil', profession: 'PE' },
  { name: 'Woestina Engineering Group, PLLC', domain: 'woestina', profession: 'PE' },
  { name: 'Great Flats Land Planning, PLLC', domain: 'greatflats', profession: 'RLA' },
];

/** Qualified inspectors (CPESC or PE). */
export const INSPECTION_FIRMS: Firm[] = [
  { name: 'Adirondack Erosion Control Services, LLC', domain: 'adk-erosion' },
  { name: 'Mohawk Environmental Compliance, Inc.', domain: 'mohawkenv' },
  { name: 'Schoharie Valley Site Inspection, LLC', domain: 'svsi' },
  { name: 'Plotter Kill Environmental, LLC', domain: 'plotterkillenv' },
  { name: 'Catskill Stormwater Compliance, Inc.', domain: 'catskillsw' },
];

export interface ContractorFirm extends Firm {
  /** The SWPPP measures this kind of firm typically implements. */
  measures: string;
  trade: 'sitework' | 'utilities' | 'paving' | 'landscaping' | 'erosion' | 'concrete' | 'solar';
}

export const CONTRACTOR_FIRMS: ContractorFirm[] = [
  {
    name: 'Glenville Earthworks, Inc.',
    domain: 'glenvilleearth',
    trade: 'sitework',
    measures:
      'Stabilized construction entrance, silt fence, sediment traps and basin, diversion swales, topsoil stockpile cover',
  },
  {
    name: 'Kings Road Site Development Corp.',
    domain: 'kingsroadsite',
    trade: 'sitework',
    measures:
      'Clearing and grubbing limits, silt fence, stabilized construction entrance, sediment basin, dust control',
  },
  {
    name: 'Duanesburg Sand & Gravel Co.',
    domain: 'dsandg',
    trade: 'sitework',
    measures: 'Rough grading, sediment traps, check dams, temporary seeding of graded areas',
  },
  {
    name: 'Van Antwerp Excavating, LLC',
    domain: 'vanantwerpex',
    trade: 'sitework',
    measures: 'Silt fence, construction entrance, sediment trap maintenance, stockpile stabilization',
  },
  {
    name: 'Helderberg Utilities Corp.',
    domain: 'helderbergutil',
    trade: 'utilities',
    measures: 'Inlet protection, trench dewatering through filter bags, restoration of utility trenches',
  },
  {
    name: 'Bellevue Pipe & Drainage, Inc.',
    domain: 'bellevuepipe',
    trade: 'utilities',
    measures: 'Storm sewer installation, inlet protection, outlet riprap aprons',
  },
  {
    name: 'Northway Paving Co., Inc.',
    domain: 'northwaypaving',
    trade: 'paving',
    measures: 'Street sweeping of paved areas, protection of inlets during paving, curb line stabilization',
  },
  {
    name: 'Mohawk Hydroseeding, LLC',
    domain: 'mohawkhydro',
    trade: 'erosion',
    measures: 'Hydroseeding, erosion control blanket on slopes steeper than 3:1, mulching',
  },
  {
    name: 'Pine Bush Erosion Control, Inc.',
    domain: 'pinebushec',
    trade: 'erosion',
    measures: 'Silt fence and compost filter sock installation and repair, turbidity curtain, check dams',
  },
  {
    name: 'Capital Landscape Contractors, LLC',
    domain: 'capland',
    trade: 'landscaping',
    measures: 'Permanent seeding and sod, bioretention planting and soil media, final stabilization',
  },
  {
    name: 'Great Flats Concrete & Foundations, Inc.',
    domain: 'gfconcrete',
    trade: 'concrete',
    measures: 'Concrete washout area, wash water containment, foundation excavation dewatering',
  },
  {
    name: 'Sunpath Solar Builders, LLC',
    domain: 'sunpathsolar',
    trade: 'solar',
    measures:
      'Racking installation within approved limits, vegetated cover maintenance under arrays, access road stabilization',
  },
];

/** Owner/operator company name parts for large-mode towns. */
export const OWNER_PREFIXES = [
  'Mohawk',
  'Helderberg',
  'Schoharie',
  'Pine Bush',
  'Riverside',
  'Bellevue',
  'Woestina',
  'Princetown',
  'Great Flats',
  'Mariaville',
  'Hamburg',
  'Van Curler',
  'Rynex',
  'Normanskill',
  'Plotter Kill',
  'Junction',
  'Stockade',
  'Curry',
  'Westcott',
  'Sandsea',
] as const;
export const OWNER_SUFFIXES = [
  'Development LLC',
  'Properties LLC',
  'Holdings, LLC',
  'Realty Partners LP',
  'Builders, Inc.',
  'Land Company, LLC',
  'Commercial Partners, LLC',
  'Homes, Inc.',
] as const;

/**
 * 555-0100 to 555-0199 are reserved for fiction. Public parties (owners, preparers, inspectors,
 * contractors, the town office at 0150) get 0100-0179; requesters' private numbers come from
 * REQUESTER_PHONES (0180-0199), so no private detail ever equals a public one and a test that a page
 * leaks no requester's number cannot be fooled by a party who happens to share it.
 */
export function phone(rng: Rng): string {
  return `(518) 555-01${String(rng.int(0, 79)).padStart(2, '0')}`;
}

/** Requesters' demo phone numbers: private, and never a public party's (see phone()). */
export const REQUESTER_PHONES = Array.from({ length: 20 }, (_, k) => `(518) 555-01${80 + k}`);

export function emailFor(person: string, domain: string): string {
  const [first, ...rest] = person.toLowerCase().split(' ');
  const last = rest.join('').replace(/[^a-z]/g, '');
  return `${first[0]}${last}@${domain}.example`;
}

export function peLicense(rng: Rng): string {
  return `NYS PE ${String(rng.int(70000, 99999)).padStart(6, '0')}`;
}

export function rlaLicense(rng: Rng): string {
  return `NYS RLA ${String(rng.int(1800, 3400)).padStart(6, '0')}`;
}

export function cpescLicense(rng: Rng): string {
  return `CPESC #${rng.int(3100, 9800)}`;
}

// -------------------------------------------------------------------------------------------
// Erosion and sediment control practices inspected on site

export type PracticeType =
  | 'sediment_trap'
  | 'sediment_basin'
  | 'silt_fence'
  | 'inlet_protection'
  | 'construction_entrance'
  | 'diversion'
  | 'other';

export interface PracticeDef {
  practice: string;
  practiceType: PracticeType;
}

/** Typical E&SC practices for a site of a given size; names match the plan sheets. */
export function practicesFor(rng: Rng, disturbedAcres: number, hasStreets: boolean): PracticeDef[] {
  const sides = rng.shuffle(['north', 'east', 'south', 'west']);
  const list: PracticeDef[] = [
    { practice: 'Stabilized construction entrance', practiceType: 'construction_entrance' },
    { practice: `Silt fence along ${sides[0]} property line`, practiceType: 'silt_fence' },
  ];
  if (disturbedAcres > 1.5)
    list.push({ practice: `Silt fence along ${sides[1]} limit of disturbance`, practiceType: 'silt_fence' });
  if (disturbedAcres >= 1) list.push({ practice: 'Sediment trap ST-1', practiceType: 'sediment_trap' });
  if (disturbedAcres >= 3) list.push({ practice: 'Sediment trap ST-2', practiceType: 'sediment_trap' });
  if (disturbedAcres >= 8) list.push({ practice: 'Temporary sediment basin SB-1', practiceType: 'sediment_basin' });
  if (disturbedAcres >= 4) list.push({ practice: 'Diversion swale D-1', practiceType: 'diversion' });
  if (hasStreets)
    list.push({
      practice: `Inlet protection, catch basins CB-${rng.int(1, 4)} and CB-${rng.int(5, 9)}`,
      practiceType: 'inlet_protection',
    });
  if (disturbedAcres >= 2) list.push({ practice: 'Concrete washout area', practiceType: 'other' });
  return list;
}

export const POST_CONSTRUCTION_PRACTICES = [
  'bioretention area',
  'wet pond (micropool extended detention)',
  'infiltration basin',
  'underground infiltration chambers',
  'dry swale',
  'porous asphalt parking',
  'vegetated filter strip',
  'rain gardens',
  'stormwater planters',
  'underground detention with hydrodynamic separator',
  'green roof',
  'sand filter',
] as const;

/** Lowercase, hyphenated, ASCII. */
export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
