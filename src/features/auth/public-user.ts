import type { PublicUser } from '../../contract/auth.ts';

/** The columns of a users row this module reads (a Kysely `Selectable<UsersTable>` fits). */
export interface UserRecord extends Omit<PublicUser, 'hourlyRate' | 'createdAt'> {
  /** pg returns `numeric` as a string. */
  hourlyRate: string | number | null;
  createdAt: Date | string;
}

const toNumber = (v: string | number | null): number | null => (v === null ? null : Number(v));

/**
 * The user as the API answers it: an explicit allow-list, so a column added later (or the password
 * hash) is never sent by accident. Numbers are numbers, dates ISO strings.
 */
export function toPublicUser(row: UserRecord): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    phone: row.phone,
    location: row.location,
    certificationNumber: row.certificationNumber,
    yearsExperience: row.yearsExperience,
    serviceRadius: row.serviceRadius,
    hourlyRate: toNumber(row.hourlyRate),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
