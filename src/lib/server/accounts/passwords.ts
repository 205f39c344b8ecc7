/**
 * Password hashing with argon2id (memory-hard), at OWASP's recommended minimum cost:
 * 19 MiB of memory, 2 iterations, 1 lane.
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

export function hashPassword(password: string): Promise<string> {
  // @node-rs/argon2 defaults to argon2id.
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Spend the same time as a real check when there is no such account, so response timing does not tell
 * whether an email address has an account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword('no-such-account-dummy-password');
  await verifyPassword(await dummy, password);
  return false;
}

/** A specific message for a weak password, or undefined when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (new Set(password).size < 5) return 'Use more different characters.';
  if (email && password.toLowerCase().includes(email.split('@')[0].toLowerCase()))
    return 'Do not use your email address in your password.';
  return undefined;
}
