import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AUTH_LIMITS, PASSWORD_RULES, type PublicUser } from '../../contract/auth.ts';
import { hashPassword } from '../../server/auth/password.server.ts';
import type { Db } from '../../server/db/client.ts';
import { findUserByEmail } from './auth.server.ts';
import { toPublicUser } from './public-user.ts';

/**
 * The only way to become an administrator (`npm run admin:create`): there is no sign-up, API or
 * screen for it. See docs/decisions/0023-admin-accounts.md.
 */
export class AdminCreateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminCreateError';
  }
}

export interface CreateAdminInput {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  /** When absent: a new admin gets a generated one; a promoted user keeps theirs. */
  password?: string | undefined;
  /** Allow turning an existing pilot or mechanic account into an administrator. */
  promote?: boolean | undefined;
}

export interface CreateAdminResult {
  action: 'created' | 'promoted';
  user: PublicUser;
  /** Set only when this call generated the password: show it once, it is stored nowhere else. */
  generatedPassword?: string;
}

export const ADMIN_DEFAULT_NAME = { firstName: 'Site', lastName: 'Administrator' } as const;

const Input = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')),
  firstName: z.string().trim().min(1, 'First name must not be empty').max(AUTH_LIMITS.name).optional(),
  lastName: z.string().trim().min(1, 'Last name must not be empty').max(AUTH_LIMITS.name).optional(),
  password: z
    .string()
    .min(
      PASSWORD_RULES.adminMinLength,
      `An administrator password must be at least ${PASSWORD_RULES.adminMinLength} characters`,
    )
    .max(PASSWORD_RULES.maxLength, `Password must be at most ${PASSWORD_RULES.maxLength} characters`)
    .optional(),
  promote: z.boolean().optional(),
});

/** 24 characters from 18 random bytes (144 bits): strong, and copyable without quoting in a shell. */
export function generateAdminPassword(): string {
  return randomBytes(18).toString('base64url');
}

export function validateAdminInput(input: CreateAdminInput): z.output<typeof Input> {
  const parsed = Input.safeParse({
    email: input.email,
    ...(input.firstName === undefined ? {} : { firstName: input.firstName }),
    ...(input.lastName === undefined ? {} : { lastName: input.lastName }),
    ...(input.password === undefined ? {} : { password: input.password }),
    ...(input.promote === undefined ? {} : { promote: input.promote }),
  });
  if (!parsed.success) throw new AdminCreateError(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

/**
 * Creates an administrator, or promotes an existing account when `promote` is set. Refuses an email
 * that already belongs to an administrator, and a pilot or mechanic account without `promote`.
 */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<CreateAdminResult> {
  const data = validateAdminInput(input);
  const existing = await findUserByEmail(db, data.email);

  if (existing) {
    if (existing.role === 'admin') throw new AdminCreateError(`${existing.email} is already an administrator.`);
    if (!data.promote) {
      throw new AdminCreateError(
        `${existing.email} already has a ${existing.role} account. Run again with --promote to make it an administrator.`,
      );
    }
    const user = await db
      .updateTable('users')
      .set({
        role: 'admin',
        updatedAt: new Date(),
        ...(data.firstName ? { firstName: data.firstName } : {}),
        ...(data.lastName ? { lastName: data.lastName } : {}),
        ...(data.password ? { passwordHash: await hashPassword(data.password) } : {}),
      })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { action: 'promoted', user: toPublicUser(user) };
  }

  const password = data.password ?? generateAdminPassword();
  const generated = data.password ? undefined : password;
  const user = await db
    .insertInto('users')
    .values({
      email: data.email,
      passwordHash: await hashPassword(password),
      firstName: data.firstName ?? ADMIN_DEFAULT_NAME.firstName,
      lastName: data.lastName ?? ADMIN_DEFAULT_NAME.lastName,
      role: 'admin',
      phone: null,
      location: null,
      certificationNumber: null,
      yearsExperience: null,
      serviceRadius: null,
      hourlyRate: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { action: 'created', user: toPublicUser(user), ...(generated ? { generatedPassword: generated } : {}) };
}
