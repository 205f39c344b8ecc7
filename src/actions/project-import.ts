/**
 * Importing existing projects from a CSV file (decision 0039): the clerk, the Stormwater
 * Management Officer or the admin uploads the town's list or an export of the state's NOI records, sees
 * the dry run, and confirms. The CSV travels back with the form (nothing is stored before the confirm).
 * Then the same roles publish what the import registered.
 */
import { actorOf } from '#lib/server/platform/audit.ts';
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { failure, formText, id, optionalText, oneLine } from '#lib/server/platform/forms/fields.ts';
import { uploadedText } from '#lib/server/platform/files/text-upload.ts';
import { IMPORT_FIELDS } from '#lib/server/projects/import.rules.ts';
import {
  importProjects,
  mappingFrom,
  MAX_IMPORT_BYTES,
  previewImport,
  publishImported,
} from '#lib/server/projects/import.ts';
import { allow } from './guard.ts';

const mapShape = Object.fromEntries(IMPORT_FIELDS.map((f) => [`map.${f.key}`, z.string().max(200).optional()]));

/** The file's text, checked by its content: no known binary type (a workbook, a PDF), valid UTF-8. */
async function csvText(file: File): Promise<string> {
  const r = await uploadedText(file, MAX_IMPORT_BYTES, {
    tooLarge: 'The file is larger than 1 MB: import the list in parts.',
    notText: (ext) =>
      `This is a ${ext} file, not CSV: in the spreadsheet, choose Save as, then “CSV (comma-separated values)”.`,
  });
  if (!r.ok) failure({ fields: { file: r.message } });
  return r.text;
}

export const projectImport = {
  importProjects: defineAction({
    accept: 'form',
    input: z.object({
      file: z.instanceof(File).optional(),
      csv: formText('Choose the CSV file to import.')
        .max(MAX_IMPORT_BYTES * 2, { error: 'That file is too large to import at once: split it into smaller files.' })
        .optional(),
      source: oneLine(optionalText(200)),
      confirm: formText('Check the file again before importing.').optional(),
      ...mapShape,
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk', 'admin');
      const file = input.file && input.file.size > 0 ? input.file : undefined;
      const text = file ? await csvText(file) : (input.csv ?? '');
      const source = file ? file.name.slice(0, 200) : (input.source ?? 'a CSV file');
      if (!text.trim()) failure({ fields: { file: 'Choose the CSV file to import.' } });
      const mapping = file ? undefined : mappingFrom(input as Record<string, string | undefined>);
      if (input.confirm === 'yes' && mapping && !file) {
        const result = await importProjects(dbAsync(), actorOf(user, ctx), text, mapping, source);
        if (!result.ok) failure(result);
        return { done: { importId: result.importId } };
      }
      const preview = await previewImport(dbAsync(), text, mapping);
      // A file that cannot be read as CSV, or has no rows, is refused beside the file field: there is nothing to match.
      if (preview.headers.length === 0) failure({ fields: { file: preview.problems.join(' ') } });
      return { preview, csv: text, source };
    },
  }),

  // The roles that import publish what they imported (decision 0076): the admin has no project records pages.
  publishImported: defineAction({
    accept: 'form',
    input: z.object({ importId: id }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'officer', 'clerk', 'admin');
      const result = await publishImported(dbAsync(), actorOf(user, ctx), input.importId);
      if (!result.ok) failure(result);
      return { importId: input.importId, published: result.published };
    },
  }),
};
