import type { Generated } from 'kysely';
import type { Role } from '../../../contract/roles.ts';
import type { CreatedAt, NullableNumeric, UpdatedAt } from './foundation.ts';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  phone: string | null;
  location: string | null;
  certificationNumber: string | null;
  yearsExperience: number | null;
  serviceRadius: number | null;
  hourlyRate: NullableNumeric;
  /** Marketplace notices by email too (migration 0008). */
  emailNotifications: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** One counted sign-in attempt (see migration 0002_auth and docs/decisions/0022). */
export interface LoginFailuresTable {
  id: Generated<string>;
  scope: 'account' | 'ip';
  key: string;
  failedAt: Generated<Date>;
}

export interface AuthTables {
  users: UsersTable;
  loginFailures: LoginFailuresTable;
}
