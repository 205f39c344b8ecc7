/**
 * An applicant's own account (decision 0113): anyone may ask for one to apply for a permit; it is an operator's
 * account with no project, usable only once the address is confirmed by choosing a password from the mailed link
 * (the invitation's single-use link, so the one path that sets a password stays the one path). The page says the
 * same whether or not the address has an account; the address learns which by mail.
 */
import { eq } from 'drizzle-orm';
import { authTokens, userRoles, users } from '#db/schema.ts';
import { INVITE_TTL_MS, normalizeEmail } from '#lib/server/accounts/users.ts';
import { auditAsync } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { hit, type Limit } from '#lib/server/platform/http/rate-limit.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import { hashToken, newToken } from '#lib/server/platform/tokens.ts';

/** A few asks per address and per network an hour: enough for a typo, too few to mail strangers at will. */
export const SIGN_UP_LIMITS = {
  account: { limit: 3, windowMs: 60 * 60 * 1000 } satisfies Limit,
  ip: { limit: 10, windowMs: 60 * 60 * 1000 } satisfies Limit,
};

export interface ApplicantSignUp {
  name: string;
  email: string;
}

/** Ask for an applicant's account. Looks the same to the caller whether or not the address has an account. */
export async function signUpApplicant(
  db: Db,
  input: ApplicantSignUp,
  ip: string,
  baseUrl: string,
  now = new Date(),
): Promise<{ limited: boolean }> {
  const email = normalizeEmail(input.email);
  const a = await hit(db, `apply:account:${email}`, SIGN_UP_LIMITS.account, now);
  const b = await hit(db, `apply:ip:${ip}`, SIGN_UP_LIMITS.ip, now);
  if (!a.allowed || !b.allowed) return { limited: true };
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    // An account never confirmed gets a fresh confirmation; one in use is told to sign in. A disabled one hears nothing.
    if (existing.disabled) return { limited: false };
    if (existing.passwordHash) {
      await enqueueMailAsync(db, {
        kind: 'applicant-account-exists',
        to: email,
        data: { name: existing.name, signInUrl: `${baseUrl}/signin`, resetUrl: `${baseUrl}/account/forgot` },
      });
      return { limited: false };
    }
  }
  const token = newToken();
  await db.transaction(async (tx) => {
    let userId = existing?.id;
    if (!userId) {
      const [user] = await tx.insert(users).values({ email, name: input.name.trim() }).returning({ id: users.id });
      userId = user!.id;
      await tx.insert(userRoles).values({ userId, role: 'operator' });
    }
    await tx.insert(authTokens).values({
      userId,
      purpose: 'invite',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
    });
    await auditAsync(
      tx,
      { label: 'public', ip },
      {
        action: 'user.applicant_sign_up',
        entityType: 'user',
        entityId: userId,
        after: { email, name: input.name.trim() },
      },
    );
    await enqueueMailAsync(tx, {
      kind: 'applicant-confirm',
      to: email,
      data: {
        name: input.name.trim(),
        url: `${baseUrl}/account/set-password?token=${token}`,
        expiresText: 'in 7 days',
      },
    });
  });
  return { limited: false };
}
