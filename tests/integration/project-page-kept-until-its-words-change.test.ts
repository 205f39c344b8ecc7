/**
 * The public project page is kept in the page cache until `unchangedUntil` (decision 0056). On the demo
 * town, with a storm ending later today, every project's whole view model reads the same at any instant
 * between the instants it names, walked to the end of the town day, and the pages do change at some of
 * them (the storm ending, close of business): a part of the page that reads the clock without saying
 * when fails here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stormEvents } from '#db/schema.ts';
import { seedDemoTown } from '#db/seed/demo.ts';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { projectPageView } from '#lib/server/public/project-page.ts';
import { addDays } from '#lib/shared/days.ts';

/** A Monday afternoon in June, town time (before close of business at 16:30). */
const NOW = new Date('2026-06-15T18:00:00Z');
const TODAY = '2026-06-15';

let db: DB;
let slugs: string[];

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-kept-'));
  db = openDatabase(path.join(dir, 'portal.db'));
  migrateDatabase(db);
  await seedDemoTown(db, { filesDir: path.join(dir, 'files'), now: NOW, pdfTexts: 'later' });
  // An inch of rain ending at 15:00 today: a post-storm inspection falls due on every active site then.
  db.insert(stormEvents)
    .values({ endedAt: new Date('2026-06-15T19:00:00Z'), inches: 1 })
    .run();
  slugs = (
    db.$client.prepare('select slug from projects where published = 1 order by slug').all() as { slug: string }[]
  ).map((r) => r.slug);
});

/** The page's words at `now`: the whole view model but the instant itself. */
async function words(slug: string, now: Date): Promise<string> {
  const { unchangedUntil: _, ...view } = (await projectPageView(asyncOf(db), slug, TODAY, now))!;
  return JSON.stringify(view);
}

describe('a project page reads the same until it says it may change', () => {
  it('every demo project, walked from its instant to the next until the day ends', async () => {
    expect(slugs.length).toBeGreaterThan(10);
    const dayEnds = townInstant(addDays(TODAY, 1)).getTime();
    const changes = new Set<string>();
    for (const slug of slugs) {
      let t = NOW.getTime();
      while (t < dayEnds) {
        const until = (await projectPageView(asyncOf(db), slug, TODAY, new Date(t)))!.unchangedUntil;
        expect(until).toBeGreaterThan(t);
        const end = Math.min(until, dayEnds);
        const here = await words(slug, new Date(t));
        for (const s of [t + 1, Math.floor((t + end) / 2), end - 1])
          expect(await words(slug, new Date(s)), `${slug} at ${new Date(s).toISOString()}`).toBe(here);
        if (end < dayEnds && (await words(slug, new Date(end))) !== here) changes.add(new Date(end).toISOString());
        t = end;
      }
    }
    // The storm ending (an inspection falls due on the active sites); nothing else changes today.
    expect([...changes]).toEqual(['2026-06-15T19:00:00.000Z']);
  });
});
