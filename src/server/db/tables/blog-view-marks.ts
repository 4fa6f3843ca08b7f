import type { ColumnType } from 'kysely';

/** Migration 0030: one read of an article per visitor per day (docs/decisions/0199). */
export interface BlogViewMarksTable {
  /** The day, as PostgreSQL's current_date. */
  day: ColumnType<Date, string, never>;
  slug: string;
  /** A hash of the day's salt, the client's address and browser: no cookie, nothing kept across days. */
  visitor: string;
}

export interface BlogViewMarksTables {
  blogViewMarks: BlogViewMarksTable;
}
