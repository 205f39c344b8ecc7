import { describe, expect, it } from 'vitest';
import { parseProjectListQuery } from '#lib/server/public/projects.ts';

const parse = (qs: string) => parseProjectListQuery(new URLSearchParams(qs));

describe('project list query from the address bar', () => {
  it('keeps valid filters', () => {
    expect(parse('status=active&kind=major&sort=updated&page=3&q=Curry')).toMatchObject({
      status: 'active',
      kind: 'major',
      sort: 'updated',
      page: 3,
      q: 'Curry',
    });
  });

  it('drops unknown or hostile values instead of failing', () => {
    expect(parse('status=<script>&kind=huge&sort=1;drop table projects&page=-4')).toMatchObject({
      status: undefined,
      kind: undefined,
      sort: 'name',
      page: 1,
    });
    expect(parse('page=abc').page).toBe(1);
    expect(parse(`q=${'x'.repeat(500)}`).q).toHaveLength(200);
    expect(parse('q=%20%20').q).toBeUndefined();
  });
});
