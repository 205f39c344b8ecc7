import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** Help pages (the ordinance, how requests and fees work), baked in at build. */
const help = defineCollection({
  loader: glob({ base: './content/help', pattern: '**/*.md' }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    order: z.number().default(100),
  }),
});

export const collections = { help };
