/**
 * What a service returns: `{ ok: true, …data }`, or `{ ok: false }` with a message for the whole form
 * and/or messages by field name, shown beside each field (platform/forms/fields.ts turns it into
 * FieldErrors for Actions). The one result type of every domain's services.
 */
export type Result<T = object> = ({ ok: true } & T) | { ok: false; message?: string; fields?: Record<string, string> };
