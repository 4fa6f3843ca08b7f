import type { Option } from './options.ts';

export const ROLES = ['pilot', 'mechanic', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a visitor may choose when signing up; administrators are created by an administrator. */
export const SELF_REGISTER_ROLES = [
  { value: 'pilot', label: 'Pilot/Aircraft Owner' },
  { value: 'mechanic', label: 'A&P Mechanic' },
] as const satisfies readonly Option[];

export const ROLE_LABELS: Record<Role, string> = {
  pilot: 'Pilot/Aircraft Owner',
  mechanic: 'A&P Mechanic',
  admin: 'Administrator',
};
