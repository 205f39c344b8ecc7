/**
 * Following a resident's report: anyone may ask to be mailed at each public step of a report they did not
 * send (the reporter is mailed already). Like the email alerts, it is double opt-in (a link in a confirmation
 * mail, good for a week), rate-limited by address and network, and every mail carries a link that stops it
 * with one click; the database keeps only hashes of the tokens, and the unsubscribe token is derived from the
 * follower's id with the alert link key, so a copy of the database stops no one's mail.
 */
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { siteReportFollowers, siteReports } from '#db/schema.ts';
import { auditAsync } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { hit, type Limit } from '#lib/server/platform/http/rate-limit.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { fail, ok, type Refusal, type Result } from '#lib/server/platform/result.ts';
import { generatedKey } from '#lib/server/platform/secrets.ts';
import { hashToken, looksLikeToken, newToken } from '#lib/server/platform/tokens.ts';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';

export const FOLLOW_LIMITS = {
  email: { limit: 5, windowMs: 60 * 60 * 1000 } satisfies Limit,
  ip: { limit: 20, windowMs: 60 * 60 * 1000 } satisfies Limit,
};
export const FOLLOW_CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type Follower = typeof siteReportFollowers.$inferSelect;

/** The stop link's token (43 URL-safe characters), derived from the id, never stored. */
export function stopTokenFor(followerId: number): string {
  return createHmac('sha256', generatedKey('alert-link'))
    .update(`report-follow-stop:${followerId}`)
    .digest('base64url');
}

const confirmUrl = (base: string, token: string) => `${base}/reports/follow?confirm=${token}`;
const stopUrl = (base: string, follower: Pick<Follower, 'id'>) =>
  `${base}/reports/follow?stop=${follower.id}.${stopTokenFor(follower.id)}`;

/** Ask to follow a visible report: a confirmation mail goes to the address (again, if it was asked before). */
export async function askToFollow(
  db: Db,
  input: { reportId: number; email: string },
  ctx: { ip: string; now?: Date },
): Promise<Result<object, Refusal & { reason: 'limited' | 'no_report' }>> {
  const now = ctx.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  const [report] = await db
    .select({ id: siteReports.id, hidden: siteReports.hidden })
    .from(siteReports)
    .where(eq(siteReports.id, input.reportId));
  if (!report || report.hidden) return { ok: false, reason: 'no_report', message: 'That report is not on the portal.' };
  const byEmail = await hit(db, `report-follow:email:${email}`, FOLLOW_LIMITS.email, now);
  const byIp = await hit(db, `report-follow:ip:${ctx.ip}`, FOLLOW_LIMITS.ip, now);
  if (!byEmail.allowed || !byIp.allowed)
    return {
      ok: false,
      reason: 'limited',
      message: 'Too many follows were asked for from here or for this address. Wait an hour and try again.',
    };
  const token = newToken();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(siteReportFollowers)
      .values({
        reportId: report.id,
        email,
        confirmTokenHash: hashToken(token),
        confirmExpiresAt: new Date(now.getTime() + FOLLOW_CONFIRM_TTL_MS),
        createdAt: now,
        updatedAt: now,
      })
      // Asked again: a new link; an address that stopped following starts again once it confirms.
      .onConflictDoUpdate({
        target: [siteReportFollowers.reportId, siteReportFollowers.email],
        set: {
          confirmTokenHash: hashToken(token),
          confirmExpiresAt: new Date(now.getTime() + FOLLOW_CONFIRM_TTL_MS),
          updatedAt: now,
        },
      })
      .returning();
    await auditAsync(
      tx,
      { label: 'public', ip: ctx.ip },
      { action: 'site_report.follow', entityType: 'site_report', entityId: report.id, after: { followerId: row!.id } },
    );
    const base = await townPublicUrlAsync(tx);
    await enqueueMailAsync(tx, {
      kind: 'site-report-follow-confirm',
      to: email,
      data: { number: `Report ${report.id}`, confirmUrl: confirmUrl(base, token), url: `${base}/reports/${report.id}` },
    });
  });
  return ok();
}

/** Turn a follower on (confirmed) or off (stopped), audited. */
async function setStatus(
  db: Db,
  row: Follower,
  status: 'active' | 'unsubscribed',
  ip: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(siteReportFollowers)
      .set({ status, updatedAt: now, ...(status === 'active' ? { confirmedAt: now } : {}) })
      .where(eq(siteReportFollowers.id, row.id));
    await auditAsync(
      tx,
      { label: 'public', ip },
      {
        action: status === 'active' ? 'site_report.follow_confirm' : 'site_report.follow_stop',
        entityType: 'site_report',
        entityId: row.reportId,
        after: { followerId: row.id },
      },
    );
  });
}

/** Use the confirmation link: the address is mailed at each step from now on. Using it twice is fine. */
export async function confirmFollow(
  db: Db,
  token: string | null | undefined,
  ctx: { ip: string; now?: Date },
): Promise<Result<{ reportId: number }, Refusal>> {
  const now = ctx.now ?? new Date();
  const invalid = fail('This link is not valid. Ask to follow the report again to get a new one.');
  if (!looksLikeToken(token)) return invalid;
  const [row] = await db
    .select()
    .from(siteReportFollowers)
    .where(eq(siteReportFollowers.confirmTokenHash, hashToken(token)));
  if (!row) return invalid;
  if (row.status !== 'active' && row.confirmExpiresAt <= now)
    return fail('This link has expired. Ask to follow the report again to get a new one.');
  if (row.status !== 'active') await setStatus(db, row, 'active', ctx.ip, now);
  return ok({ reportId: row.reportId });
}

/** The stop link ("<id>.<token>"): no more mail about the report. Stopping twice is fine. */
export async function stopFollowing(
  db: Db,
  link: string | null | undefined,
  ctx: { ip: string; now?: Date },
): Promise<Result<{ reportId: number }, Refusal>> {
  const now = ctx.now ?? new Date();
  const invalid = fail('This link is not valid. Use the link at the foot of the last mail about the report.');
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(link ?? '');
  if (!m || !looksLikeToken(m[2]) || stopTokenFor(Number(m[1])) !== m[2]) return invalid;
  const [row] = await db
    .select()
    .from(siteReportFollowers)
    .where(eq(siteReportFollowers.id, Number(m[1])));
  if (!row) return invalid;
  if (row.status !== 'unsubscribed') await setStatus(db, row, 'unsubscribed', ctx.ip, now);
  return ok({ reportId: row.reportId });
}

/** Each confirmed follower's mail about a public step, in the step's transaction (through the outbox). */
export async function mailFollowers(
  tx: Db,
  report: { id: number; reporterEmail: string | null },
  step: { number: string; category: string; status: string; words: string },
): Promise<number> {
  const followers = (
    await tx
      .select()
      .from(siteReportFollowers)
      .where(and(eq(siteReportFollowers.reportId, report.id), eq(siteReportFollowers.status, 'active')))
  )
    // The reporter is mailed each step as the reporter: never twice.
    .filter((f) => f.email !== report.reporterEmail?.toLowerCase());
  const base = await townPublicUrlAsync(tx);
  for (const follower of followers) {
    const stop = stopUrl(base, follower);
    await enqueueMailAsync(tx, {
      kind: 'site-report-follow-step',
      to: follower.email,
      data: { ...step, url: `${base}/reports/${report.id}`, stopUrl: stop },
      headers: { 'List-Unsubscribe': `<${stop}>` },
    });
  }
  return followers.length;
}
