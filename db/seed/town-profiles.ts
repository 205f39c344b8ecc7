/**
 * The demo municipalities' profiles (decision 0038): the portal's code names no town; the
 * demo town's name, offices and officials are data, written here by the seed and edited by the admin at
 * /staff/settings. Fictional addresses and 555-01xx telephone numbers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { schema, type DB } from '#lib/server/platform/db.ts';
import {
  ORDINANCE_ADOPTED_KEY,
  ORDINANCE_NUMBER_KEY,
  ORDINANCE_TEXT_KEY,
} from '#lib/server/platform/ordinance-text.rules.ts';
import { writeTownProfile } from '#lib/server/platform/town-profile.ts';
import { townWords, type TownProfile } from '#lib/shared/town-profile.ts';

const CLERK_HOURS = 'Monday to Friday, 8:30 a.m. to 4:30 p.m.';

export const ROTTERDAM_PROFILE: TownProfile = {
  name: 'Rotterdam',
  kind: 'town',
  county: 'Schenectady',
  clerkOffice: {
    name: "Town Clerk's office",
    address: '1100 Sunrise Boulevard, Rotterdam, NY 12306',
    hours: CLERK_HOURS,
    phone: '(518) 555-0150',
  },
  stormwaterOffice: {
    name: 'Department of Public Works',
    address: '1100 Sunrise Boulevard, Rotterdam, NY 12306',
    hours: CLERK_HOURS,
    phone: '(518) 555-0150',
  },
  recordsAccessOfficer: { name: 'Dana Kowalski', title: 'the Deputy Town Clerk', email: 'clerk@rotterdam.example' },
  appealsOfficer: { name: '', title: 'the Town Supervisor', email: 'supervisor@rotterdam.example' },
  stormwaterOfficer: { name: 'Sam Okafor', title: 'Stormwater Management Officer', email: 'officer@rotterdam.example' },
  // A demo's appeals must not reach the real Committee (coog@dos.ny.gov, the default for a new town).
  openGovernmentEmail: 'coog@dos.ny.example',
  signature: 'Department of Public Works: Stormwater Management',
  mailFrom: 'Town of Rotterdam Stormwater <stormwater@rotterdamny.example>',
  publicUrl: '',
  logoSha256: null,
  bounds: { minLat: 42.74, maxLat: 42.875, minLon: -74.085, maxLon: -73.925 },
  mapCentre: { latitude: 42.8, longitude: -74.0 },
};

export const ROTTERDAM_WORDS = townWords(ROTTERDAM_PROFILE);

/** Write the demo town's profile (replacing any). */
export function seedTownProfile(db: Pick<DB, 'insert'>, now: Date, profile: TownProfile = ROTTERDAM_PROFILE): void {
  writeTownProfile(db, profile, now);
}

/**
 * The demo town's erosion and sediment control law, as its admin would enter it (decision 0077: the portal
 * ships no municipality's law). The text is the law as amended; the number and day are of the latest
 * amendment the text cites (L.L. No. 2-2009, March 11, 2009).
 */
export function seedRotterdamLaw(db: Pick<DB, 'insert'>, now: Date): void {
  const text = fs.readFileSync(path.join(import.meta.dirname, 'rotterdam-ordinance.md'), 'utf8').trim();
  for (const [key, value] of [
    [ORDINANCE_TEXT_KEY, text],
    [ORDINANCE_NUMBER_KEY, 'Local Law No. 2 of 2009'],
    [ORDINANCE_ADOPTED_KEY, '2009-03-11'],
  ]) {
    db.insert(schema.settings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: schema.settings.key, set: { value, updatedAt: now } })
      .run();
  }
}
