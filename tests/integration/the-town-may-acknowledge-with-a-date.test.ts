/**
 * Say what the law says: the operator must make the records available within five business days (L(4)),
 * while the Town may instead deny in writing or acknowledge with an approximate date (POL §89(3)(a)). The
 * home page and a project page say it in one sentence, never "both must make the records available".
 */
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '#lib/server/platform/db.ts';

const base = inject('baseURL');
const db = openDatabase(path.join(inject('dataDir'), 'portal.db'));
const html = async (p: string) => {
  const res = await fetch(new URL(p, base), { redirect: 'manual' });
  expect(res.status, p).toBe(200);
  return res.text();
};
const SENTENCE =
  'The site’s operator must make the records available within five business days of your written request (Subsection L(4) of the Town’s stormwater law); in the same five business days the Town must make them available, deny the request in writing, or acknowledge it in writing with the approximate date they will be ready (Public Officers Law §89(3)(a)).';

describe('the Town may acknowledge with a date instead of making the records available (POL §89(3)(a))', () => {
  it('the home page says what each must do, in one sentence', async () => {
    const body = await html('/');
    expect(body).toContain(SENTENCE);
    expect(body).not.toMatch(/they\s+must be made available/);
  });

  it('a project page says the same sentence, and never that both must make the records available', async () => {
    const { slug } = db.$client
      .prepare("select slug from projects where published = 1 and status = 'active' order by id limit 1")
      .get() as { slug: string };
    const body = await html(`/projects/${slug}`);
    expect(body).toContain(SENTENCE);
    expect(body).not.toContain('Both must make the records available');
  });
});
