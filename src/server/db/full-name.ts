import { sql, type RawBuilder } from 'kysely';

/** A person's name as every screen and message writes it: first name, a space, last name. */
export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/**
 * `fullName` in SQL, over the `first_name` and `last_name` of the row under `alias` (a name
 * written in the code, never input), for a statement that selects, searches or orders by it.
 */
export function fullNameSql<T extends string | null = string>(alias: string): RawBuilder<T> {
  return sql<T>`${sql.raw(alias)}.first_name || ' ' || ${sql.raw(alias)}.last_name`;
}
