/**
 * Words for a field that arrived missing or as the wrong kind of thing. Every zod piece a form uses sets
 * its own `error`, so a person never reads zod's defaults ("Invalid input: expected string, received
 * null"); tests/integration/form-messages.test.ts posts empty and wrong-type values to every action, and
 * tests/unit/form-messages.test.ts does the same to the forms their pages parse themselves. No Astro
 * imports here, so the domain parsers (and their unit tests) can use it.
 */
import { z } from 'astro/zod';

export const RELOAD_FORM = 'This form is missing something it needs. Reload the page and try again.';
export const TEXT_NOT_FILE = 'Type this in as text: a file cannot go in this box.';

/**
 * A text field: `missing` when it was not filled in (Astro hands an empty field to a required schema as
 * null), and a sentence when something other than text (a file) was sent in its place.
 */
export const formText = (missing: string) =>
  z.string({ error: (issue) => (issue.input == null ? missing : TEXT_NOT_FILE) });
