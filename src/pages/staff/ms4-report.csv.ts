/** The MS4 annual report figures as CSV (officer and clerk). */
import type { APIRoute } from 'astro';
import { requireRole } from '#lib/server/accounts/guards.ts';
import { ms4Figures } from '#lib/server/desks/ms4-report.ts';
import { csvResponse } from '#lib/server/platform/http/csv.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'officer', 'clerk');
  const thisYear = Number(townToday().slice(0, 4));
  const asked = ctx.url.searchParams.get('year');
  const year =
    asked && /^\d{4}$/.test(asked) && Number(asked) >= 2000 && Number(asked) <= thisYear ? Number(asked) : thisYear;
  const figures = await ms4Figures(ctx.locals.dbAsync, year);
  return csvResponse(
    `${(await townAsync(ctx.locals.dbAsync)).slug}-ms4-figures-${year}.csv`,
    ['year', 'figure', 'label', 'count', 'definition'],
    figures.map((f) => [year, f.key, f.label, f.value, f.definition]),
  );
};
