import type { Role } from '../../src/contract/roles.ts';
import { hashPassword, THROW_AWAY_ARGON2_PARAMS } from '../../src/server/auth/password.server.ts';
import { signAccessToken } from '../../src/server/auth/token.server.ts';
import { testDb } from './db.ts';
import { uniqueEmail } from './api.ts';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  token: string;
  firstName: string;
  lastName: string;
}

/**
 * A user straight in the database with a valid token. The password hash uses a low argon2id cost
 * (THROW_AWAY_ARGON2_PARAMS, stored in the hash itself; sign-in upgrades it) so suites can make many users quickly; login code verifies it as usual.
 */
export async function createUser(
  role: Role,
  overrides: Partial<{
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    location: string;
    serviceRadius: number;
    mechanicStatus: 'pending' | 'approved' | 'rejected';
  }> = {},
): Promise<TestUser> {
  const password = overrides.password ?? 'Correct-Horse-9';
  const email = overrides.email ?? uniqueEmail(role);
  const firstName = overrides.firstName ?? role.charAt(0).toUpperCase() + role.slice(1);
  const lastName = overrides.lastName ?? 'Tester';
  const row = await testDb()
    .insertInto('users')
    .values({
      email,
      passwordHash: await hashPassword(password, THROW_AWAY_ARGON2_PARAMS),
      firstName,
      lastName,
      role,
      phone: null,
      location: overrides.location ?? null,
      certificationNumber: role === 'mechanic' ? 'A&P 1234567' : null,
      yearsExperience: role === 'mechanic' ? 10 : null,
      serviceRadius: role === 'mechanic' ? (overrides.serviceRadius ?? 50) : null,
      hourlyRate: role === 'mechanic' ? 95 : null,
      // Mechanics made by tests are vetted unless a test asks otherwise (see approveMechanic).
      mechanicStatus: role === 'mechanic' ? (overrides.mechanicStatus ?? 'approved') : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await signAccessToken({ sub: row.id, role });
  return { id: row.id, email, password, role, token, firstName, lastName };
}

/**
 * Approves a mechanic the way an administrator would, for tests whose mechanic registered through
 * the API (new mechanics start pending: docs/decisions/0093-mechanic-vetting.md).
 */
export async function approveMechanic(mechanicId: string): Promise<void> {
  await testDb()
    .updateTable('users')
    .set({ mechanicStatus: 'approved', mechanicReviewedAt: new Date() })
    .where('id', '=', mechanicId)
    .where('role', '=', 'mechanic')
    .execute();
}

/**
 * An administrator's approval of the certificate number and IA a mechanic's profile asks for, for
 * tests whose mechanic is vetted already: only verified credentials count (docs/decisions/0180).
 */
export async function verifyCredentials(mechanicId: string): Promise<void> {
  await testDb()
    .updateTable('mechanicProfiles')
    .set((eb) => ({
      verifiedApNumber: eb.ref('apNumber'),
      verifiedIa: eb.ref('iaAuthorization'),
      credentialsVerifiedAt: new Date(),
    }))
    .where('userId', '=', mechanicId)
    .execute();
}
