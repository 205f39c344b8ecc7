/**
 * The SQL that SQLite and PostgreSQL spell differently, one function per difference (decision 0080): the
 * domains say what they mean ("in this list", "this JSON field", "contains this text") and never spell an
 * engine's own functions. Only SQLite's forms exist yet; each PostgreSQL form will sit beside its SQLite one
 * (noted on each function), chosen by the engine the connection was opened on.
 *
 * A lint rule (eslint.config.js, "SQL only one engine speaks") refuses these spellings anywhere else in src/.
 */
import { or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { recordsRequests } from '#db/schema.ts';

/**
 * `column in (the values bound to the placeholder)`: one statement, prepared once, for any number of values
 * (SQLite limits bound parameters, so a list is not spread over `?, ?, ?`). Bind `boundList(values)`.
 * PostgreSQL: `column = any($1)`, the array bound as it is.
 */
export function inList(column: SQLWrapper, values: Placeholder): SQL {
  return sql`${column} in (select value from json_each(${values}))`;
}

/** The value to bind to an `inList` placeholder. PostgreSQL: the array itself. */
export function boundList(values: readonly (number | string)[]): string {
  return JSON.stringify(values);
}

/**
 * A top-level field of a JSON text column, as SQL text (null when absent). The key is written into the
 * statement, not bound, so the statement's text (and its cached plan) is the same for every value.
 * PostgreSQL (jsonb): `column ->> 'key'`.
 */
export function jsonField(column: SQLWrapper, key: string): SQL<string | null> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`jsonField: not a plain key: ${key}`);
  return sql<string | null>`json_extract(${column}, ${sql.raw(`'$.${key}'`)})`;
}

/** Text for a LIKE pattern with its own %, _ and \ matching themselves (the functions below say ESCAPE '\'). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The pattern of "contains the text", its wildcards taken literally: what a `containsText` placeholder is bound to. */
export function containsPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/**
 * Any of the columns contains the text, ignoring ASCII case, wildcards in it taken literally. In a prepared
 * query, pass a placeholder and bind `containsPattern(text)` to it. SQLite's LIKE ignores ASCII case;
 * PostgreSQL's does not: there `ilike … escape '\'`.
 */
export function containsText(text: string | Placeholder, ...columns: SQLWrapper[]): SQL {
  const pattern = typeof text === 'string' ? containsPattern(text) : text;
  return or(...columns.map((c) => sql`${c} like ${pattern} escape '\\'`))!;
}

/** The column starts with the text, ignoring ASCII case, wildcards in it taken literally. PostgreSQL: `ilike`. */
export function startsWithText(column: SQLWrapper, text: string): SQL {
  return sql`${column} like ${`${likeLiteral(text)}%`} escape '\\'`;
}

/**
 * Records requests whose number, requester's name or email, or description contains the text (any case).
 * Three characters or more go through SQLite's FTS5 trigram table (migration 0010), the same matches as
 * LIKE without reading every request; shorter text is rare and scans. PostgreSQL: `ilike` over the same
 * columns, served by a `pg_trgm` index.
 */
export function requestSearch(text: string): SQL {
  if ([...text].length >= 3) {
    const phrase = `"${text.replace(/"/g, '""')}"`;
    return sql`${recordsRequests.id} in (select rowid from records_requests_fts where records_requests_fts match ${phrase})`;
  }
  return containsText(
    text,
    recordsRequests.number,
    recordsRequests.requesterName,
    recordsRequests.requesterEmail,
    recordsRequests.description,
  );
}

/**
 * The whole number written after the first `prefixLength` characters of a text column ("R-2026-0042" after
 * "R-2026-": 42). SQLite's cast reads the leading digits (0 if none); PostgreSQL's cast fails on anything
 * but digits, so there the text is cast only when it is all digits (`case when … ~ '^[0-9]+$' then …`).
 */
export function numberAfter(column: SQLWrapper, prefixLength: number): SQL<number | null> {
  return sql<number | null>`cast(substr(${column}, ${prefixLength + 1}) as integer)`;
}
