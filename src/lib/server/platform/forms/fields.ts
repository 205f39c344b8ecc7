/**
 * Zod pieces for the officer's forms, written so Astro's form parsing (astro:actions formDataToObject)
 * sees the base type: `.optional()` stays outermost (an empty field arrives as undefined), checkboxes are
 * plain booleans, multi-selects plain arrays; free text refuses control characters (control-characters.ts).
 * And FieldErrors: rule problems found by a service, shown beside their fields like validation errors.
 */
import { ActionError } from 'astro:actions';
import { z } from 'astro/zod';
import { parseMoney } from '#lib/shared/format.ts';
import { isIsoDay } from '#lib/server/platform/time/periods.rules.ts';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters } from './control-characters.ts';

/** Refuses text with control characters (NUL and the like; tab and line breaks are text): add to any free-text z.string(). */
export const noControlCharacters = <T extends z.ZodString>(schema: T): T =>
  schema.refine((v) => !hasControlCharacters(v), { error: CONTROL_CHARACTER_MESSAGE }) as T;

/** Free text of at most `max` characters, possibly empty, without control characters. */
export const plainText = (max: number, tooLong = `Use at most ${max.toLocaleString('en-US')} characters.`) => noControlCharacters(z.string().trim().max(max, { error: tooLong }));

export const requiredText = (what: string, max = 200) =>
  noControlCharacters(z.string({ error: `Enter ${what}.` }).trim().min(1, { error: `Enter ${what}.` }).max(max, { error: `Use at most ${max} characters.` }));

export const optionalText = (max = 2000) => noControlCharacters(z.string().trim().max(max, { error: `Use at most ${max} characters.` })).optional();

export const requiredDay = (what: string) =>
  z.string({ error: `Enter ${what} as a date, like 2026-05-03.` }).trim().refine(isIsoDay, { error: `Enter ${what} as a date, like 2026-05-03.` });

export const optionalDay = (what: string) => z.string().trim().refine(isIsoDay, { error: `Enter ${what} as a date, like 2026-05-03.` }).optional();

export const optionalAcres = (what: string) =>
  z.coerce.number({ error: `Enter ${what} in acres, like 4.5.` }).min(0, { error: 'Acres cannot be negative.' }).max(100_000, { error: 'That is larger than the whole town.' }).optional();

export const money = (what: string) =>
  z.string({ error: `Enter ${what}, like 150.00.` }).trim().refine((v) => parseMoney(v) !== undefined, { error: `Enter ${what} in dollars, like 150 or 150.00.` });

export const id = z.coerce.number().int().positive();
export const ids = z.array(z.coerce.number().int().positive());

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

/** Turn a service's failure into the error the page shows. */
export function failure(r: { message?: string; fields?: Record<string, string> }): never {
  if (r.fields && Object.keys(r.fields).length) throw new FieldErrors(r.fields);
  throw new ActionError({ code: 'BAD_REQUEST', message: r.message ?? 'That could not be saved.' });
}
