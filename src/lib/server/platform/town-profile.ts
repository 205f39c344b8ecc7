/**
 * The town profile, stored (decision 0038): one JSON row in `settings`, read through
 * memoUntilPublicChange so hot pages do not query it per request, saved by the admin with an audit row.
 * THE ONE API: `townAsync(db)` (and `town(db)` on the synchronous face the seeds use) returns the words
 * (`fullName`, `portalName`, `hall`, `clerk`, …) and the profile itself (`.profile.clerkOffice.address`); the
 * middleware reads it once per request into `locals.town` (and the public address into `locals.publicUrl`),
 * where pages, layouts and actions take it; mail gets it injected by the outbox (mail/layout.ts `mailTown()`),
 * PDFs and feeds take it from their loaders. The pure part (shape, words, checks) is src/lib/shared/town-profile.ts.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { settings } from '#db/schema.ts';
import { auditAsync, type Actor, type Tx } from './audit.ts';
import { config } from './config.ts';
import { memoUntilPublicChange, memoUntilPublicChangeAsync } from './db.ts';
import type { Db } from './db/async-session.ts';
import { discardUnreferenced } from './files/references.ts';
import { storedFilePath } from './files/store.ts';
import type { ReceivedFile } from './files/uploads.ts';
import { defineUpload } from './forms/define-upload.ts';
import {
  checkGeography,
  checkTownProfile,
  MUNICIPALITY_KINDS,
  PLACEHOLDER_TOWN_PROFILE,
  townWords,
  type TownOffice,
  type TownOfficial,
  type TownProfile,
  type TownWords,
} from '#lib/shared/town-profile.ts';
import { failFields, ok, type Result } from '#lib/server/platform/result.ts';

export const TOWN_PROFILE_KEY = 'town_profile';

type Reader = Pick<Tx, 'select'>;

const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
const office = (v: unknown, d: TownOffice): TownOffice => {
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  return {
    name: str(o.name, d.name),
    address: str(o.address, d.address),
    hours: str(o.hours, d.hours),
    phone: str(o.phone, d.phone),
  };
};
const official = (v: unknown, d: TownOfficial): TownOfficial => {
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  return { name: str(o.name, d.name), title: str(o.title, d.title), email: str(o.email, d.email) };
};

/** A stored value read defensively: what is missing or malformed falls back to the placeholder. */
export function parseTownProfile(json: string | undefined): TownProfile {
  const d = PLACEHOLDER_TOWN_PROFILE;
  let raw: Record<string, unknown> = {};
  try {
    const v: unknown = json ? JSON.parse(json) : {};
    if (v && typeof v === 'object') raw = v as Record<string, unknown>;
  } catch {
    raw = {};
  }
  return {
    name: str(raw.name, d.name) || d.name,
    kind: (MUNICIPALITY_KINDS as readonly unknown[]).includes(raw.kind) ? (raw.kind as TownProfile['kind']) : d.kind,
    county: str(raw.county, d.county),
    clerkOffice: office(raw.clerkOffice, d.clerkOffice),
    stormwaterOffice: office(raw.stormwaterOffice, d.stormwaterOffice),
    recordsAccessOfficer: official(raw.recordsAccessOfficer, d.recordsAccessOfficer),
    appealsOfficer: official(raw.appealsOfficer, d.appealsOfficer),
    stormwaterOfficer: official(raw.stormwaterOfficer, d.stormwaterOfficer),
    // A profile saved before this field existed, or blanked, copies appeals to the Committee's own address.
    openGovernmentEmail: str(raw.openGovernmentEmail, d.openGovernmentEmail) || d.openGovernmentEmail,
    signature: str(raw.signature, d.signature) || d.signature,
    mailFrom: str(raw.mailFrom, d.mailFrom),
    publicUrl: str(raw.publicUrl, d.publicUrl),
    logoSha256: typeof raw.logoSha256 === 'string' && /^[0-9a-f]{64}$/.test(raw.logoSha256) ? raw.logoSha256 : null,
    ...geography(raw, d),
  };
}

/** The stored box and centre, read defensively: anything missing, outside New York or out of order is the default. */
function geography(raw: Record<string, unknown>, d: TownProfile): Pick<TownProfile, 'bounds' | 'mapCentre'> {
  const b = (raw.bounds ?? {}) as Record<string, unknown>;
  const c = (raw.mapCentre ?? {}) as Record<string, unknown>;
  const checked = checkGeography({
    'bounds.minLat': String(b.minLat ?? ''),
    'bounds.maxLat': String(b.maxLat ?? ''),
    'bounds.minLon': String(b.minLon ?? ''),
    'bounds.maxLon': String(b.maxLon ?? ''),
    'mapCentre.latitude': String(c.latitude ?? ''),
    'mapCentre.longitude': String(c.longitude ?? ''),
  });
  return Object.keys(checked.errors).length
    ? { bounds: d.bounds, mapCentre: d.mapCentre }
    : { bounds: checked.bounds, mapCentre: checked.mapCentre };
}

const PROFILE_ROW = eq(settings.key, TOWN_PROFILE_KEY);

function read(db: Reader): TownProfile {
  return parseTownProfile(db.select({ value: settings.value }).from(settings).where(PROFILE_ROW).get()?.value);
}

async function readAsync(db: Pick<Db, 'select'>): Promise<TownProfile> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(PROFILE_ROW);
  return parseTownProfile(row?.value);
}

