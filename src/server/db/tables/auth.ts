import type { Generated } from 'kysely';
import type { PublicUser } from '../../../contract/fields.ts';
import type { CreatedAt, NullableNumeric, UpdatedAt } from './foundation.ts';

/** The public user's fields (contract/fields.ts), with the columns the API never shows. */
export interface UsersTable extends Omit<PublicUser, 'id' | 'hourlyRate' | 'createdAt'> {
  id: Generated<string>;
  passwordHash: string;
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

/**
 * A password reset link: only the SHA-256 of its secret is stored; used once (migration 0010).
 * The secret is made when its email (`outboxId`) is sent: no hash until then (migration 0041).
 */
export interface PasswordResetTokensTable {
  id: Generated<string>;
  userId: string;
  tokenHash: string | null;
  outboxId: string | null;
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
