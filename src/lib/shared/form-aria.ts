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
 * components (Field, SelectField, RadioGroup) and the error summary's links (FormAlert) share. A form whose
 * controls have other ids (two forms on a page with the same field names) gives FormAlert those ids.
 */
export function fieldId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The messages of a failed form by field, in order, without the whole-form message ("form", "_form"). */
export function fieldMessages(
  fields: Record<string, string | string[] | undefined> | undefined,
): Array<[string, string]> {
  return Object.entries(fields ?? {}).flatMap(([name, m]): Array<[string, string]> => {
    if (name === 'form' || name === '_form') return [];
    const text = (Array.isArray(m) ? m.join(' ') : (m ?? '')).trim();
    return text ? [[name, text]] : [];
  });
}
