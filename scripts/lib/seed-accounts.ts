import type { Role } from '../../src/contract/roles.ts';
import { hashPassword } from '../../src/server/auth/password.server.ts';
import type { Db } from '../../src/server/db/client.ts';

export interface DemoLogin {
  role: Role;
  email: string;
  password: string;
}

/** Local demo accounts. The admin's password is generated per machine; the others are fixed. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@example.com', firstName: 'Avery', lastName: 'Admin' },
  pilot: { email: 'pilot@example.com', firstName: 'Paula', lastName: 'Pilot', password: 'DemoPilot!2026' },
  mechanic: { email: 'mechanic@example.com', firstName: 'Manny', lastName: 'Mechanic', password: 'DemoMechanic!2026' },
} as const;

export async function seedAccounts(db: Db, adminPassword: string): Promise<DemoLogin[]> {
  const wanted = [
    { ...DEMO_ACCOUNTS.admin, role: 'admin' as const, password: adminPassword, extra: {} },
    {
      ...DEMO_ACCOUNTS.pilot,
      role: 'pilot' as const,
      extra: { phone: '(415) 555-0111', location: 'San Carlos, CA' },
    },
    {
      ...DEMO_ACCOUNTS.mechanic,
      role: 'mechanic' as const,
      extra: {
        phone: '(408) 555-0122',
        location: 'San Jose, CA',
        certificationNumber: '3456789',
        yearsExperience: 22,
        serviceRadius: 150,
        hourlyRate: 115,
        // The demo mechanic is vetted already: the demo shows a working marketplace.
        mechanicStatus: 'approved' as const,
      },
    },
  ];
  for (const account of wanted) {
    const exists = await db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('users')
      .values({
        email: account.email,
        passwordHash: await hashPassword(account.password),
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        phone: null,
        location: null,
        certificationNumber: null,
        yearsExperience: null,
        serviceRadius: null,
        hourlyRate: null,
        ...account.extra,
      })
      .execute();
  }
  return wanted.map(({ role, email, password }) => ({ role, email, password }));
}

/** The demo pilot and mechanic as stored, for the seeds that give them history; null before seedAccounts. */
export async function demoPilotAndMechanic(db: Db) {
  const [pilot, mechanic] = await Promise.all(
    [DEMO_ACCOUNTS.pilot.email, DEMO_ACCOUNTS.mechanic.email].map((email) =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),
    ),
  );
  return pilot && mechanic ? { pilot, mechanic } : null;
}
