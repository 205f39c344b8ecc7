/**
 * The direction of dependencies (docs/decisions/0002-layout-by-domain.md):
 *   shared ← platform ← domains ← read models ← pages, components, actions, middleware
 * Checked in `npm test` (npm run lint:deps). .astro files are checked by tests/unit/layering.test.ts
 * with the same rules, since dependency-cruiser cannot parse them.
 */
const DOMAINS =
  'src/lib/server/(accounts|projects|filings|compliance|reviews|enforcement|records-requests|operator-requests|reminders)/';
const READ_MODELS = 'src/lib/server/(public|desks|jobs)/';
const APP = '^src/(pages|components|layouts|actions|middleware)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two modules are one; split or move the shared part down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-is-isomorphic',
      severity: 'error',
      comment: 'src/lib/shared runs in the browser too: nothing server-side, no Node built-ins.',
      from: { path: '^src/lib/shared/' },
      to: { path: ['^src/lib/server/', 'node_modules/(better-sqlite3|drizzle-orm|nodemailer)'] },
    },
    {
      name: 'shared-names-schema-types-only',
      severity: 'error',
      from: { path: '^src/lib/shared/' },
      to: { path: '^db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-no-node-builtins',
      severity: 'error',
      from: { path: '^src/lib/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'platform-below-domains',
      severity: 'error',
      comment: 'platform/ serves every domain and knows none of them.',
      from: { path: '^src/lib/server/platform/' },
      to: { path: [`^${DOMAINS}`, `^${READ_MODELS}`, APP] },
    },
    {
      name: 'domains-below-read-models',
      severity: 'error',
      comment: 'A domain never imports a read model (public/, desks/, jobs/) or a page.',
      from: { path: `^${DOMAINS}` },
      to: { path: [`^${READ_MODELS}`, APP] },
    },
    { name: 'read-models-below-pages', severity: 'error', from: { path: `^${READ_MODELS}` }, to: { path: APP } },
    {
      name: 'pages-never-touch-the-database',
      severity: 'error',
      comment: 'Pages and components read view models; the connection comes in as Astro.locals.db.',
      from: { path: '^src/(pages|components|layouts)/' },
      to: {
        path: ['^src/lib/server/platform/db(\\.ts$|/)', 'node_modules/(drizzle-orm|better-sqlite3)'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'schema-values-stay-below-pages',
      severity: 'error',
      comment: 'Pages may name schema types, never query tables.',
      from: { path: '^src/(pages|components|layouts)/' },
      to: { path: '^db/schema\\.ts$', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/', '^node_modules/', '^\\.astro/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.json'],
    },
    skipAnalysisNotInRules: false,
  },
};
