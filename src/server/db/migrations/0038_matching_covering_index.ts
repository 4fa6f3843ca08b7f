import { sql, type Kysely } from 'kysely';

// Matching reads its candidates from one index, not from the table (docs/decisions/0300). At KDEN
// half of the 10,010 approved profiles lie in the box around the airport, so PostgreSQL read the
// whole table (626 pages) rather than the base-location index and the rows it points to: 10-12 ms
// of a 24 ms statement, before a single distance. This index holds, for approved mechanics only,
// every column the candidates' statement reads, in base-location order: the box is one range of it
// and no table page is read (an index-only scan of 56 pages, 7.2 ms against 13.6 with the
// distances, measured on the scale data set).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index mechanic_profiles_matching_idx on mechanic_profiles (base_latitude, base_longitude)
            include (user_id, rating, completed_jobs, service_radius) where approved`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists mechanic_profiles_matching_idx`.execute(db);
}
