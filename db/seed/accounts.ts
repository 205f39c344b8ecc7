/**
 * Demo accounts for the embedded default: one per role, operators attached to demo projects.
 * Printed by `npm start` and listed in the README. Only ever created in the demo town.
 */
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { asc, eq, inArray } from 'drizzle-orm';
import { auditLog, projectMembers, projects, userRoles, users, type Role } from '../schema.ts';
import { hashPassword } from '#lib/server/accounts/passwords.ts';
import type { DB } from '#lib/server/platform/db.ts';

export const DEMO_PASSWORD = 'rotterdam-demo-2026';

export interface DemoAccount {
  email: string;
  name: string;
  title: string;
  roles: Role[];
  /** How the account's projects are chosen (operators only). */
  projects?: 'operator-a' | 'operator-b';
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@rotterdam.example', name: 'Alex Morgan', title: 'Portal administrator', roles: ['admin'] },
  { email: 'clerk@rotterdam.example', name: 'Dana Kowalski', title: 'Deputy Town Clerk', roles: ['clerk'] },
  {
    email: 'officer@rotterdam.example',
    name: 'Sam Okafor',
    title: 'Stormwater Management Officer',
    roles: ['officer'],
  },
  {
    email: 'operator@rotterdam.example',
    name: 'Chris Van Patten',
    title: 'Site superintendent',
    roles: ['operator'],
    projects: 'operator-a',
  },
  {
    email: 'operator2@rotterdam.example',
    name: 'Jordan Reyes',
    title: 'Project manager',
    roles: ['operator'],
    projects: 'operator-b',
  },
];

/** Operator A runs the stop-work site and two active ones; operator B one other active site. */
function demoProjectIds(db: DB): Record<'operator-a' | 'operator-b', number[]> {
  const stopWork = db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.status, 'stop_work'))
    .orderBy(asc(projects.name))
    .limit(1)
    .all();
  const active = db
    .select({ id: projects.id })
    .from(projects)
    .where(inArray(projects.status, ['active']))
    .orderBy(asc(projects.name))
    .limit(3)
    .all();
  return {
    'operator-a': [...stopWork, ...active.slice(0, 2)].map((p) => p.id),
    'operator-b': active.slice(2, 3).map((p) => p.id),
  };
}

/**
 * The demo accounts, with their projects and practices. With `filesDir`, also operator@'s permit application filed
 * online (its SWPPP is a stored file), which the clerk found lacking.
 */
export async function seedDemoAccounts(db: DB, opts: { filesDir?: string; now?: Date } = {}): Promise<DemoAccount[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Loaded here, not at the top: the practices' seed draws PDFs, and the server imports this file at every
  // start only to list the demo accounts.
  const { assignDemoPracticeAccounts } = await import('./practices.ts');
  const chosen = demoProjectIds(db);
  db.transaction((tx) => {
    for (const account of DEMO_ACCOUNTS) {
      const user = tx
        .insert(users)
        .values({ email: account.email, name: account.name, title: account.title, passwordHash })
        .returning({ id: users.id })
        .get();
      for (const role of account.roles) tx.insert(userRoles).values({ userId: user.id, role }).run();
      for (const projectId of account.projects ? chosen[account.projects] : [])
        tx.insert(projectMembers).values({ userId: user.id, projectId }).run();
    }
    assignDemoPracticeAccounts(tx); // The maintainers of a few demo practices, so operator@ has yearly reports due.
    tx.insert(auditLog)
      .values({
        actorLabel: 'seed',
        action: 'seed.demo_accounts',
        entityType: 'user',
        afterJson: JSON.stringify(DEMO_ACCOUNTS.map((a) => a.email)),
      })
      .run();
  });
  if (opts.filesDir) {
    const { seedDemoApplication } = await import('./applications.ts');
    await seedDemoApplication(db, { filesDir: opts.filesDir, today: townToday(opts.now) });
  }
  return DEMO_ACCOUNTS;
}

/** The demo accounts present in this database (for printing at start-up). */
export function presentDemoAccounts(db: DB): DemoAccount[] {
  const emails = new Set(
    db
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      )
      .all()
      .map((r) => r.email),
  );
  return DEMO_ACCOUNTS.filter((a) => emails.has(a.email));
}
