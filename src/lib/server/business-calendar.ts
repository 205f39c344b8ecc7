/** The town's business calendar from the closures table (holidays and clerk-added closures). */
import { closures } from '../../../db/schema.ts';
import type { DB } from './db/index.ts';
import { BusinessCalendar } from './deadlines.ts';

export function loadTownCalendar(db: Pick<DB, 'select'>): BusinessCalendar {
  const rows = db.select({ date: closures.date, name: closures.name, active: closures.active }).from(closures).all();
  return new BusinessCalendar(rows);
}
