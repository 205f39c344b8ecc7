/**
 * Control characters in typed text. NUL and the other C0 and C1 controls (and DEL) are never part of
 * what a person types: they come from a broken paste or a hostile client, and would end up in CSV
 * exports, PDFs, mail and feeds. Tab, carriage return and line feed are ordinary text. Every form
 * refuses such text with these words beside the field (zod helpers in fields.ts, the multipart reader,
 * and the check before every action in the middleware).
 */

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

/** Beside the field. */
export const CONTROL_CHARACTER_MESSAGE =
  'This contains an invisible control character (such as NUL), which cannot be saved. Type the text again, or paste it as plain text.';

/** At the top of a form refused for it. */
export const CONTROL_CHARACTER_FORM_MESSAGE =
  'Some text in this form contains an invisible control character (such as NUL), which cannot be saved. Nothing was kept: correct the marked fields and send the form again.';
