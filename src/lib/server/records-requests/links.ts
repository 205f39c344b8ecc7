/**
 * Private tracking links. The token is HMAC-SHA256(secret, "<request number>:<version>"): the database
 * holds only its SHA-256 (so a copy of the database opens no one's request), yet the portal can put the
 * link in every later email. The secret comes from TRACKING_LINK_SECRET, or a random key in
 * DATA_DIR/tracking-link.key (outside the database file), created at start-up, written atomically and
 * kept with backups (platform/secrets.ts). A new link bumps the version, which ends the old one.
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { recordsRequests } from '#db/schema.ts';
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { generatedKey } from '#lib/server/platform/secrets.ts';
import { hashToken, looksLikeToken } from '#lib/server/platform/tokens.ts';

/** The token for a request number and link version (43 URL-safe characters). */
export function trackingToken(number: string, version: number): string {
  return createHmac('sha256', keyObject(generatedKey('tracking-link')))
    .update(`${number}:${version}`)
    .digest('base64url');
}

const keyObjects = new WeakMap<Buffer, KeyObject>();
/** The key as a KeyObject, made once per key: an HMAC given raw bytes builds one on every call (~0.1 ms). */
function keyObject(key: Buffer): KeyObject {
  let k = keyObjects.get(key);
  if (!k) keyObjects.set(key, (k = createSecretKey(key)));
  return k;
}

export function trackUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/requests/track/${token}`;
}

/** The request behind a tracking token, or undefined (malformed, tampered, or replaced by a newer link). */
export async function requestIdForToken(
  db: Pick<Db, 'select'>,
  token: string | undefined,
): Promise<number | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const [row] = await db
    .select({ id: recordsRequests.id })
    .from(recordsRequests)
    .where(eq(recordsRequests.trackingTokenHash, hashToken(token)))
    .limit(1);
  return row?.id;
}

interface LinkRow {
  id: number;
  number: string;
  trackingTokenHash: string;
  trackingLinkVersion: number;
}

/**
 * The tracking URL for mail about a request. A request whose stored hash is not the derived one (seeded
 * data, or a changed secret) gets a fresh link version: no one could have known the old token anyway.
 */
export async function trackingLink(tx: Db, r: LinkRow, baseUrl: string): Promise<string> {
  let token = trackingToken(r.number, r.trackingLinkVersion);
  if (hashToken(token) !== r.trackingTokenHash) {
    const version = r.trackingLinkVersion + 1;
    token = trackingToken(r.number, version);
    await tx
      .update(recordsRequests)
      .set({ trackingLinkVersion: version, trackingTokenHash: hashToken(token) })
      .where(eq(recordsRequests.id, r.id));
    r.trackingLinkVersion = version;
    r.trackingTokenHash = hashToken(token);
  }
  return trackUrl(baseUrl, token);
}

/** The tracking link for mail to the requester: '' when they gave no address (nothing is mailed then). */
export function mailLinkAsync(
  tx: Db,
  r: LinkRow & { requesterEmail: string | null },
  baseUrl: string,
): Promise<string> {
  return r.requesterEmail ? trackingLink(tx, r, baseUrl) : Promise.resolve('');
}

/** Replace the link (the requester lost it, or it leaked): the old one stops working at once. */
export async function rotateTrackingLink(tx: Db, r: LinkRow, baseUrl: string): Promise<{ token: string; url: string }> {
  const version = r.trackingLinkVersion + 1;
  const token = trackingToken(r.number, version);
  await tx
    .update(recordsRequests)
    .set({ trackingLinkVersion: version, trackingTokenHash: hashToken(token) })
    .where(eq(recordsRequests.id, r.id));
  r.trackingLinkVersion = version;
  r.trackingTokenHash = hashToken(token);
  return { token, url: trackUrl(baseUrl, token) };
}
