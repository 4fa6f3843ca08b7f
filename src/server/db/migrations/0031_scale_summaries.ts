import { sql, type Kysely } from 'kysely';

// Scale, second part (docs/decisions/0203-dashboard-summaries.md, 0201-cursor-paging.md): the
// indexes of the dashboards' counts (one user's rows by status, never the rows of a whole list) and
// of the logbook's pages (an aircraft's signed entries in the order they are read, and the
// correction that replaced an entry, looked up by the entry).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index appointments_mechanic_status_idx on appointments (mechanic_id, status)`.execute(db);
  await sql`create index appointments_customer_status_idx on appointments (customer_id, status)`.execute(db);
  await sql`create index service_requests_customer_status_idx on service_requests (customer_id, status)`.execute(db);
  await sql`create index maintenance_records_logbook_idx on maintenance_records (aircraft_id, completed_on, signed_at, id)
            where status in ('signed', 'superseded')`.execute(db);
  await sql`create index maintenance_records_supersedes_idx on maintenance_records (supersedes_id) where supersedes_id is not null`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'maintenance_records_supersedes_idx',
    'maintenance_records_logbook_idx',
    'service_requests_customer_status_idx',
    'appointments_customer_status_idx',
    'appointments_mechanic_status_idx',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
}
