/**
 * Email alerts without an account: subscribe to a project or to an area (a point and a radius),
 * confirm by a link (double opt-in), stop with one click. Every message goes through the outbox and
 * carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) headers and a link.
 *
 * Like the records requests' tracking links, the database holds only SHA-256 hashes of the tokens: the
 * unsubscribe token is HMAC-SHA256(alert link key, "alert-unsubscribe:<id>"), derived again for every
 * message (key: ALERT_LINK_SECRET or DATA_DIR/alert-link.key, platform/secrets.ts), so a copy of the
 * database unsubscribes no one and every mail still carries a working link.
 */
import { createHmac } from 'node:crypto';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { alertSubscriptions, projects, type AlertFrequency, type AlertTarget } from '#db/schema.ts';
import { radiusWords, type Point } from '#lib/shared/geo.ts';
import { alertKindsSentWords } from '#lib/shared/labels.ts';
import { auditAsync } from '#lib/server/platform/audit.ts';
import { generatedKey } from '#lib/server/platform/secrets.ts';
import { hashToken, looksLikeToken, newToken } from '#lib/server/platform/tokens.ts';
import type { DB } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { projectsNear } from '#lib/server/public/near.ts';
import { hit, type Limit } from '#lib/server/platform/http/rate-limit.ts';
import { fail, type Refusal, type Result } from '#lib/server/platform/result.ts';

export const SUBSCRIBE_LIMITS = {
  /** Per address: enough to subscribe to a few things, not to flood someone's inbox with confirmations. */
  email: { limit: 5, windowMs: 60 * 60 * 1000 } satisfies Limit,
  ip: { limit: 20, windowMs: 60 * 60 * 1000 } satisfies Limit,
};
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const FREQUENCY_WORDS: Record<AlertFrequency, string> = {
  immediate: 'as soon as something is posted',
  daily: 'in one email a day at most',
  weekly: 'in one email a week at most',
};

export type Subscription = typeof alertSubscriptions.$inferSelect;

export interface ProjectRef {
  id: number;
  slug: string;
  name: string;
  siteAddress: string;
  latitude: number | null;
  longitude: number | null;
}

/** A published project by slug (for subscriptions and feeds); undefined otherwise. */
export async function getPublicProjectRef(db: Pick<Db, 'select'>, slug: string): Promise<ProjectRef | undefined> {
  const [row] = await db
    .select({
      id: projects.id,
      slug: projects.slug,
      name: projects.name,
      siteAddress: projects.siteAddress,
      latitude: projects.latitude,
      longitude: projects.longitude,
    })
    .from(projects)
    .where(and(eq(projects.slug, slug), eq(projects.published, true)));
  return row;
}

async function projectById(db: Pick<Db, 'select'>, id: number | null): Promise<ProjectRef | undefined> {
  if (id == null) return undefined;
  const [row] = await db
    .select({
      id: projects.id,
      slug: projects.slug,
      name: projects.name,
      siteAddress: projects.siteAddress,
      latitude: projects.latitude,
      longitude: projects.longitude,
    })
    .from(projects)
    .where(eq(projects.id, id));
  return row;
}

/** "the project “Curry Road Distribution Center”" / "construction within half a mile of a point near 1475 Curry Road". */
export function subscriptionWhat(
  sub: Pick<Subscription, 'target' | 'radiusMiles' | 'label' | 'latitude' | 'longitude'>,
  project?: Pick<ProjectRef, 'name'>,
): string {
  if (sub.target === 'project') return `the project “${project?.name ?? 'a project'}”`;
  const place = sub.label?.trim() || `the point ${sub.latitude?.toFixed(5)}, ${sub.longitude?.toFixed(5)}`;
  return `construction within ${radiusWords(sub.radiusMiles ?? 0.5)} of ${place}`;
}

