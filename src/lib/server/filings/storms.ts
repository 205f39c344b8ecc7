/**
 * Rain events: recorded by the officer (date, end time, inches, gauge) or imported from a NOAA daily
 * precipitation file (`npm run import-rain -- file.csv`). A storm of 0.5 in. or more obliges a
 * post-storm inspection within 24 hours of its end at every site under construction; the compliance
 * rules derive that obligation from the events, and the operators of those sites are emailed while
 * there is still time to inspect.
 */
import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { projectMembers, projects, stormEvents, users } from '#db/schema.ts';
import { formatInstant } from '#lib/shared/format.ts';
import { auditAsync, type Actor } from '#lib/server/platform/audit.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { invalidateCompliance, loadComplianceSettings } from '#lib/server/compliance/compliance.ts';
import { townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import { enqueueMailAsync } from '#lib/server/platform/mail/outbox.ts';
import type { RainEvent } from './rain-csv.ts';
import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';
import { formText } from '#lib/server/platform/forms/messages.ts';
import { fail, type Result } from '#lib/server/platform/result.ts';

/** A posted text field; an empty one may arrive as null. */
const posted = (schema: z.ZodString) => z.preprocess((v) => v ?? '', schema);

export const stormFields = z
  .object({
    endedOn: posted(
      formText('Enter the date the rain ended, like 2026-05-04.')
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter the date the rain ended, like 2026-05-04.' }),
    ),
    endedTime: posted(
      formText('Enter the time the rain ended, like 18:30.')
        .trim()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Enter the time the rain ended, like 18:30.' }),
    ),
    inches: z.preprocess(
      (v) => (v == null || v === '' ? undefined : Number(v)),
      z
        .number({ error: 'Enter the rainfall in inches, like 0.75.' })
        .min(0.01, { error: 'Enter the rainfall in inches, like 0.75.' })
        .max(20, { error: 'Enter the rainfall in inches, like 0.75 (at most 20).' }),
    ),
    gauge: posted(
      formText('Name the rain gauge or weather station, like “DPW rain gauge”.')
        .trim()
        .min(1, { error: 'Name the rain gauge or weather station, like “DPW rain gauge”.' })
        .max(160, { error: 'Use at most 160 characters.' }),
    ),
  })
  .superRefine((v, c) => {
    const endedAt = townInstant(v.endedOn, v.endedTime);
    if (Number.isNaN(endedAt.getTime()))
      c.addIssue({ code: 'custom', path: ['endedOn'], message: 'Enter a real date, like 2026-05-04.' });
    else if (endedAt.getTime() > Date.now() + 60_000)
      c.addIssue({ code: 'custom', path: ['endedTime'], message: 'The rain cannot have ended in the future.' });
  });

export type StormInput = z.infer<typeof stormFields>;

export function listStorms(db: Db, limit = 40) {
  return db
    .select({
      id: stormEvents.id,
      endedAt: stormEvents.endedAt,
      inches: stormEvents.inches,
      gauge: stormEvents.gauge,
      source: stormEvents.source,
      station: stormEvents.station,
      recordedBy: users.name,
    })
    .from(stormEvents)
    .leftJoin(users, eq(users.id, stormEvents.recordedByUserId))
    .orderBy(desc(stormEvents.endedAt))
    .limit(limit);
}

/**
 * Tell the operators of every site under construction that a post-storm inspection is due, while the
 * 24 hours have not yet run out. One message per operator, listing their sites.
 */
async function notifyOperators(
  tx: Db,
  storm: { endedAt: Date; inches: number; gauge: string | null },
  now: Date,
  hours: number,
): Promise<number> {
  const deadline = new Date(storm.endedAt.getTime() + hours * 3_600_000);
  if (deadline.getTime() <= now.getTime()) return 0;
  const day = townToday(storm.endedAt);
  const rows = await tx
    .select({ email: users.email, name: users.name, slug: projects.slug, projectName: projects.name })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      and(
        inArray(projects.status, ['active', 'stop_work']),
        lte(projects.actualStartOn, day),
        or(isNull(projects.finalStabilizationOn), sql`${projects.finalStabilizationOn} > ${day}`),
        eq(users.disabled, false),
      ),
    );
  const base = await townPublicUrlAsync(tx);
  const byUser = new Map<string, { name: string; projects: Array<{ name: string; url: string }> }>();
  for (const r of rows) {
    const entry = byUser.get(r.email) ?? { name: r.name, projects: [] };
    entry.projects.push({ name: r.projectName, url: `${base}/operator/projects/${r.slug}` });
    byUser.set(r.email, entry);
  }
  for (const [email, u] of byUser) {
    await enqueueMailAsync(tx, {
      kind: 'storm-inspection-due',
      to: email,
      data: {
        name: u.name,
        inches: storm.inches.toFixed(2),
        endedText: formatInstant(storm.endedAt),
        dueText: formatInstant(deadline),
        gauge: storm.gauge,
        projects: u.projects,
      },
    });
  }
  return byUser.size;
}

