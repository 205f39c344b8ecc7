/**
 * The officer's desk ("permanent practices due for inspection") and the practice register read one rule: on
 * every practice of the demo town, on several days, the desk lists exactly the practices the register calls
 * overdue, with the register's last inspection and due date. The desk once showed each practice the date of
 * another's inspection (a subquery's outer column written unqualified by drizzle).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { overdueInspections } from '#lib/server/stormwater-practices/overdue.ts';
import { practiceSummaries } from '#lib/server/stormwater-practices/view.ts';
import { addDays } from '#lib/shared/days.ts';
import { sharedDemoTemplate, tempDir } from '../support/portal.ts';

let db: DB;
let dir: string;

beforeAll(async () => {
  const template = await sharedDemoTemplate();
  dir = tempDir('rsp-practice-dates-');
  fs.copyFileSync(path.join(template.dir, 'portal.db'), path.join(dir, 'portal.db'));
  db = openDatabase(path.join(dir, 'portal.db'));
}, 120_000);

afterAll(() => {
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the desk and the register agree on every practice', () => {
  const today = townToday();
  for (const [label, day] of [
    ['today', today],
    ['in a month', addDays(today, 30)],
    ['in a year', addDays(today, 365)],
  ] as const) {
    it(`lists the register's overdue practices with the register's dates (${label})`, async () => {
      const register = await practiceSummaries(asyncOf(db), day);
      const desk = await overdueInspections(asyncOf(db), day);
      expect(register.length).toBeGreaterThan(20);
      const overdue = register.filter((p) => p.inspectionOverdue);
      expect(overdue.length).toBeGreaterThan(0);
      expect(desk.map((d) => d.id).sort((a, b) => a - b)).toEqual(overdue.map((p) => p.id).sort((a, b) => a - b));
      for (const d of desk) {
        const p = register.find((r) => r.id === d.id)!;
        expect({ name: d.name, due: d.dueOn, last: d.lastInspectedOn }).toEqual({
          name: p.name,
          due: p.nextDueOn,
          last: p.lastInspection?.inspectedOn ?? null,
        });
        expect(d.dueOn < day).toBe(true);
      }
    });
  }
});
