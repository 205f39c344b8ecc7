/**
 * The layers (docs/decisions/0002-layout-by-domain.md): shared ← platform ← domains ← read models ←
 * pages. `npm run lint:deps` (dependency-cruiser, part of `npm test`) checks the .ts files; it cannot
 * parse .astro files, so their imports are checked here with the same rules. And the rules themselves
 * must catch what they forbid: a planted cycle fails them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function astroFiles(dir: string): string[] {
  return (fs.readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.astro'))
    .map((f) => path.join(dir, f));
}

/** Every import in an .astro file's frontmatter and scripts: [specifier, type-only]. */
function importsOf(file: string): Array<[string, boolean]> {
  const src = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...src.matchAll(/^\s*import\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)].map((m) => [
    m[2],
    Boolean(m[1]),
  ]);
}

const PAGES = [...astroFiles('src/pages'), ...astroFiles('src/components'), ...astroFiles('src/layouts')];

describe('pages and components never touch the database', () => {
  it('finds the .astro files', () => expect(PAGES.length).toBeGreaterThan(80));

  it.each(PAGES)('%s', (file) => {
    for (const [spec, typeOnly] of importsOf(file)) {
      expect(spec, `${file} imports the database module`).not.toMatch(/platform\/db\.ts$/);
      expect(spec, `${file} queries with drizzle`).not.toMatch(/^(drizzle-orm|better-sqlite3)/);
      if (!typeOnly) expect(spec, `${file} imports tables (use #db/enums.ts for lists)`).not.toBe('#db/schema.ts');
      expect(spec, `${file} climbs directories: use an alias (#lib, #components, #layouts, #scripts)`).not.toMatch(
        /^\.\.\/\.\.\//,
      );
    }
  });
});

describe('the dependency rules catch what they forbid', () => {
  it('a planted cycle fails them', async () => {
    const { forbidden, options } = (await import('../../.dependency-cruiser.cjs')).default;
    const { tsConfig: _ts, ...rest } = options as Record<string, unknown>;
    const result = await cruise(['tests/fixtures/planted-cycle'], { ...rest, validate: true, ruleSet: { forbidden } });
    const output = result.output as { summary: { violations: Array<{ rule: { name: string } }> } };
    expect(output.summary.violations.map((v) => v.rule.name)).toContain('no-circular');
  });
});
