import { sql, type Kysely } from 'kysely';

// Every logbook entry has an aircraft: requests made with a typed registration were
// stored without the owner's aircraft, and the entries of their jobs reached no logbook. Each is
// linked to the owner's aircraft of that registration, added when the owner has none and the
// request's job has an entry; the entries follow their request.
// docs/decisions/0162-every-entry-has-an-aircraft.md
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    insert into aircraft (owner_id, tail_number, make, model, year, total_hours)
    select distinct on (r.customer_id, upper(r.aircraft_tail_number))
      r.customer_id, upper(r.aircraft_tail_number), r.aircraft_make, r.aircraft_model, r.aircraft_year, r.aircraft_total_hours
    from service_requests r
    join appointments a on a.service_request_id = r.id
    join maintenance_records m on m.appointment_id = a.id
    where r.aircraft_id is null and btrim(r.aircraft_tail_number) <> ''
      and not exists (select 1 from aircraft x where x.owner_id = r.customer_id and upper(x.tail_number) = upper(r.aircraft_tail_number))
    order by r.customer_id, upper(r.aircraft_tail_number), r.created_at desc
    on conflict do nothing`.execute(db);
  await sql`
    update service_requests r set aircraft_id = x.id
    from aircraft x
    where r.aircraft_id is null and x.owner_id = r.customer_id and upper(x.tail_number) = upper(r.aircraft_tail_number)`.execute(
    db,
  );
  await sql`
    update maintenance_records m set aircraft_id = r.aircraft_id
    from appointments a join service_requests r on r.id = a.service_request_id
    where a.id = m.appointment_id and m.aircraft_id is null and r.aircraft_id is not null`.execute(db);
}

// Links made are facts about the data, not schema: nothing to undo.
export async function down(): Promise<void> {}
