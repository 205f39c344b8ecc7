/**
 * Where each role starts work (`landing.rules.ts`): the page after signing in and the "where to start"
 * links on the account page. Each link must lead to a page that exists and that the role may open (read
 * from the page's own `requireRole` guard), in the order of the daily work.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#db/enums.ts';
import { landingFor, startLinks } from '#lib/server/accounts/landing.rules.ts';

const PAGES = path.resolve(import.meta.dirname, '../../src/pages');

/** The roles a page's guard admits, read from `requireRole(Astro, 'a', 'b')` in its source. */
function rolesAllowedOn(href: string): Role[] {
  const file = [`${href}.astro`, `${href}/index.astro`].map((f) => path.join(PAGES, f)).find((f) => existsSync(f));
  if (!file) throw new Error(`no page for ${href}`);
  const guard = /requireRole\(Astro,([^)]*)\)/.exec(readFileSync(file, 'utf8'));
  if (!guard) throw new Error(`${href} has no requireRole guard`);
  return [...guard[1].matchAll(/'([a-z]+)'/g)].map((m) => m[1] as Role);
}

/** Every combination of roles a user can hold, the empty one included. */
const ROLE_SETS: Role[][] = Array.from({ length: 2 ** ROLES.length }, (_, bits) =>
  ROLES.filter((_, i) => bits & (2 ** i)),
);

describe('start links: one per role the user holds, each to a page that role may open', () => {
  it.each(ROLES)(
    'the %s link leads to a page whose guard admits that role, with a label and what it is for',
    (role) => {
      const [link] = startLinks([role]);
      expect(link.href).toMatch(/^\/[a-z/]+$/);
      expect(rolesAllowedOn(link.href)).toContain(role);
      expect(link.label.length).toBeGreaterThan(10);
      expect(link.what.length).toBeGreaterThan(10);
      expect(link.what).not.toMatch(/\.$/); // the account page adds the full stop
    },
  );

  it('gives each role its own page and its own words', () => {
    const links = ROLES.map((r) => startLinks([r])[0]);
    for (const key of ['href', 'label', 'what'] as const)
      expect(new Set(links.map((l) => l[key])).size).toBe(ROLES.length);
  });

  it.each([
    ['clerk', '/staff/requests'],
    ['officer', '/staff/officer'],
    ['admin', '/staff/users'],
    ['operator', '/operator'],
  ] as const)('a %s starts at %s', (role, href) => {
    expect(startLinks([role]).map((l) => l.href)).toEqual([href]);
  });

  it('offers the daily work first: clerk, officer, admin, operator, whatever order the roles are stored in', () => {
    const expected = ['/staff/requests', '/staff/officer', '/staff/users', '/operator'];
    expect(startLinks(['operator', 'admin', 'officer', 'clerk']).map((l) => l.href)).toEqual(expected);
    expect(startLinks(['admin', 'clerk', 'operator', 'officer']).map((l) => l.href)).toEqual(expected);
    expect(startLinks(['operator', 'clerk']).map((l) => l.href)).toEqual(['/staff/requests', '/operator']);
    expect(startLinks(['admin', 'officer']).map((l) => l.href)).toEqual(['/staff/officer', '/staff/users']);
  });

  it('offers nothing to a user without roles', () => {
    expect(startLinks([])).toEqual([]);
  });

  it.each(ROLE_SETS.map((s) => [s]))('roles %j get exactly one link per role', (roles) => {
    expect(startLinks(roles)).toHaveLength(roles.length);
  });
});

describe('the page after signing in: the staff dashboard for any staff role, else the operator workspace', () => {
  it.each<[Role[], string]>([
    [['operator'], '/operator'],
    [['clerk'], '/staff'],
    [['officer'], '/staff'],
    [['admin'], '/staff'],
    [['operator', 'clerk'], '/staff'], // a staff role wins over operator, in either order
    [['clerk', 'operator'], '/staff'],
    [['admin', 'clerk', 'officer', 'operator'], '/staff'],
    [[], '/operator'],
  ])('roles %j land on %s', (roles, href) => {
    expect(landingFor(roles)).toBe(href);
  });

  it.each(ROLE_SETS.filter((s) => s.length > 0).map((s) => [s]))(
    'roles %j land on a page one of them may open',
    (roles) => {
      expect(rolesAllowedOn(landingFor(roles)).some((r) => roles.includes(r))).toBe(true);
    },
  );
});
