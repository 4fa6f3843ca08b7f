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
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface AuthTables {
  users: UsersTable;
}
