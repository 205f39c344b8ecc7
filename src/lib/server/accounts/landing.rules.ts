/**
 * Where each role starts work: the page after signing in, and the "where to start" links on the account
 * page, so a new clerk who has just set a password has a clear way on.
 */
import type { Role } from '#db/enums.ts';

export interface StartLink {
  href: string;
  label: string;
  /** What the page is for, in a few words. */
  what: string;
}

const START: Record<Role, StartLink> = {
  clerk: {
    href: '/staff/requests',
    label: 'Open the records requests',
    what: 'requests to answer, nearest deadline first',
  },
  officer: {
    href: '/staff/officer',
    label: 'Open the officer’s desk',
    what: 'reviews, 48-hour notices, inspections and enforcement that need you',
  },
  admin: {
    href: '/staff/users',
    label: 'Manage user accounts',
    what: 'invite staff and operators and change what they may do',
  },
  operator: {
    href: '/operator',
    label: 'Open your projects',
    what: 'file inspection reports, monthly summaries and 48-hour notices',
  },
};

/** The order roles' pages are offered in: the daily work first. */
const ORDER: Role[] = ['clerk', 'officer', 'admin', 'operator'];

export function startLinks(roles: readonly Role[]): StartLink[] {
  return ORDER.filter((r) => roles.includes(r)).map((r) => START[r]);
}

/** After signing in: the staff dashboard for any staff role, else the operator's workspace. */
export function landingFor(roles: readonly Role[]): string {
  return roles.some((r) => r !== 'operator') ? '/staff' : '/operator';
}

/** The page that explains `npm run setup` to whoever opens a portal no administrator can sign in to yet. */
export const FIRST_RUN_PAGE = '/first-run';

/** The pages a visitor opens to sign in (the staff pages send there too): the first run decides where they lead. */
const SIGN_IN_PAGES = new Set(['/signin', '/account/forgot', FIRST_RUN_PAGE]);

export function decidesFirstRun(pathname: string): boolean {
  return SIGN_IN_PAGES.has(pathname);
}

/**
 * Where a sign-in page leads while the portal is in its first run, or null to show it as it is. With no
 * administrator there is nobody to sign in or invite anyone, and the portal never offers an open sign-up:
 * the first-run page says which command makes the first administrator. Once one can sign in, the
 * first-run page is gone and leads to signing in.
 */
export function firstRunRedirect(pathname: string, adminCanSignIn: boolean): string | null {
  if (!decidesFirstRun(pathname)) return null;
  if (adminCanSignIn) return pathname === FIRST_RUN_PAGE ? '/signin' : null;
  return pathname === FIRST_RUN_PAGE ? null : FIRST_RUN_PAGE;
}
