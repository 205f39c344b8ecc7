/** The town's own ordinance (decisions 0044 and 0077): its text pasted or uploaded by the admin with its number and date, or removed. */
import { actorOf } from '#lib/server/platform/audit.ts';
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import { uploadedText } from '#lib/server/platform/files/text-upload.ts';
import { failure, formText, oneLine, plainText } from '#lib/server/platform/forms/fields.ts';
import { MAX_ORDINANCE_BYTES, removeOrdinanceText, replaceOrdinanceText } from '#lib/server/platform/ordinance-text.ts';
import { allow } from './guard.ts';

export const ordinanceText = {
  replace: defineAction({
    accept: 'form',
    input: z.object({
      lawNumber: oneLine(
        plainText(
          400,
          'Use at most 400 characters for the local law’s number, like “Local Law No. 2 of 2009”.',
        ).optional(),
      ),
      adoptedOn: oneLine(plainText(40, 'Enter the day the law was adopted, like 2009-03-11.').optional()),
      file: z.instanceof(File).optional(),
      text: formText('Paste the ordinance’s text, or choose a file.')
        .max(MAX_ORDINANCE_BYTES * 2, { error: 'The text is too long: the ordinance may be at most 200 KB.' })
        .optional(),
    }),
    handler: async (input, ctx) => {
      const user = allow.role(ctx, 'admin');
      const file = input.file && input.file.size > 0 ? input.file : undefined;
      let text = input.text ?? '';
      if (file) {
        const r = await uploadedText(file, MAX_ORDINANCE_BYTES, {
          tooLarge: 'The file is larger than 200 KB: an ordinance is usually under 50 KB.',
          notText: (ext) =>
            `This is a ${ext} file, not text: save the law as plain text (.txt) or Markdown (.md), or paste it below.`,
        });
        if (!r.ok) failure({ fields: { file: r.message } });
        else text = r.text;
      }
      const law = { text, lawNumber: input.lawNumber ?? '', adoptedOn: input.adoptedOn ?? '' };
      const result = await replaceOrdinanceText(
        dbAsync(),
        actorOf(user, ctx),
        law,
        file ? file.name.slice(0, 200) : 'pasted',
      );
      if (!result.ok) failure(result);
      return { saved: true };
    },
  }),
  remove: defineAction({
    accept: 'form',
    input: z.object({}),
    handler: async (_input, ctx) => {
      const user = allow.role(ctx, 'admin');
      const result = await removeOrdinanceText(dbAsync(), actorOf(user, ctx));
      if (!result.ok) failure(result);
      return { removed: true };
    },
  }),
};
