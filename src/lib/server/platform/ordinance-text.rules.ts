/**
 * Where the town's own ordinance text lives (decision 0044): its `settings` key and the help
 * page it replaces. Shared by the admin's save, the help page and the search index's build, which runs in
 * a worker that reads SQLite directly (no drizzle), so these stand apart from ordinance-text.ts.
 */
export const ORDINANCE_TEXT_KEY = 'ordinance_text';
/** The law's number as enacted ("Local Law No. 2 of 2009") and the day it was adopted (YYYY-MM-DD), beside its text. */
export const ORDINANCE_NUMBER_KEY = 'ordinance_law_number';
export const ORDINANCE_ADOPTED_KEY = 'ordinance_law_adopted';
export const ORDINANCE_HELP_SLUG = 'ordinance';
