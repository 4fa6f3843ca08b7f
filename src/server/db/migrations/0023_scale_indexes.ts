import { sql, type Kysely } from 'kysely';

// Scale (docs/decisions/0200-matching-by-index.md, 0201-cursor-paging.md): the distance matching
// uses, written once in SQL, and the indexes the plans of the matching, the lists and their
// cursors need on a national marketplace's data (`npm run seed:scale`). Each list's index is its
// filter then its order, ending with the id the cursor breaks ties on, so a page is an index range.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Great-circle miles (haversine, mean Earth radius 3,958.7613 mi): the same formula as
  // src/features/marketplace/distance.ts, so the database and the browser agree on '12 mi'.
  await sql`
    create or replace function haversine_miles(lat1 double precision, lon1 double precision, lat2 double precision, lon2 double precision)
    returns double precision language sql immutable parallel safe as $$
      select 2 * 3958.7613 * asin(least(1, sqrt(
        sin(radians(lat2 - lat1) / 2) ^ 2 + cos(radians(lat1)) * cos(radians(lat2)) * sin(radians(lon2 - lon1) / 2) ^ 2)))
    $$`.execute(db);

  // Matching: mechanics by their base (a bounding box on latitude, then longitude), the widest
  // radius in one index step, and open requests by place when a mechanic's profile changes.
  await sql`create index mechanic_profiles_base_idx on mechanic_profiles (base_latitude, base_longitude)`.execute(db);
  await sql`create index mechanic_profiles_radius_idx on mechanic_profiles (service_radius)`.execute(db);
  await sql`create index service_requests_open_place_idx on service_requests (service_latitude, service_longitude)
            where status in ('pending', 'matched', 'quoted')`.execute(db);
  await sql`create index service_requests_open_aircraft_idx on service_requests (aircraft_latitude, aircraft_longitude)
            where status in ('pending', 'matched', 'quoted') and customer_will_travel`.execute(db);

  // A request whose matches beyond the notified few are still to be recorded (after the answer).
  await sql`alter table service_requests add column matching_pending boolean not null default false`.execute(db);
  await sql`create index service_requests_matching_pending_idx on service_requests (created_at) where matching_pending`.execute(
    db,
  );

  // Lists, in the order each one pages.
  await sql`drop index service_requests_customer_idx`.execute(db);
  await sql`create index service_requests_customer_idx on service_requests (customer_id, created_at, id)`.execute(db);
  await sql`drop index service_request_matches_mechanic_idx`.execute(db);
  await sql`create index service_request_matches_mechanic_idx on service_request_matches (mechanic_id, created_at, service_request_id)`.execute(
    db,
  );
  await sql`drop index appointments_mechanic_idx`.execute(db);
  await sql`create index appointments_mechanic_idx on appointments (mechanic_id, scheduled_date, scheduled_time, created_at, id)`.execute(
    db,
  );
  await sql`drop index appointments_customer_idx`.execute(db);
  await sql`create index appointments_customer_idx on appointments (customer_id, scheduled_date, scheduled_time, created_at, id)`.execute(
    db,
  );
  await sql`drop index notifications_user_idx`.execute(db);
  await sql`create index notifications_user_idx on notifications (user_id, created_at, id)`.execute(db);
  await sql`create index notifications_unread_page_idx on notifications (user_id, created_at, id) where not is_read`.execute(
    db,
  );
  await sql`create index aircraft_owner_idx on aircraft (owner_id, created_at, id)`.execute(db);
  await sql`drop index documents_owner_idx`.execute(db);
  await sql`create index documents_owner_idx on documents (owner_id, created_at, id)`.execute(db);
  await sql`create index outbox_created_idx on outbox (created_at, id)`.execute(db);
  await sql`create index users_role_created_idx on users (role, created_at, id)`.execute(db);
  // A request's nearest matches (the few its answer shows) without sorting thousands.
  await sql`create index service_request_matches_nearest_idx on service_request_matches (service_request_id, distance_miles)`.execute(
    db,
  );
  // Who bid on a request, whose appointment a bid became: lookups the request views make.
  await sql`create index appointments_bid_idx on appointments (bid_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'appointments_bid_idx',
    'notifications_unread_page_idx',
    'service_request_matches_nearest_idx',
    'users_role_created_idx',
    'outbox_created_idx',
    'aircraft_owner_idx',
    'mechanic_profiles_base_idx',
    'mechanic_profiles_radius_idx',
    'service_requests_open_place_idx',
    'service_requests_open_aircraft_idx',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
  await sql`alter table service_requests drop column if exists matching_pending`.execute(db);
  await sql`drop function if exists haversine_miles(double precision, double precision, double precision, double precision)`.execute(
    db,
  );
}
