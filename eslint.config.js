// @ts-check
// Lint rules for the whole tree (decision 0082): the recommended sets of ESLint, typescript-eslint and the Astro
// plugin, without type information (the compiler already runs in `npm run check`), except the three promise rules
// below, which need it and cost ~25 s of the suite's idle CPU (decision 0080). Formatting is Prettier's job.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    'dist/',
    'data/',
    'bench-data/',
    'node_modules/',
    '.astro/',
    '.stryker-tmp*/',
    'reports/',
    'test-results/',
    'playwright-report/',
    'db/migrations/',
    'tests/fixtures/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // The portal finds and strips control characters on purpose (names, single-line fields, CSV cells).
      'no-control-regex': 'off',
      // `_name` marks a parameter a signature needs but the body does not.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // SQL only one engine speaks (decision 0080): SQLite's JSON, full-text, LIKE … ESCAPE and date functions are
    // spelled in platform/db/sql.ts alone, beside their PostgreSQL forms, and called from there by name.
    files: ['src/**'],
    ignores: ['src/lib/server/platform/db/sql.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value', 'TemplateElement[value.raw'].flatMap((node) => [
          {
            selector: `${node}=/json_each|json_extract|json_tree|unixepoch|strftime|julianday|cast\\s*\\(\\s*substr/i]`,
            message: 'SQL only SQLite speaks: use (or add) its function in platform/db/sql.ts.',
          },
          {
            selector: `${node}=/^\\s*(select|with|update|insert|delete)\\b[\\s\\S]*\\s(match|like|glob|escape)\\s/i]`,
            message: 'Text matching differs between SQLite and PostgreSQL: use platform/db/sql.ts (containsText, …).',
          },
        ]),
        {
          selector:
            "TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/(^|\\s)(match|like|glob|escape)(\\s|$)/i]",
          message: 'Text matching differs between SQLite and PostgreSQL: use platform/db/sql.ts (containsText, …).',
        },
      ],
    },
  },
  {
    // A promise left unawaited: on the asynchronous face (decision 0080) a write that is not awaited runs after its
    // transaction ended, or not at all. These three rules need types, so they run on TypeScript files only.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Astro's generated types are only reachable by a reference from the ambient declarations file.
    files: ['src/env.d.ts'],
    rules: { '@typescript-eslint/triple-slash-reference': 'off' },
  },
  {
    // Spliced into drizzle-orm/utils.js by scripts/module-hooks.ts: its free names are that module's imports.
    files: ['scripts/module-hooks/drizzle-map-result-row.js'],
    rules: { 'no-undef': 'off', '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter's pattern, even when there are none.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['src/scripts/**', 'public/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