export async function recordStorm(
  db: Db,
  actor: Actor & { userId: number },
  input: StormInput,
  now: Date = new Date(),
): Promise<Result<{ id: number; notified: number }>> {
  const endedAt = townInstant(input.endedOn, input.endedTime);
  if (Number.isNaN(endedAt.getTime())) return fail('Enter a real date, like 2026-05-04.', 'endedOn');
  if (endedAt.getTime() > now.getTime()) return fail('The rain cannot have ended in the future.', 'endedTime');
  const recorded = await db.transaction(async (tx) => {
    const s = await loadComplianceSettings(tx);
    const [row] = await tx
      .insert(stormEvents)
      .values({
        endedAt,
        inches: input.inches,
        gauge: input.gauge,
        source: 'manual',
        recordedByUserId: actor.userId,
        createdAt: now,
      })
      .returning({ id: stormEvents.id });
    await auditAsync(tx, actor, {
      action: 'storm.record',
      entityType: 'storm_event',
      entityId: row!.id,
      after: { endedAt, inches: input.inches, gauge: input.gauge },
    });
    const notified =
      input.inches >= s.stormInches
        ? await notifyOperators(tx, { endedAt, inches: input.inches, gauge: input.gauge }, now, s.postStormHours)
        : 0;
    return { ok: true as const, id: row!.id, notified };
  });
  // A storm makes post-storm duties: the findings are worked out again from the committed storm.
  invalidateCompliance();
  return recorded;
}

export interface ImportResult {
  added: number;
  skipped: number;
  /** Added events of the post-storm threshold or more. */
  postStorm: number;
  notified: number;
}

/** Store imported events, skipping any already imported for the same station and end. */
export async function importRainEvents(
  db: Db,
  events: RainEvent[],
  actor: Actor,
  now: Date = new Date(),
): Promise<ImportResult> {
  const imported = await db.transaction(async (tx) => {
    const s = await loadComplianceSettings(tx);
    const result: ImportResult = { added: 0, skipped: 0, postStorm: 0, notified: 0 };
    const ids: number[] = [];
    for (const e of events) {
      if (e.endedAt.getTime() > now.getTime() + 24 * 3_600_000) continue;
      const [exists] = await tx
        .select({ id: stormEvents.id })
        .from(stormEvents)
        .where(and(eq(stormEvents.station, e.station), eq(stormEvents.endedAt, e.endedAt)))
        .limit(1);
      if (exists) {
        result.skipped++;
        continue;
      }
      const [row] = await tx
        .insert(stormEvents)
        .values({
          endedAt: e.endedAt,
          inches: e.inches,
          gauge: e.gauge,
          source: 'import',
          station: e.station,
          createdAt: now,
        })
        .returning({ id: stormEvents.id });
      ids.push(row!.id);
      result.added++;
      if (e.inches >= s.stormInches) {
        result.postStorm++;
        result.notified += await notifyOperators(
          tx,
          { endedAt: e.endedAt, inches: e.inches, gauge: e.gauge },
          now,
          s.postStormHours,
        );
      }
    }
    await auditAsync(tx, actor, {
      action: 'storm.import',
      entityType: 'storm_event',
      entityId: null,
      after: { ...result, stations: [...new Set(events.map((e) => e.station))], ids },
    });
    return result;
  });
  // Imported storms make post-storm duties: the findings are worked out again from the committed storms.
  invalidateCompliance();
  return imported;
}
