/**
 * Loaded with `node --import` before the server (package.json, tests/support/portal.ts) and in vitest's
 * workers: resolves drizzle-orm's own relative imports without Node's package-scope lookup.
 *
 * Why: for every `.js` file it loads, Node 24 looks up the package's package.json to learn whether the
 * file is ESM, and copies every field of it (`{ ...data }` in getPackageScopeConfig), which parses the
 * `exports` map again each time. drizzle-orm's package.json is 179 KB, mostly `exports`, and a process
 * loads ~150 of its files: importing drizzle took 500–700 ms a process, 80–100 ms with this hook
 * (decision 0049). drizzle-orm is `"type": "module"` with explicit `./x.js` specifiers between its ESM
 * files (its CommonJS copies are `.cjs` and never reached from here), so such a specifier is the file
 * next to its parent, and it is a module.
 *
 * Also: drizzle-orm's mapResultRow (every row of every query goes through it) is replaced, as the file is
 * loaded, by scripts/module-hooks/drizzle-map-result-row.js: the same answers with its per-column
 * decisions made once per query rather than for every value (decision 0052). If drizzle's mapResultRow is
 * not, to the byte, the 0.45.4 function it was written to match, drizzle is loaded as shipped (and
 * tests/unit/drizzle-row-mapping.test.ts fails, so an upgrade decides whether to keep the replacement).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { registerHooks } from 'node:module';

const DRIZZLE = '/node_modules/drizzle-orm/';
const FAST_MAP_RESULT_ROW = fs.readFileSync(
  new URL('./module-hooks/drizzle-map-result-row.js', import.meta.url),
  'utf8',
);

/** SHA-256 of drizzle-orm 0.45.4's mapResultRow, the function the replacement was written to match. */
const SHIPPED_MAP_RESULT_ROW_SHA256 = '1b25870eb8e6cb9801198c1ce1d8c5e9c7380b9dcb4289dffc484e5b18295e8f';

/** drizzle-orm/utils.js with its mapResultRow replaced, or undefined when that function is not the one expected. */
export function withFastRowMapping(source: string): string | undefined {
  const start = source.indexOf('function mapResultRow(columns, row, joinsNotNullableMap) {');
  const end = source.indexOf('function orderSelectedFields(');
  if (start < 0 || end < start) return undefined;
  if (createHash('sha256').update(source.slice(start, end)).digest('hex') !== SHIPPED_MAP_RESULT_ROW_SHA256)
    return undefined;
  return source.slice(0, start) + FAST_MAP_RESULT_ROW + '\n' + source.slice(end);
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (
      parent?.includes(DRIZZLE) &&
      specifier.endsWith('.js') &&
      (specifier.startsWith('./') || specifier.startsWith('../'))
    ) {
      return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    if (!url.endsWith('/node_modules/drizzle-orm/utils.js') || loaded.source == null) return loaded;
    const source = withFastRowMapping(String(loaded.source));
    return source ? { ...loaded, source } : loaded;
  },
});
