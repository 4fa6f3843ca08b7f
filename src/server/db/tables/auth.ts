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
  /** Carried by every access token; bumping it ends every session (migration 0010). */
  tokenVersion: Generated<number>;
  /** Mechanics only: vetting by an administrator (null for other roles). */
  mechanicStatus: MechanicStatus | null;
  mechanicReviewReason: string | null;
  mechanicReviewedAt: Date | null;
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

export type MechanicStatus = 'pending' | 'approved' | 'rejected';

/** A single access token ended by logout, kept until it would have expired (migration 0010). */
export interface RevokedTokensTable {
  jti: string;
  expiresAt: Date;
}

/** A password reset link: only the SHA-256 of its secret is stored; used once (migration 0010). */
export interface PasswordResetTokensTable {
  id: Generated<string>;
  userId: string;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Generated<Date>;
}

export interface AuthTables {
  users: UsersTable;
  loginFailures: LoginFailuresTable;
  revokedTokens: RevokedTokensTable;
  passwordResetTokens: PasswordResetTokensTable;
}
