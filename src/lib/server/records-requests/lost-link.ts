/**
 * "Lost your link?" on /requests: someone types an email address; the portal mails that address one
 * message listing its records requests (to the Town, and to site operators under ordinance L(4)) with
 * their tracking links. The page says the same thing whether or not the address is known, and nothing is
 * mailed for an unknown one. Rate-limited per IP and per address (platform/http/rate-limit.ts); audited
 * with a digest of the address, never the address itself.
 *
 * The links are the CURRENT ones, re-derived (links.ts: an HMAC of the number and the link version), not
 * rotated: anyone may type anyone's address here, so rotating would let a stranger break a requester's
 * working links at will (decision record 0031). A leaked link is replaced by the clerk (newTrackingLink).
 */
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { operatorRequests, projects, recordsRequests } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { hit, isLimited, type Limit } from '#lib/server/platform/http/rate-limit.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { formatInstant } from '#lib/shared/format.ts';
import { REQUEST_STATUS_LABEL } from '#lib/shared/labels.ts';
import { OPERATOR_STATUS_LABEL } from '#lib/server/operator-requests/request.rules.ts';
import { operatorTrackingLink } from '#lib/server/operator-requests/store.ts';
import { trackingLink } from './links.ts';
import { type Result } from '#lib/server/platform/result.ts';

const HOUR = 60 * 60 * 1000;

/** Per IP: a few tries an hour (LOST_LINK_PER_IP_PER_HOUR overrides; tests lower or raise it). Per address: three mails a day. */
export function lostLinkLimits(env: NodeJS.ProcessEnv = process.env): { ip: Limit; address: Limit } {
  const n = Number(env.LOST_LINK_PER_IP_PER_HOUR);
  const a = Number(env.LOST_LINK_PER_ADDRESS_PER_DAY);
  return {
    ip: { limit: Number.isInteger(n) && n > 0 ? n : 5, windowMs: HOUR },
    address: { limit: Number.isInteger(a) && a > 0 ? a : 3, windowMs: 24 * HOUR },
  };
}

/** A short digest of an address: lets the audit log and the rate limit tell repeats apart without keeping the address. */
export function addressDigest(email: string): string {
  return createHash('sha256').update(`lost-link:${email.trim().toLowerCase()}`).digest('hex').slice(0, 16);
}

/** The most requests one mail lists (the newest). */
export const LOST_LINK_MAX = 50;

export type LostLinkResult = Result<object, { retryAfterMs: number }>;

/**
 * Mail `email` the links to its requests, if it has any. The answer is the same for a known and an
 * unknown address (only the limits can refuse, and they count unknown addresses too).
 */
export async function sendLostLinks(
  db: Db,
  email: string,
  actor: Actor,
  baseUrl: string,
  opts: { ip?: string; limits?: { ip: Limit; address: Limit }; now?: Date } = {},
): Promise<LostLinkResult> {
  const address = email.trim().toLowerCase();
  const digest = addressDigest(address);
  const limits = opts.limits ?? lostLinkLimits();
  const now = opts.now ?? new Date();
  const keys: Array<[string, Limit]> = [[`lost-link:address:${digest}`, limits.address]];
  if (opts.ip) keys.unshift([`lost-link:ip:${opts.ip}`, limits.ip]);
  for (const [key, limit] of keys) {
    const state = await isLimited(db, key, limit, now);
    if (!state.allowed) return { ok: false, retryAfterMs: state.retryAfterMs };
  }
  for (const [key, limit] of keys) await hit(db, key, limit, now);

  await db.transaction(async (tx) => {
    const town = await tx
      .select()
      .from(recordsRequests)
      .where(eq(recordsRequests.requesterEmail, address))
      .orderBy(desc(recordsRequests.receivedAt))
      .limit(LOST_LINK_MAX);
    const operator = await tx
      .select({ row: operatorRequests, projectName: projects.name })
      .from(operatorRequests)
      .innerJoin(projects, eq(projects.id, operatorRequests.projectId))
      .where(eq(operatorRequests.requesterEmail, address))
      .orderBy(desc(operatorRequests.receivedAt))
      .limit(LOST_LINK_MAX);
    const { fullName } = await townAsync(tx);
    const listed = [];
    for (const r of town)
      listed.push({
        at: r.receivedAt,
        number: r.number,
        to: `the ${fullName}`,
        receivedText: formatInstant(r.receivedAt),
        statusText: (REQUEST_STATUS_LABEL as Record<string, string>)[r.status] ?? r.status,
        url: await trackingLink(tx, r, baseUrl),
      });
    for (const o of operator)
      listed.push({
        at: o.row.receivedAt,
        number: o.row.number,
        to: `the operator of ${o.projectName}`,
        receivedText: formatInstant(o.row.receivedAt),
        statusText: OPERATOR_STATUS_LABEL[o.row.status],
        url: await operatorTrackingLink(tx, o.row, baseUrl),
      });
    listed.sort((a, b) => b.at.getTime() - a.at.getTime());
    const mailed = listed.slice(0, LOST_LINK_MAX);
    await auditAsync(tx, actor, {
      action: 'records_request.lost_links',
      entityType: 'records_request',
      entityId: null,
      after: { addressDigest: digest, mailed: mailed.length > 0, requests: mailed.map((r) => r.number) },
    });
    if (mailed.length)
      await enqueueMailAsync(tx, {
        kind: 'request-lost-links',
        to: address,
        data: { requests: mailed.map(({ at: _at, ...r }) => r) },
      });
  });
  return { ok: true };
}

/** What the page says after any accepted try, known address or not. */
export const LOST_LINK_SENT =
  'If there are records requests made with that email address, we have sent it one message listing them with their tracking links. It can take a few minutes to arrive; check your spam folder too. Nothing is sent to an address with no requests.';
