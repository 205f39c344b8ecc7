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
 */
import { registerHooks } from 'node:module';

const DRIZZLE = '/node_modules/drizzle-orm/';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (parent?.includes(DRIZZLE) && specifier.endsWith('.js') && (specifier.startsWith('./') || specifier.startsWith('../'))) {
      return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
