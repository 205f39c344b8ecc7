/**
 * Private tracking links. The token is HMAC-SHA256(secret, "<request number>:<version>"): the database
 * holds only its SHA-256 (so a copy of the database opens no one's request), yet the portal can put the
 * link in every later email. The secret comes from TRACKING_LINK_SECRET, or a random key created once in
 * DATA_DIR/tracking-link.key (outside the database file). A new link bumps the version, which ends the old one.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { recordsRequests } from '#db/schema.ts';
import type { Tx } from '#lib/server/platform/audit.ts';
import { hashToken, looksLikeToken } from '#lib/server/platform/tokens.ts';
import { config } from '#lib/server/platform/config.ts';

let cached: { key: Buffer; source: string } | undefined;

function loadSecret(): Buffer {
  const fromEnv = process.env.TRACKING_LINK_SECRET;
  const source = fromEnv ? 'env' : config().dataDir;
  if (cached?.source === source) return cached.key;
  let key: Buffer;
  if (fromEnv) {
    key = Buffer.from(fromEnv, 'utf8');
  } else {
    const file = path.join(config().dataDir, 'tracking-link.key');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
  }
  if (key.length < 16) throw new Error('TRACKING_LINK_SECRET (or tracking-link.key) must be at least 16 characters.');
  cached = { key, source };
  return key;
}

/** The token for a request number and link version (43 URL-safe characters). */
export function trackingToken(number: string, version: number): string {
  return createHmac('sha256', loadSecret()).update(`${number}:${version}`).digest('base64url');
}

export function trackUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/requests/track/${token}`;
}

/** The request behind a tracking token, or undefined (malformed, tampered, or replaced by a newer link). */
export function requestIdForToken(db: Pick<Tx, 'select'>, token: string | undefined): number | undefined {
  if (!looksLikeToken(token)) return undefined;
  return db.select({ id: recordsRequests.id }).from(recordsRequests).where(eq(recordsRequests.trackingTokenHash, hashToken(token))).get()?.id;
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
export function trackingLink(tx: Tx, r: LinkRow, baseUrl: string): string {
  let token = trackingToken(r.number, r.trackingLinkVersion);
  if (hashToken(token) !== r.trackingTokenHash) {
    const version = r.trackingLinkVersion + 1;
    token = trackingToken(r.number, version);
    tx.update(recordsRequests).set({ trackingLinkVersion: version, trackingTokenHash: hashToken(token) }).where(eq(recordsRequests.id, r.id)).run();
    r.trackingLinkVersion = version;
    r.trackingTokenHash = hashToken(token);
  }
  return trackUrl(baseUrl, token);
}

/** Replace the link (the requester lost it, or it leaked): the old one stops working at once. */
export function rotateTrackingLink(tx: Tx, r: LinkRow, baseUrl: string): { token: string; url: string } {
  const version = r.trackingLinkVersion + 1;
  const token = trackingToken(r.number, version);
  tx.update(recordsRequests).set({ trackingLinkVersion: version, trackingTokenHash: hashToken(token) }).where(eq(recordsRequests.id, r.id)).run();
  r.trackingLinkVersion = version;
  r.trackingTokenHash = hashToken(token);
  return { token, url: trackUrl(baseUrl, token) };
}