/** The town's profile (kept per connection until public data changes; a transaction sees its own writes). */
export function townProfile(db: Reader): TownProfile {
  return memoUntilPublicChange(db, 'town.profile', () => read(db));
}

/** The town's words and profile: what pages, mail, PDFs and feeds print. */
export function town(db: Reader): TownWords {
  return memoUntilPublicChange(db, 'town.words', () => townWords(read(db)));
}

/** The portal's public address: the profile's, else the configured PUBLIC_URL. */
export function townPublicUrl(db: Reader): string {
  return publicUrlOf(townProfile(db));
}

/** The portal's public address from a profile already read: the profile's, else the configured PUBLIC_URL. */
export const publicUrlOf = (profile: TownProfile) => (profile.publicUrl || config().publicUrl).replace(/\/$/, '');

/** The From: of outgoing mail: the profile's, else MAIL_FROM, else one built from the town's name. */
export function townMailFrom(db: Reader): string {
  const t = town(db);
  return t.profile.mailFrom || config().mailFrom || `${t.fullName} Stormwater <stormwater@localhost>`;
}

/** The profile's settings row, and what replaces an existing one: for the seeds' write and the admin's save. */
function profileUpsert(profile: TownProfile, now: Date) {
  const value = JSON.stringify(profile);
  return {
    row: { key: TOWN_PROFILE_KEY, value, updatedAt: now },
    replace: { target: settings.key, set: { value, updatedAt: now } },
  };
}

/** Write the profile (no checks: saveTownProfile checks; the seeds call this directly). */
export function writeTownProfile(tx: Pick<Tx, 'insert'>, profile: TownProfile, now: Date): void {
  const { row, replace } = profileUpsert(profile, now);
  tx.insert(settings).values(row).onConflictDoUpdate(replace).run();
}

/** The admin's save: the whole profile at once, audited with before and after. */
export function saveTownProfile(db: Db, actor: Actor, next: TownProfile, now = new Date()): Promise<void> {
  return db.transaction(async (tx) => {
    const before = await readAsync(tx);
    const { row, replace } = profileUpsert(next, now);
    await tx.insert(settings).values(row).onConflictDoUpdate(replace);
    await auditAsync(tx, actor, {
      action: 'town_profile.update',
      entityType: 'settings',
      entityId: TOWN_PROFILE_KEY,
      before,
      after: next,
    });
  });
}

/**
 * The settings page's form, read: the fields (shared checkTownProfile) and the logo chosen: a new one
 * (a PNG or JPEG recognised by its bytes, stored already), none when "Remove the logo" is ticked, else
 * the one in use (`keepLogo`: the handler puts it back, as the parser does not read the database).
 */
export function parseTownProfileForm(
  values: Record<string, string>,
  logo: ReceivedFile | undefined,
): Result<{ value: { profile: TownProfile; keepLogo: boolean } }> {
  const { profile, errors } = checkTownProfile(values, logo ? logo.sha256 : null);
  if (Object.keys(errors).length) return failFields(errors);
  return ok({ value: { profile, keepLogo: !logo && values.removeLogo !== 'on' } });
}

/** The settings page's multipart POST: the profile saved, and a replaced logo removed when nothing else uses it. */
export const townProfileUpload = defineUpload({
  accept: ['png', 'jpeg'],
  maxFileBytes: 1024 * 1024,
  fileField: 'logo',
  chooseAgain: 'the logo',
  parse: ({ values, files }, _c: { actor: Actor; now?: Date }) => parseTownProfileForm(values, files[0]),
  handle: async ({ profile, keepLogo }, _files, c, { dbAsync }): Promise<Result> => {
    const before = await readAsync(dbAsync);
    const next = keepLogo ? { ...profile, logoSha256: before.logoSha256 } : profile;
    await saveTownProfile(dbAsync, c.actor, next, c.now);
    if (before.logoSha256 && before.logoSha256 !== next.logoSha256)
      await discardUnreferenced(dbAsync, [{ sha256: before.logoSha256 }]);
    return ok();
  },
});

/** The logo as a response (its type read from its first bytes: PNG or JPEG), or undefined without one. */
export function townLogoFile(
  profile: Pick<TownProfile, 'logoSha256'>,
): { sha256: string; filename: string; mimeType: string; sizeBytes: number } | undefined {
  const sha = profile.logoSha256;
  if (!sha) return undefined;
  const head = Buffer.alloc(4);
  try {
    const fd = fs.openSync(storedFilePath(sha), 'r');
    fs.readSync(fd, head, 0, 4, 0);
    fs.closeSync(fd);
  } catch {
    return undefined;
  }
  const mimeType = head[0] === 0x89 ? 'image/png' : 'image/jpeg';
  return { sha256: sha, filename: mimeType === 'image/png' ? 'logo.png' : 'logo.jpg', mimeType, sizeBytes: 0 };
}

/** The town's words for a service or page on the asynchronous face (decision 0080): the same memo as `town`. */
export function townAsync(db: Pick<Db, 'select'>): Promise<TownWords> {
  return memoUntilPublicChangeAsync(db, 'town.words', async () => townWords(await readAsync(db)));
}

/** The portal's public address, on the asynchronous face. */
export async function townPublicUrlAsync(db: Pick<Db, 'select'>): Promise<string> {
  return publicUrlOf(await memoUntilPublicChangeAsync(db, 'town.profile', () => readAsync(db)));
}
