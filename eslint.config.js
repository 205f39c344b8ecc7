// @ts-check
// Lint rules for the whole tree (decision 0082): the recommended sets of ESLint, typescript-eslint (without type
// information: the compiler already runs in `npm run check`, and typed linting would double the time) and the Astro
// plugin. Formatting is Prettier's job, not the linter's.
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
