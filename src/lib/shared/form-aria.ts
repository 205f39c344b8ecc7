/**
 * The ARIA that ties a form control, or a fieldset of choices, to its hint and to its error message, so a
 * screen reader announces the message with the field (WCAG 1.3.1, 3.3.1): aria-describedby lists the hint
 * ids and, while there is an error, the message's id; aria-invalid marks the control or group in error.
 * Spread it on the element: `<select {...describedBy(errors.kind, 'f-kind-error', 'f-kind-hint')}>`.
 */
export function describedBy(
  error: unknown,
  errorId: string,
  ...hintIds: Array<string | false | null | undefined>
): { 'aria-invalid'?: 'true'; 'aria-describedby'?: string } {
  const inError = Array.isArray(error) ? error.length > 0 : Boolean(error);
  const ids = [...hintIds, inError ? errorId : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': inError ? 'true' : undefined, 'aria-describedby': ids || undefined };
}

/**
 * The id of the form control named `name` ("practice.0.pct" → "f-practice-0-pct"): the one convention the field
 * components (Field, SelectField, RadioGroup) and the error summary's links (ErrorSummary) share. A form whose
 * controls have other ids (two forms on a page with the same field names) gives ErrorSummary those ids.
 */
export function fieldId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/**
 * Messages about the whole form: its own ("form", "_form"), and those of the hidden inputs a person cannot
 * change (the one-time key, the button pressed, a link's token), which can only say "reload the page": the
 * error summary shows them as lines, with no link to a field that is not on the screen.
 */
const WHOLE_FORM = new Set(['form', '_form', 'formKey', 'intent', 'token']);

/** The messages of a failed form by field, in order, without those about the whole form (WHOLE_FORM). */
export function fieldMessages(
  fields: Record<string, string | string[] | undefined> | undefined,
): Array<[string, string]> {
  return Object.entries(fields ?? {}).flatMap(([name, m]): Array<[string, string]> => {
    if (WHOLE_FORM.has(name)) return [];
    const text = (Array.isArray(m) ? m.join(' ') : (m ?? '')).trim();
    return text ? [[name, text]] : [];
  });
}

/**
 * The messages of a failed form tied to no field, for the error summary's lines without a link: the form's
 * message, then those of WHOLE_FORM among the field messages, each once.
 */
export function formMessages(
  message: string | string[] | undefined,
  fields: Record<string, string | string[] | undefined> | undefined,
): string[] {
  const lines: string[] = [];
  const add = (m: string | string[] | undefined) => {
    for (const text of (Array.isArray(m) ? m : [m]).map((t) => (t ?? '').trim())) {
      if (text && !lines.includes(text)) lines.push(text);
    }
  };
  add(message);
  for (const name of WHOLE_FORM) add(fields?.[name]);
  return lines;
}
