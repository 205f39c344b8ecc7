/**
 * What a service (or a rule, or a parser of a posted form) returns: `{ ok: true, …data }`, or a Failure
 * with a message for the whole form and/or messages by field name, shown beside each field. The one result
 * type of every domain; its one adapter to Astro Actions is `failure()` in platform/forms/fields.ts, which
 * pages reading their own forms do not need: they show `fields` beside each field and `message` on top.
 * `E` is what a refusal carries besides its words, for callers that act on it (a wait, a reason code).
 */
export type Result<T = object, E = object> = ({ ok: true } & T) | (Failure & E);

export interface Failure {
  ok: false;
  /** For the whole form (not tied to one field). */
  message?: string;
  /** Messages by field name ("practice.0.pct" for a repeated row). */
  fields?: Record<string, string>;
}

/** Success, with what the caller needs to go on (an id, a token…). */
export function ok(): { ok: true };
export function ok<T extends object>(data: T): { ok: true } & T;
export function ok(data: object = {}): { ok: true } {
  return { ...data, ok: true };
}

/** What a refusal carries when its callers always need a sentence (an API's error, a link's page). */
export interface Refusal {
  message: string;
}

/** A refusal in one sentence: beside `field` when one field is at fault, else for the whole form. */
export function fail(message: string): Failure & Refusal;
export function fail(message: string, field: string | undefined): Failure;
export function fail(message: string, field?: string): Failure {
  return field ? { ok: false, fields: { [field]: message } } : { ok: false, message };
}

/** A refusal beside `field` that keeps its sentence too, for a caller with no form to show it in (a command). */
export function failAt(message: string, field: string): Failure & Refusal {
  return { ok: false, message, fields: { [field]: message } };
}

/**
 * A refusal with one message per field at fault, as the rule checks write them: a problem of the whole
 * form under the name `form` becomes the message.
 */
export function failFields(problems: Record<string, string>): Failure {
  const { form, ...fields } = problems;
  const failure: Failure = { ok: false };
  if (form !== undefined) failure.message = form;
  if (Object.keys(fields).length) failure.fields = fields;
  return failure;
}

/** The messages by field of a failure (none for a whole-form refusal). */
export function fieldsOf(result: Failure): Record<string, string> {
  return result.fields ?? {};
}

/** The failure in one sentence, where there are no fields to put it beside (an API, a log): its message, else its first field's. */
export function messageOf(result: Failure, otherwise = 'That could not be saved.'): string {
  return result.message ?? Object.values(fieldsOf(result))[0] ?? otherwise;
}

/** The failure with its fields under the names a form gives them (a rule's `days` is the form's `fineDays`). */
export function renameFields(result: Failure, names: Record<string, string>): Failure {
  if (!result.fields) return result;
  return { ...result, fields: Object.fromEntries(Object.entries(result.fields).map(([k, m]) => [names[k] ?? k, m])) };
}
