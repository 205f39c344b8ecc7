/**
 * scripts/module-hooks.ts answers drizzle-orm's own relative imports itself (decision 0049). If it ever
 * resolves one wrongly, every server start fails: this loads drizzle through the hook in a fresh Node
 * and checks that the hook really answered and that the modules work.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MODULE_HOOKS_FLAG, ROOT } from '../support/portal.ts';

const PROBE = `
import { registerHooks } from 'node:module';
// The hook answers without looking at the disk (that is the point); Node's own resolution looks, and
// refuses a file that is not there. So a made-up sibling says who answered.
let answeredByHook;
registerHooks({ resolve(specifier, context, next) {
  if (answeredByHook === undefined && context.parentURL?.includes('/node_modules/drizzle-orm/')) {
    try { next('./no-such-drizzle-file.js', context); answeredByHook = true; } catch { answeredByHook = false; }
  }
  return next(specifier, context);
} });
const { sql } = await import('drizzle-orm');
const { sqliteTable, integer } = await import('drizzle-orm/sqlite-core');
await import('drizzle-orm/better-sqlite3');
const t = sqliteTable('t', { id: integer('id') });
console.log(JSON.stringify({ answeredByHook, table: typeof t.id, sql: typeof sql }));
`;

describe('the drizzle module hook', () => {
  const probe = (flags: string[]) =>
    JSON.parse(
      execFileSync(process.execPath, [...flags, '--input-type=module', '-e', PROBE], { cwd: ROOT, encoding: 'utf8' })
        .trim()
        .split('\n')
        .pop()!,
    );

  it("without the hook, Node resolves drizzle's imports itself (the probe tells them apart)", () => {
    expect(probe([]).answeredByHook).toBe(false);
  });

  it('loads drizzle-orm with its relative imports answered by the hook, and the modules work', () => {
    const result = probe([MODULE_HOOKS_FLAG]);
    expect(result).toEqual({ answeredByHook: true, table: 'object', sql: 'function' });
  });
});
