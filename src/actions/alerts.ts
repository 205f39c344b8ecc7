/** Email alerts without an account: subscribe, confirm, unsubscribe. All public; tokens authorize. */
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { ALERT_FREQUENCIES, ALERT_TARGETS } from '#db/schema.ts';
import { confirmSubscription, subscribe, unsubscribe } from '#lib/server/public/alerts/subscriptions.ts';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import {
  choice,
  failure,
  formText,
  linkToken,
  noControlCharacters,
  oneLine,
  plainText,
} from '#lib/server/platform/forms/fields.ts';
import { RADII_MILES } from '#lib/shared/geo.ts';

const email = formText('Enter your email address.')
  .trim()
  .min(1, { error: 'Enter your email address.' })
  .max(254, { error: 'Use at most 254 characters for the email address.' })
  .pipe(z.email({ error: 'Enter an email address like name@example.com.' }));
const notOnEarth = 'That is not a place on Earth. Choose the place again on the “Near me” page.';
const RADIUS_WORDS = 'Choose a quarter mile, half a mile, 1 mile or 2 miles.';
const optionalNumber = (message: string) =>
  z.preprocess((v) => (v === '' || v == null ? undefined : v), z.coerce.number({ error: message }).optional());
const token = linkToken();

export const alerts = {
  subscribe: defineAction({
    accept: 'form',
    input: z
      .object({
        email,
        target: choice(ALERT_TARGETS, 'Choose a project or an area.'),
        project: noControlCharacters(
          formText('Choose a project.').max(200, { error: 'Choose a project from the list.' }),
        ).optional(),
        lat: optionalNumber(notOnEarth).pipe(
          z.number({ error: notOnEarth }).min(-90, { error: notOnEarth }).max(90, { error: notOnEarth }).optional(),
        ),
        lon: optionalNumber(notOnEarth).pipe(
          z.number({ error: notOnEarth }).min(-180, { error: notOnEarth }).max(180, { error: notOnEarth }).optional(),
        ),
        r: optionalNumber(RADIUS_WORDS).pipe(
          z
            .number({ error: RADIUS_WORDS })
            .refine((n) => (RADII_MILES as readonly number[]).includes(n), { error: RADIUS_WORDS })
            .optional(),
        ),
        // Shown on the form page only; the stored and emailed place words come from the town's records.
        label: oneLine(plainText(120)).optional(),
        frequency: choice(ALERT_FREQUENCIES, 'Choose how often to get email.'),
      })
      .superRefine((v, c) => {
        if (v.target === 'area' && (v.lat == null || v.lon == null))
          c.addIssue({ code: 'custom', path: ['label'], message: 'Choose a place first, on the “Near me” page.' });
        if (v.target === 'area' && v.r == null)
          c.addIssue({ code: 'custom', path: ['r'], message: 'Choose how far around the place.' });
      }),
    handler: async (input, ctx) => {
      const result = await subscribe(
        dbAsync(),
        {
          email: input.email,
          target: input.target,
          projectSlug: input.project,
          latitude: input.lat,
          longitude: input.lon,
          radiusMiles: input.r,
          frequency: input.frequency,
        },
        { ip: ctx.clientAddress, baseUrl: await townPublicUrlAsync(dbAsync()) },
      );
      if (!result.ok)
        throw new ActionError({
          code: result.reason === 'limited' ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST',
          message: result.message,
        });
      return { sent: true };
    },
  }),

  confirm: defineAction({
    accept: 'form',
    input: z.object({ token }),
    handler: async (input, ctx) => {
      const result = await confirmSubscription(dbAsync(), input.token, { ip: ctx.clientAddress });
      if (!result.ok) failure(result);
      return { confirmed: true };
    },
  }),

  unsubscribe: defineAction({
    accept: 'form',
    input: z.object({ token }),
    handler: async (input, ctx) => {
      const result = await unsubscribe(dbAsync(), input.token, { ip: ctx.clientAddress, via: 'link' });
      if (!result.ok) failure(result);
      return { unsubscribed: true };
    },
  }),
};
