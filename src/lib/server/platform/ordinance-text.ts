/**
 * The town's own ordinance text (decisions 0044 and 0077). The portal ships no municipality's law:
 * the admin pastes or uploads the town's erosion and sediment control law as plain text or Markdown, with its
 * local-law number and the day it was adopted, kept in `settings` (`ordinance_text` and two keys beside it),
 * and may withdraw it. Until a law is entered the public page says so and whom to ask. The text is shown
 * through lib/shared/markdown-lite.ts, never as HTML. Each change is audited (its length and fingerprint,
 * number and date; the text itself stays in the settings row).
 */
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { settings } from '#db/schema.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { fail, failFields, type Refusal, type Result } from '#lib/server/platform/result.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { isIsoDay } from '#lib/shared/days.ts';
import { ORDINANCE_ADOPTED_KEY, ORDINANCE_NUMBER_KEY, ORDINANCE_TEXT_KEY as KEY } from './ordinance-text.rules.ts';

/** 200 KB: several times the longest erosion and sediment control law seen (about 36 KB). */
export const MAX_ORDINANCE_BYTES = 200 * 1024;
export const MIN_ORDINANCE_CHARS = 200;
const KEYS = [KEY, ORDINANCE_NUMBER_KEY, ORDINANCE_ADOPTED_KEY];

export interface OrdinanceText {
  text: string;
  /** "Local Law No. 2 of 2009"; empty for a text saved before the number was asked for. */
  lawNumber: string;
  /** YYYY-MM-DD, or empty likewise. */
  adoptedOn: string;
  updatedAt: Date;
}

export interface OrdinanceInput {
  text: string;
  lawNumber: string;
  adoptedOn: string;
}

/** The town's law, or undefined while none has been entered. */
export async function loadOrdinanceText(db: Pick<Db, 'select'>): Promise<OrdinanceText | undefined> {
  const rows = new Map((await db.select().from(settings).where(inArray(settings.key, KEYS))).map((r) => [r.key, r]));
  const row = rows.get(KEY);
  if (!row || !row.value.trim()) return undefined;
  return {
    text: row.value,
    lawNumber: rows.get(ORDINANCE_NUMBER_KEY)?.value ?? '',
    adoptedOn: rows.get(ORDINANCE_ADOPTED_KEY)?.value ?? '',
    updatedAt: row.updatedAt,
  };
}

const summary = (t: OrdinanceText | undefined) =>
  t
    ? {
        chars: t.text.length,
        sha256: createHash('sha256').update(t.text).digest('hex'),
        opening: t.text.slice(0, 120),
        lawNumber: t.lawNumber,
        adoptedOn: t.adoptedOn,
      }
    : { none: true };

/** Check and clean the text: control characters removed (tabs and line breaks kept), within the limits. */
export function checkOrdinanceText(raw: string): Result<{ text: string }, Refusal> {
  const text = raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  if (Buffer.byteLength(text) > MAX_ORDINANCE_BYTES)
    return fail(
      'The text is longer than 200 KB: an ordinance is usually under 50 KB. Check that this is the law alone.',
    );
  if (text.length < MIN_ORDINANCE_CHARS)
    return fail(`Paste or upload the whole law: at least ${MIN_ORDINANCE_CHARS} characters.`);
  if (/<\/?[a-z][^>]*>/i.test(text))
    return fail(
      'The text holds HTML tags (like <p> or <script>). Use plain text or Markdown: # for headings, - for lists, **bold**.',
    );
  // A law is words: a paste of digits or symbols alone would replace what the public reads with nothing.
  if ((text.match(/\p{L}{2,}/gu) ?? []).length < 20)
    return fail('The text has too few words to be the law: paste or upload the whole ordinance.');
  return { ok: true, text };
}

/** The law's number and adoption day checked: a number is required, the day a real one not after today. */
export function checkLawIdentity(lawNumber: string, adoptedOn: string, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const number = lawNumber.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (!number) errors.lawNumber = 'Enter the local law’s number as enacted, like “Local Law No. 2 of 2009”.';
  else if (number.length > 120) errors.lawNumber = 'Use at most 120 characters.';
  const day = adoptedOn.trim();
  if (!isIsoDay(day)) errors.adoptedOn = 'Enter the day the law was adopted, like 2009-03-11.';
  else if (day > today) errors.adoptedOn = 'The law must already be adopted: enter a day no later than today.';
  return errors;
}

export async function replaceOrdinanceText(
  db: Db,
  actor: Actor,
  input: OrdinanceInput,
  source: string,
  now = new Date(),
): Promise<Result> {
  const checked = checkOrdinanceText(input.text);
  const fields = checkLawIdentity(input.lawNumber, input.adoptedOn, townToday(now));
  if (!checked.ok) fields.text = checked.message;
  if (!checked.ok || Object.keys(fields).length) return failFields(fields);
  const next: OrdinanceText = {
    text: checked.text,
    lawNumber: input.lawNumber.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim(),
    adoptedOn: input.adoptedOn.trim(),
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    const before = await loadOrdinanceText(tx);
    for (const [key, value] of [
      [KEY, next.text],
      [ORDINANCE_NUMBER_KEY, next.lawNumber],
      [ORDINANCE_ADOPTED_KEY, next.adoptedOn],
    ]) {
      await tx
        .insert(settings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    }
    await auditAsync(tx, actor, {
      action: 'ordinance_text.replace',
      entityType: 'settings',
      entityId: KEY,
      before: summary(before),
      after: { ...summary(next), source },
    });
  });
  return { ok: true };
}

/** Withdraw the town's law from the public page (it then says no law has been entered). */
export function removeOrdinanceText(db: Db, actor: Actor): Promise<Result> {
  return db.transaction(async (tx): Promise<Result> => {
    const before = await loadOrdinanceText(tx);
    if (!before) return fail('No law has been entered: there is nothing to remove.');
    await tx.delete(settings).where(inArray(settings.key, KEYS));
    await auditAsync(tx, actor, {
      action: 'ordinance_text.remove',
      entityType: 'settings',
      entityId: KEY,
      before: summary(before),
      after: { none: true },
    });
    return { ok: true };
  });
}