export function unsubscribeUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/alerts/unsubscribe?token=${token}`;
}

/**
 * The unsubscribe token of a subscription (43 URL-safe characters), derived, never stored. Subscription
 * ids are AUTOINCREMENT, never reused, so the link of a deleted subscription never stops someone else's.
 */
export function unsubscribeTokenFor(subscriptionId: number): string {
  return createHmac('sha256', generatedKey('alert-link'))
    .update(`alert-unsubscribe:${subscriptionId}`)
    .digest('base64url');
}

type TokenRow = Pick<Subscription, 'id' | 'unsubscribeTokenHash' | 'previousUnsubscribeTokenHash'>;

/**
 * The token to put in a message about this subscription. When the stored hash is not the derived one (a
 * subscription from before tokens were hashed, or a key that changed), the stored hash moves to
 * `previousUnsubscribeTokenHash`, so the links in the messages already sent keep working.
 */
export async function unsubscribeToken(tx: Db, sub: TokenRow): Promise<string> {
  const token = unsubscribeTokenFor(sub.id);
  const hash = hashToken(token);
  if (sub.unsubscribeTokenHash !== hash) {
    await tx
      .update(alertSubscriptions)
      .set({ unsubscribeTokenHash: hash, previousUnsubscribeTokenHash: sub.unsubscribeTokenHash })
      .where(eq(alertSubscriptions.id, sub.id));
    sub.previousUnsubscribeTokenHash = sub.unsubscribeTokenHash;
    sub.unsubscribeTokenHash = hash;
  }
  return token;
}

const HASH_LENGTH = 64;

/**
 * Start-up step after migration 0012 (scripts/start.ts): subscriptions made before tokens were hashed
 * still hold the plain token (43 characters) in `unsubscribe_token_hash`; replace it with its SHA-256.
 * SQLite cannot hash in SQL, hence this step rather than the migration. Runs on every start; finds
 * nothing after the first. Returns how many rows it hashed.
 */
export function hashPlainUnsubscribeTokens(db: DB): number {
  const plain = db
    .select({ id: alertSubscriptions.id, token: alertSubscriptions.unsubscribeTokenHash })
    .from(alertSubscriptions)
    .where(sql`length(${alertSubscriptions.unsubscribeTokenHash}) <> ${HASH_LENGTH}`)
    .all();
  if (!plain.length) return 0;
  db.transaction((tx) => {
    for (const row of plain)
      tx.update(alertSubscriptions)
        .set({ unsubscribeTokenHash: hashToken(row.token) })
        .where(eq(alertSubscriptions.id, row.id))
        .run();
  });
  return plain.length;
}

/** RFC 2369 + RFC 8058: mail clients may POST to the first URL to unsubscribe at once. */
export function unsubscribeHeaders(baseUrl: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${baseUrl}/alerts/unsubscribe/one-click?token=${token}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'List-Id': `Stormwater alerts <alerts.${new URL(baseUrl).hostname}>`,
    // Automated, bulk-ish mail: no vacation auto-replies.
    'Auto-Submitted': 'auto-generated',
    Precedence: 'list',
  };
}

/**
 * Words for an area's centre, from the town's records ("near 2078 Curry Road"), never from the form:
 * a confirmation email goes to an address someone typed, so it must not carry text they chose.
 */
export async function placeLabel(db: Db, point: Point): Promise<string> {
  const [nearby] = await projectsNear(db, { point, radiusMiles: 1 });
  return nearby
    ? `a point near ${nearby.item.siteAddress}`
    : `the point ${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}`;
}

export interface SubscribeInput {
  email: string;
  target: AlertTarget;
  projectSlug?: string;
  latitude?: number;
  longitude?: number;
  radiusMiles?: number;
  frequency: AlertFrequency;
}

export type SubscribeResult = Result<
  { subscriptionId: number },
  Refusal & { reason: 'limited' | 'no_project' | 'no_place' }
>;

/**
 * A subscription asked for: stored pending, and its confirmation mailed through the outbox. The project, the
 * hourly limits and the place's words are read and counted in the transaction that stores it.
 */
export function subscribe(
  db: Db,
  input: SubscribeInput,
  ctx: { ip: string; baseUrl: string; now?: Date },
): Promise<SubscribeResult> {
  const now = ctx.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  if (input.target !== 'project' && (input.latitude == null || input.longitude == null || input.radiusMiles == null))
    return Promise.resolve({
      ok: false,
      reason: 'no_place',
      message: 'Choose a place first: find an address or use your location on the “Near me” page.',
    });
  const confirmToken = newToken();
  return db.transaction(async (tx): Promise<SubscribeResult> => {
    const project =
      input.target === 'project' && input.projectSlug ? await getPublicProjectRef(tx, input.projectSlug) : undefined;
    if (input.target === 'project' && !project)
      return {
        ok: false,
        reason: 'no_project',
        message: 'That project is not on the portal. Open the project’s page and subscribe from there.',
      };
    const a = await hit(tx, `alerts:email:${email}`, SUBSCRIBE_LIMITS.email, now);
    const b = await hit(tx, `alerts:ip:${ctx.ip}`, SUBSCRIBE_LIMITS.ip, now);
    if (!a.allowed || !b.allowed)
      return {
        ok: false,
        reason: 'limited',
        message: 'Too many subscriptions were asked for from here or for this address. Wait an hour and try again.',
      };
    // The nearest project is read through the public pages' search, which moves with them (decision 0080, 2f).
    const label =
      input.target === 'area' ? await placeLabel(tx, { latitude: input.latitude!, longitude: input.longitude! }) : null;
    const [inserted] = await tx
      .insert(alertSubscriptions)
      .values({
        email,
        target: input.target,
        projectId: project?.id ?? null,
        latitude: input.target === 'area' ? input.latitude : null,
        longitude: input.target === 'area' ? input.longitude : null,
        radiusMiles: input.target === 'area' ? input.radiusMiles : null,
        label,
        frequency: input.frequency,
        confirmTokenHash: hashToken(confirmToken),
        confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
        // The token is derived from the id, known only now: a random placeholder until the update below.
        unsubscribeTokenHash: hashToken(newToken()),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: alertSubscriptions.id });
    const unsubscribe = unsubscribeTokenFor(inserted!.id);
    const [row] = await tx
      .update(alertSubscriptions)
      .set({ unsubscribeTokenHash: hashToken(unsubscribe) })
      .where(eq(alertSubscriptions.id, inserted!.id))
      .returning();
    await auditAsync(
      tx,
      { label: 'public', ip: ctx.ip },
      {
        action: 'alert.subscribe',
        entityType: 'alert_subscription',
        entityId: row!.id,
        after: {
          target: row!.target,
          projectId: row!.projectId,
          radiusMiles: row!.radiusMiles,
          frequency: row!.frequency,
        },
      },
    );
    await enqueueMailAsync(tx, {
      kind: 'alert-confirm',
      to: email,
      data: {
        what: subscriptionWhat(row!, project),
        sends: `new ${alertKindsSentWords(row!.target)}`,
        frequency: FREQUENCY_WORDS[row!.frequency],
        confirmUrl: `${ctx.baseUrl}/alerts/confirm?token=${confirmToken}`,
        unsubscribeUrl: unsubscribeUrl(ctx.baseUrl, unsubscribe),
      },
      headers: unsubscribeHeaders(ctx.baseUrl, unsubscribe),
    });
    return { ok: true, subscriptionId: row!.id };
  });
}

export type TokenLookup = Result<{ subscription: Subscription; project?: ProjectRef; what: string }, Refusal>;

/** The subscription a confirmation link is for, if the link is still good. */
export async function findByConfirmToken(
  db: Pick<Db, 'select'>,
  token: string | null | undefined,
  now = new Date(),
): Promise<TokenLookup> {
  const invalid = fail('This confirmation link is not valid. Subscribe again to get a new one.');
  if (!looksLikeToken(token)) return invalid;
  const [sub] = await db
    .select()
    .from(alertSubscriptions)
    .where(eq(alertSubscriptions.confirmTokenHash, hashToken(token)));
  if (!sub) return invalid;
  if (sub.status === 'unsubscribed')
    return fail('This subscription was cancelled. Subscribe again if you want alerts.');
  if (sub.status === 'pending' && sub.confirmExpiresAt <= now)
    return fail('This confirmation link has expired. Subscribe again to get a new one.');
  const project = await projectById(db, sub.projectId);
  return { ok: true, subscription: sub, project, what: subscriptionWhat(sub, project) };
}

/** Turn a pending subscription on. Confirming twice is fine; an identical older subscription is retired. */
export function confirmSubscription(db: Db, token: string, ctx: { ip: string; now?: Date }): Promise<TokenLookup> {
  const now = ctx.now ?? new Date();
  // The link is read in the transaction that confirms it: two clicks at once confirm (and audit) once.
  return db.transaction(async (tx): Promise<TokenLookup> => {
    const found = await findByConfirmToken(tx, token, now);
    if (!found.ok || found.subscription.status === 'active') return found;
    const sub = found.subscription;
    await tx
      .update(alertSubscriptions)
      .set({ status: 'active', confirmedAt: now, lastDigestAt: now, updatedAt: now })
      .where(and(eq(alertSubscriptions.id, sub.id), eq(alertSubscriptions.status, 'pending')));
    // The same address subscribing to the same thing again should not get every alert twice.
    const same = await tx
      .select({ id: alertSubscriptions.id })
      .from(alertSubscriptions)
      .where(
        and(
          eq(alertSubscriptions.email, sub.email),
          eq(alertSubscriptions.status, 'active'),
          eq(alertSubscriptions.target, sub.target),
          ne(alertSubscriptions.id, sub.id),
          sub.target === 'project' ? eq(alertSubscriptions.projectId, sub.projectId ?? -1) : undefined,
          sub.target === 'area' ? eq(alertSubscriptions.latitude, sub.latitude ?? 0) : undefined,
          sub.target === 'area' ? eq(alertSubscriptions.longitude, sub.longitude ?? 0) : undefined,
          sub.target === 'area' ? eq(alertSubscriptions.radiusMiles, sub.radiusMiles ?? 0) : undefined,
        ),
      );
    for (const old of same) {
      await tx
        .update(alertSubscriptions)
        .set({ status: 'unsubscribed', unsubscribedAt: now, updatedAt: now })
        .where(eq(alertSubscriptions.id, old.id));
    }
    await auditAsync(
      tx,
      { label: 'public', ip: ctx.ip },
      {
        action: 'alert.confirm',
        entityType: 'alert_subscription',
        entityId: sub.id,
        after: { status: 'active', replaced: same.map((s) => s.id) },
      },
    );
    return { ...found, subscription: { ...sub, status: 'active', confirmedAt: now } };
  });
}

/** The subscription an unsubscribe link is for. */
export async function findByUnsubscribeToken(
  db: Pick<Db, 'select'>,
  token: string | null | undefined,
): Promise<TokenLookup> {
  if (!looksLikeToken(token)) return fail('This unsubscribe link is not valid.');
  const hash = hashToken(token);
  const [sub] = await db
    .select()
    .from(alertSubscriptions)
    .where(
      or(eq(alertSubscriptions.unsubscribeTokenHash, hash), eq(alertSubscriptions.previousUnsubscribeTokenHash, hash)),
    );
  if (!sub) return fail('This unsubscribe link is not valid.');
  const project = await projectById(db, sub.projectId);
  return { ok: true, subscription: sub, project, what: subscriptionWhat(sub, project) };
}

/** Stop a subscription (idempotent). `via` says whether a person clicked or a mail client posted (RFC 8058). */
export function unsubscribe(
  db: Db,
  token: string,
  ctx: { ip: string; via: 'link' | 'one-click'; now?: Date },
): Promise<TokenLookup> {
  const now = ctx.now ?? new Date();
  // Read where it is stopped: a click and a mail client's one-click post at once stop (and audit) once.
  return db.transaction(async (tx): Promise<TokenLookup> => {
    const found = await findByUnsubscribeToken(tx, token);
    if (!found.ok || found.subscription.status === 'unsubscribed') return found;
    await tx
      .update(alertSubscriptions)
      .set({ status: 'unsubscribed', unsubscribedAt: now, updatedAt: now })
      .where(and(eq(alertSubscriptions.id, found.subscription.id), isNull(alertSubscriptions.unsubscribedAt)));
    await auditAsync(
      tx,
      { label: 'public', ip: ctx.ip },
      {
        action: 'alert.unsubscribe',
        entityType: 'alert_subscription',
        entityId: found.subscription.id,
        after: { status: 'unsubscribed', via: ctx.via },
      },
    );
    return { ...found, subscription: { ...found.subscription, status: 'unsubscribed', unsubscribedAt: now } };
  });
}
