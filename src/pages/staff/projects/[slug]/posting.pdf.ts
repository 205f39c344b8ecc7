/** The printable site posting: NOI facts, description, operator contact and a QR code to the public page. */
import type { APIRoute } from 'astro';
import { projectIdForSlug, requireRole } from '#lib/server/accounts/guards.ts';
import { contentDisposition } from '#lib/server/platform/http/http.ts';
import { sitePostingPdf } from '#lib/server/projects/site-posting.ts';
import { getStaffProject } from '#lib/server/projects/registry.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { RECEIVING_WATER_TYPE_LABEL } from '#lib/shared/labels.ts';

export const GET: APIRoute = async (ctx) => {
  requireRole(ctx, 'officer', 'clerk');
  const data = (await getStaffProject(
    ctx.locals.dbAsync,
    await projectIdForSlug(ctx.locals.dbAsync, ctx.params.slug),
  ))!;
  const p = data.project;
  const owner = data.people.find((x) => x.role === 'owner_operator');
  const pdf = await sitePostingPdf(
    {
      ...p,
      waters: data.waters.map((w) =>
        w.waterType === 'ms4' ? w.name : `${w.name} (${RECEIVING_WATER_TYPE_LABEL[w.waterType] ?? w.waterType})`,
      ),
    },
    owner,
    ctx.locals.publicUrl,
    townToday(),
    ctx.locals.town,
  );
  return new Response(pdf.bytes as BodyInit, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(`site-posting-${p.slug}.pdf`, 'inline'),
    },
  });
};
