/**
 * Zod pieces for every form, written so Astro's form parsing (astro:actions formDataToObject)
 * sees the base type: `.optional()` stays outermost (an empty field arrives as undefined), checkboxes are
 * plain booleans, multi-selects plain arrays; free text refuses control characters (control-characters.ts).
 * And FieldErrors: rule problems found by a service, shown beside their fields like validation errors.
 */
import { ActionError } from 'astro:actions';
import { z } from 'astro/zod';
import { parseMoney } from '#lib/shared/format.ts';
import { isIsoDay } from '#lib/shared/days.ts';
import type { Failure, Result } from '#lib/server/platform/result.ts';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters } from './control-characters.ts';
import { formText, RELOAD_FORM } from './messages.ts';

export { formText, RELOAD_FORM, TEXT_NOT_FILE } from './messages.ts';

/** One of a closed list of values (radio buttons, a select): `message` when missing or not on the list. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/** Refuses text with control characters (NUL and the like; tab and line breaks are text): add to any free-text z.string(). */
export const noControlCharacters = <T extends z.ZodString>(schema: T): T =>
  schema.refine((v) => !hasControlCharacters(v), { error: CONTROL_CHARACTER_MESSAGE }) as T;

/**
 * A one-line field (a name, a phone number, a reference): line breaks and tabs in it come from a paste or a
 * hostile client ("Zqx\r\nBcc: …"), and are folded into one space before anything is checked or stored, so
 * the value can never become two lines in a CSV cell, a PDF line or a mail header.
 */
export const foldLines = (value: unknown): unknown =>
  // Astro reads a field it cannot type from the schema (this preprocess) with formData.get: null when the
  // form has no such field, which an optional field must take as absent.
  value === null ? undefined : typeof value === 'string' ? value.replace(/[\t\r\n\u2028\u2029]+/g, ' ') : value;

/** `schema`, fed the value with its line breaks folded (see foldLines). */
export const oneLine = <T extends z.ZodType>(schema: T) => z.preprocess(foldLines, schema);

/** Free text of at most `max` characters, possibly empty, without control characters. */
export const plainText = (
  max: number,
  tooLong = `Use at most ${max.toLocaleString('en-US')} characters.`,
  missing = 'Fill in this field.',
) => noControlCharacters(formText(missing).trim().max(max, { error: tooLong }));

export const requiredText = (what: string, max = 200) =>
  noControlCharacters(
    formText(`Enter ${what}.`)
      .trim()
      .min(1, { error: `Enter ${what}.` })
      .max(max, { error: `Use at most ${max.toLocaleString('en-US')} characters.` }),
  );

export const optionalText = (max = 2000) =>
  noControlCharacters(
    formText('Fill in this field.')
      .trim()
      .max(max, { error: `Use at most ${max.toLocaleString('en-US')} characters.` }),
  ).optional();

const dayMessage = (what: string) => `Enter ${what} as a date, like 2026-05-03.`;
export const requiredDay = (what: string) =>
  z
    .string({ error: dayMessage(what) })
    .trim()
    .refine(isIsoDay, { error: dayMessage(what) });

export const optionalDay = (what: string) =>
  z
    .string({ error: dayMessage(what) })
    .trim()
    .refine(isIsoDay, { error: dayMessage(what) })
    .optional();

/** A time of day typed as hours and minutes (24-hour clock). */
export const requiredTime = (what: string) =>
  z
    .string({ error: `Enter ${what}, like 07:30.` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `Enter ${what} as hours and minutes, like 07:30.` });

export const optionalAcres = (what: string) =>
  z.coerce
    .number({ error: `Enter ${what} in acres, like 4.5.` })
    .min(0, { error: 'Acres cannot be negative.' })
    .max(100_000, { error: 'That is larger than any municipality.' })
    .optional();

export const money = (what: string) =>
  z
    .string({ error: `Enter ${what}, like 150.00.` })
    .trim()
    .max(20, { error: `Enter ${what} in dollars, like 150 or 150.00.` })
    .refine((v) => parseMoney(v) !== undefined, { error: `Enter ${what} in dollars, like 150 or 150.00.` });

/** A whole number typed into a box, with one sentence for anything else. */
export const wholeNumber = (message: string, min = 0, max = 1_000_000) =>
  z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** A record's id in a hidden field: anything else means the page is stale or was tampered with. */
export const id = z.coerce
  .number({ error: RELOAD_FORM })
  .int({ error: RELOAD_FORM })
  .positive({ error: RELOAD_FORM })
  .max(Number.MAX_SAFE_INTEGER, { error: RELOAD_FORM });
export const ids = z.array(id, { error: RELOAD_FORM });

/** The token of an emailed link, posted back from its page. */
export const linkToken = (
  message = 'This link is incomplete. Open it again from the email, or copy the whole address.',
) => z.string({ error: message }).max(100, { error: message });

export const orNull = <T>(v: T | undefined): T | null => (v === undefined || v === '' ? null : v);

/** Rule problems found after validation, shown beside each field (an input error to the page). */
export class FieldErrors extends ActionError {
  override type = 'AstroActionInputError' as never;
  issues: Array<{ path: string[]; message: string; code: 'custom' }>;
  fields: Record<string, string[]>;
  constructor(fields: Record<string, string>) {
    super({ code: 'BAD_REQUEST', message: Object.values(fields).join(' ') });
    this.issues = Object.entries(fields).map(([k, message]) => ({ path: [k], message, code: 'custom' as const }));
    this.fields = Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, [m]]));
  }
}

/**
 * The one adapter from a service's Result to Astro Actions: its messages beside their fields (the form
 * message is then their summary), else its message for the whole form. tests/unit/one-result-type.test.ts
 * fails when another file turns results into action errors its own way.
 */
export function failure(r: Pick<Failure, 'message' | 'fields'>): never {
  if (r.fields && Object.keys(r.fields).length) throw new FieldErrors(r.fields);
  throw new ActionError({ code: 'BAD_REQUEST', message: r.message ?? 'That could not be saved.' });
}

/** A service's success, or its failure thrown as the page shows it (see failure). */
export function orThrow<R extends Result>(result: R): Extract<R, { ok: true }> {
  if (!result.ok) failure(result);
  return result as Extract<R, { ok: true }>;
}
