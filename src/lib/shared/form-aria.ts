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
