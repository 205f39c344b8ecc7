/**
 * The town's own ordinance text (issue 21, decision 0044). The portal ships the model town's erosion and
 * sediment control law as built-in help content (content/help/ordinance.md); a town replaces it with its
 * own law by pasting or uploading plain text or Markdown, kept in `settings` under `ordinance_text`, and
 * can restore the built-in text. The text is shown through lib/shared/markdown-lite.ts, never as HTML.
 * Each change is audited (its length and fingerprint; the text itself stays in the settings row).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { settings } from '#db/schema.ts';
import { audit, type Actor, type Tx } from '#lib/server/platform/audit.ts';
import type { DB } from '#lib/server/platform/db.ts';
import type { Result } from '#lib/server/platform/result.ts';
import { ORDINANCE_TEXT_KEY as KEY } from './ordinance-text.rules.ts';

/** 200 KB: several times the longest erosion and sediment control law seen (about 36 KB). */
export const MAX_ORDINANCE_BYTES = 200 * 1024;
export const MIN_ORDINANCE_CHARS = 200;

export interface OrdinanceText {
  text: string;
  updatedAt: Date;
}

/** The town's replacement text, or undefined when the built-in one is shown. */
export function loadOrdinanceText(db: Pick<Tx, 'select'>): OrdinanceText | undefined {
  const row = db
    .select({ value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(eq(settings.key, KEY))
    .get();
  return row && row.value.trim() ? { text: row.value, updatedAt: row.updatedAt } : undefined;
}

const summary = (t: OrdinanceText | undefined) =>
  t
    ? { chars: t.text.length, sha256: createHash('sha256').update(t.text).digest('hex'), opening: t.text.slice(0, 120) }
    : { builtIn: true };

/** Check and clean the text: control characters removed (tabs and line breaks kept), within the limits. */
export function checkOrdinanceText(raw: string): { ok: true; text: string } | { ok: false; message: string } {
  const text = raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  if (Buffer.byteLength(text) > MAX_ORDINANCE_BYTES)
    return {
      ok: false,
      message: 'The text is longer than 200 KB: an ordinance is usually under 50 KB. Check that this is the law alone.',
    };
  if (text.length < MIN_ORDINANCE_CHARS)
    return { ok: false, message: `Paste or upload the whole law: at least ${MIN_ORDINANCE_CHARS} characters.` };
  if (/<\/?[a-z][^>]*>/i.test(text))
    return {
      ok: false,
      message:
        'The text holds HTML tags (like <p> or <script>). Use plain text or Markdown: # for headings, - for lists, **bold**.',
    };
  // A law is words: a paste of digits or symbols alone would replace what the public reads with nothing.
  if ((text.match(/\p{L}{2,}/gu) ?? []).length < 20)
    return { ok: false, message: 'The text has too few words to be the law: paste or upload the whole ordinance.' };
  return { ok: true, text };
}

export function replaceOrdinanceText(db: DB, actor: Actor, raw: string, source: string, now = new Date()): Result {
  const checked = checkOrdinanceText(raw);
  if (!checked.ok) return { ok: false, fields: { text: checked.message } };
  const before = loadOrdinanceText(db);
  db.transaction((tx) => {
    tx.insert(settings)
      .values({ key: KEY, value: checked.text, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: checked.text, updatedAt: now } })
      .run();
    audit(tx, actor, {
      action: 'ordinance_text.replace',
      entityType: 'settings',
      entityId: KEY,
      before: summary(before),
      after: { ...summary({ text: checked.text, updatedAt: now }), source },
    });
  });
  return { ok: true };
}

export function restoreBuiltInOrdinance(db: DB, actor: Actor): Result {
  const before = loadOrdinanceText(db);
  if (!before) return { ok: false, message: 'The built-in text is already shown.' };
  db.transaction((tx) => {
    tx.delete(settings).where(eq(settings.key, KEY)).run();
    audit(tx, actor, {
      action: 'ordinance_text.restore',
      entityType: 'settings',
      entityId: KEY,
      before: summary(before),
      after: { builtIn: true },
    });
  });
  return { ok: true };
}
