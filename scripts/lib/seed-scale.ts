import { sql } from 'kysely';
import { AIRPORTS_DATA } from '../../src/features/marketplace/geo/airports.data.ts';
import type { Db } from '../../src/server/db/client.ts';
import { backfillBidLines } from '../../src/server/db/migrations/0014_bid_lines.ts';

/**
 * A national marketplace's year, written by PostgreSQL itself (`INSERT ... SELECT generate_series`):
 * one statement a table, not a round trip a row, so 2 million notifications take a minute, not an
 * hour. Ids are derived from a number (`md5('m' || n)::uuid`) so every table can point at the
 * rows of another without a lookup. Rows are plausible, not real: names and descriptions repeat.
 *
 * The cases the bench measures are part of it:
 * - the busy mechanic (SCALE_ACCOUNTS.busyMechanic) has `busyJobs` past jobs and as many requests
 *   in their list; the busy owner (SCALE_ACCOUNTS.busyOwner) has `busyOwnerRequests` requests;
 * - `crowd` extra mechanics all within 30 miles of CROWD_AIRPORT (a request there matches them all);
 * - no mechanic lives in Alaska or Hawaii, so a request at EMPTY_AIRPORT matches nobody.
 */
export interface ScaleSizes {
  mechanics: number;
  owners: number;
  aircraft: number;
  requests: number;
  /** Two bids a request at most: bids = 2 x requests is the national figure. */
  bidsPerRequest: 1 | 2;
  appointments: number;
  notifications: number;
  crowd: number;
  busyJobs: number;
  busyOwnerRequests: number;
  outbox: number;
}

export const NATIONAL: ScaleSizes = {
  mechanics: 5_000,
  owners: 50_000,
  aircraft: 60_000,
  requests: 200_000,
  bidsPerRequest: 2,
  appointments: 150_000,
  notifications: 2_000_000,
  crowd: 5_000,
  busyJobs: 5_000,
  busyOwnerRequests: 500,
  outbox: 100_000,
};

/** Where the crowd of mechanics lives, and an airport no mechanic covers. */
export const CROWD_AIRPORT = 'KDEN';
export const EMPTY_AIRPORT = 'PHNL';

/** The scale data set's sign-ins (all share SCALE_PASSWORD; the data set is for this machine only). */
export const SCALE_ACCOUNTS = {
  busyMechanic: 'scale.mechanic.1@scale.example',
  busyOwner: 'scale.owner.1@scale.example',
  crowdOwner: 'scale.owner.2@scale.example',
} as const;
export const SCALE_PASSWORD = 'scale-data-set-1';

interface Airport {
  ident: string;
  latitude: number;
  longitude: number;
  state: string;
}

function airports(): Airport[] {
  return AIRPORTS_DATA.trim()
    .split('\n')
    .map((line) => line.split('|'))
    .map(([ident, , lat, lon, , state]) => ({
      ident: ident!,
      latitude: Number(lat),
      longitude: Number(lon),
      state: state ?? '',
    }));
}

/** True when the scale data set is already in this database. */
export async function hasScaleData(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', SCALE_ACCOUNTS.busyMechanic)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Writes the data set. `passwordHash` is the stored hash every scale account gets (hashing 60,000
 * passwords would take hours). `log` hears each step with its time.
 */
export async function seedScale(
  db: Db,
  sizes: ScaleSizes,
  passwordHash: string,
  log: (line: string) => void = () => {},
): Promise<void> {
  // The steps share temporary tables, which live in one session: one connection for all of them.
  await db.connection().execute((conn) => writeScale(conn, sizes, passwordHash, log));
}

async function writeScale(db: Db, sizes: ScaleSizes, passwordHash: string, log: (line: string) => void): Promise<void> {
  const all = airports();
  // Mechanics and owners live in the contiguous states; Alaska and Hawaii stay empty (EMPTY_AIRPORT).
  const home = all.filter((a) => a.state !== 'AK' && a.state !== 'HI' && a.state !== '');
  const crowd = all.find((a) => a.ident === CROWD_AIRPORT)!;
  const S = sizes;
  const step = async (what: string, query: ReturnType<typeof sql>) => {
    const started = performance.now();
    await query.execute(db);
    log(`${what} (${Math.round(performance.now() - started)} ms)`);
  };

  await step(
    'airports',
    sql`create temp table scale_airports as
        select (ordinality - 1)::int as n, ident, lat, lon
        from unnest(${home.map((a) => a.ident)}::text[], ${home.map((a) => a.latitude)}::float8[], ${home.map((a) => a.longitude)}::float8[])
          with ordinality as t(ident, lat, lon)`,
  );
  const A = home.length;
  // Mechanic g lives at airport (g - 1) % A, owner g at airport g % A: every airport has a few of each.
  await step(
    `${S.mechanics + S.crowd} mechanics`,
    sql`insert into users (id, email, password_hash, first_name, last_name, role, location, certification_number, mechanic_status, email_notifications, created_at)
        select md5('m' || g)::uuid, 'scale.mechanic.' || g || '@scale.example', ${passwordHash},
               (array['Alex','Sam','Jordan','Casey','Riley','Morgan','Taylor','Jamie'])[1 + g % 8],
               'Mechanic ' || g, 'mechanic', null, (3000000 + g)::text, 'approved', g % 3 <> 0,
               now() - make_interval(days => g % 700)
        from generate_series(1, ${S.mechanics + S.crowd}) g`,
  );
  await step(
    'mechanic profiles',
    sql`insert into mechanic_profiles (user_id, ap_number, ia_authorization, specialties, hourly_rate, service_radius, base_location, base_location_label,
                                       base_latitude, base_longitude, rating, completed_jobs)
        select md5('m' || g)::uuid, (3000000 + g)::text, g % 4 = 0, array['annual_inspection', 'hundred_hour'], 85 + g % 60,
               case when g > ${S.mechanics} then 100 else 25 + (g % 4) * 25 end,
               case when g > ${S.mechanics} then ${crowd.ident} else a.ident end,
               case when g > ${S.mechanics} then ${crowd.ident} else a.ident end,
               case when g > ${S.mechanics} then ${crowd.latitude} + (random() - 0.5) * 0.6 else a.lat + (random() - 0.5) * 0.4 end,
               case when g > ${S.mechanics} then ${crowd.longitude} + (random() - 0.5) * 0.8 else a.lon + (random() - 0.5) * 0.4 end,
               round((3.5 + random() * 1.5)::numeric, 2), 0
        from generate_series(1, ${S.mechanics + S.crowd}) g
        join scale_airports a on a.n = (g - 1) % ${A}`,
  );
  await step(
    `${S.owners} owners`,
    sql`insert into users (id, email, password_hash, first_name, last_name, role, location, email_notifications, created_at)
        select md5('o' || g)::uuid, 'scale.owner.' || g || '@scale.example', ${passwordHash},
               (array['Pat','Chris','Robin','Dana','Lee','Kim','Avery','Quinn'])[1 + g % 8], 'Owner ' || g, 'pilot', a.ident, g % 2 = 0,
               now() - make_interval(days => g % 700)
        from generate_series(1, ${S.owners}) g
        join scale_airports a on a.n = g % ${A}`,
  );
  // Aircraft g belongs to owner ((g - 1) % owners) + 1: the first `owners` are everyone's first plane.
  await step(
    `${S.aircraft} aircraft`,
    sql`insert into aircraft (id, owner_id, tail_number, make, model, year, total_hours, created_at)
        select md5('a' || g)::uuid, md5('o' || ((g - 1) % ${S.owners} + 1))::uuid, 'N' || (10000 + g),
               (array['Cessna','Piper','Beechcraft','Cirrus','Mooney'])[1 + g % 5],
               (array['172S Skyhawk','PA-28-181 Archer','A36 Bonanza','SR22','M20J'])[1 + g % 5],
               1965 + g % 58, 500 + g % 6000, now() - make_interval(days => g % 700)
        from generate_series(1, ${S.aircraft}) g`,
  );
  // Request g: the busy owner's first, then everyone's in turn, at the owner's airport, over a year.
  // Those with an appointment (1..appointments) are approved, in progress or completed; the rest
  // are open (matched, quoted) or cancelled.
  await step(
    `${S.requests} service requests`,
    sql`create temp table scale_requests as
        select g, md5('r' || g)::uuid as id,
               case when g <= ${S.busyOwnerRequests} then 1 else (g - 1) % (${S.owners} - 1) + 2 end as owner,
               now() - make_interval(secs => (${S.requests} - g) * (365 * 86400.0 / ${S.requests})) as created_at
        from generate_series(1, ${S.requests}) g`,
  );
  await step(
    '  (inserted)',
    sql`insert into service_requests (id, customer_id, aircraft_id, aircraft_make, aircraft_model, aircraft_year, aircraft_tail_number, aircraft_total_hours,
                                      aircraft_location, aircraft_latitude, aircraft_longitude, service_type, service_description, urgency_level,
                                      service_location, service_location_label, service_latitude, service_longitude, status, created_at, updated_at)
        select r.id, md5('o' || r.owner)::uuid, md5('a' || r.owner)::uuid,
               (array['Cessna','Piper','Beechcraft','Cirrus','Mooney'])[1 + r.owner % 5],
               (array['172S Skyhawk','PA-28-181 Archer','A36 Bonanza','SR22','M20J'])[1 + r.owner % 5],
               1965 + r.owner % 58, 'N' || (10000 + r.owner), 500 + r.g % 6000,
               a.ident, a.lat, a.lon,
               (array['annual_inspection','hundred_hour','prepurchase','avionics_install','engine_repair','scheduled_maintenance','emergency_repair'])[1 + r.g % 7],
               'Scale data set request ' || r.g || ': annual inspection and a look at a sticky mixture cable.',
               (array['low','normal','normal','high'])[1 + r.g % 4],
               a.ident, a.ident, a.lat, a.lon,
               case when r.g <= ${S.appointments} then (case r.g % 30 when 0 then 'approved' when 1 then 'approved' when 2 then 'in_progress' else 'completed' end)
                    else (case r.g % 5 when 0 then 'cancelled' when 1 then 'matched' else 'quoted' end) end,
               r.created_at, r.created_at
        from scale_requests r
        join scale_airports a on a.n = r.owner % ${A}`,
  );
  // Bid j of a request is by the j-th mechanic of its airport; the busy mechanic makes bid 1 of the
  // first busyJobs requests (all accepted: their past jobs).
  await step(
    `${S.requests * S.bidsPerRequest} bids`,
    sql`create temp table scale_bids as
        with base as (
          select r.g, r.id as request_id, r.created_at,
                 case when r.g <= ${S.busyJobs} then 1 else (r.owner % ${A}) % ${S.mechanics} + 1 end as m1,
                 ((r.owner % ${A}) + ${A}) % ${S.mechanics} + 1 as m2
          from scale_requests r)
        select g, j, md5('b' || g || '.' || j)::uuid as id, request_id, created_at,
               md5('m' || case when j = 1 then m1 when m2 = m1 then m2 % ${S.mechanics} + 1 else m2 end)::uuid as mechanic_id
        from base cross join generate_series(1, ${S.bidsPerRequest}) j`,
  );
  await step(
    '  (inserted)',
    sql`insert into bids (id, service_request_id, mechanic_id, labor_cost, parts_cost, total_cost, estimated_hours, available_start_date,
                          estimated_completion_date, warranty_period, notes, status, created_at, updated_at)
        select b.id, b.request_id, b.mechanic_id, 900 + (b.g % 40) * 25, 150 + b.j * 40, 900 + (b.g % 40) * 25 + 150 + b.j * 40, 8 + b.j,
               (b.created_at + interval '3 days')::date, (b.created_at + interval '5 days')::date, 90, 'Includes the logbook entry.',
               case when b.g <= ${S.appointments} then (case when b.j = 1 then 'accepted' else 'declined' end)
                    when b.g % 5 = 0 then 'declined' else 'pending' end,
               b.created_at + interval '1 hour', b.created_at + interval '1 hour'
        from scale_bids b
        where b.g % 5 <> 1 or b.g <= ${S.appointments}`,
  );
  // Every bid has lines (a plain quote is written as one line, priceBid), as the product writes it
  // and as migration 0014 made of the bids before lines: the lists read them, and a job's figures
  // are made of them.
  {
    const started = performance.now();
    await backfillBidLines(db);
    log(`  (their lines) (${Math.round(performance.now() - started)} ms)`);
  }
  await step(
    'matches',
    sql`insert into service_request_matches (service_request_id, mechanic_id, distance_miles, via, created_at)
        select b.request_id, b.mechanic_id, (b.g * 7 + b.j) % 40, 'service_radius', b.created_at
        from scale_bids b
        on conflict do nothing`,
  );
  await step(
    `${S.appointments} appointments`,
    sql`insert into appointments (id, service_request_id, bid_id, mechanic_id, customer_id, scheduled_date, scheduled_time, estimated_duration,
                                  service_location, status, confirmed_at, actual_start_time, completed_at, created_at, updated_at)
        select md5('p' || b.g)::uuid, b.request_id, b.id, b.mechanic_id, md5('o' || r.owner)::uuid,
               case when b.g % 30 in (0, 1) then (now() + make_interval(days => 1 + b.g % 60))::date else (b.created_at + interval '4 days')::date end,
               '09:00', 8, sr.service_location,
               case b.g % 30 when 0 then 'scheduled' when 1 then 'confirmed' when 2 then 'in_progress' else 'completed' end,
               case when b.g % 30 <> 0 then b.created_at + interval '2 days' end,
               case when b.g % 30 >= 2 then b.created_at + interval '4 days' end,
               case when b.g % 30 >= 3 then b.created_at + interval '4 days 8 hours' end,
               b.created_at + interval '2 hours', b.created_at + interval '2 hours'
        from scale_bids b
        join scale_requests r on r.g = b.g
        join service_requests sr on sr.id = b.request_id
        where b.j = 1 and b.g <= ${S.appointments}`,
  );
  await step(
    'ratings',
    sql`insert into ratings (appointment_id, mechanic_id, customer_id, rating, review, created_at)
        select p.id, p.mechanic_id, p.customer_id, 3 + abs(hashtext(p.id::text)) % 3, null, p.completed_at
        from appointments p
        where p.status = 'completed' and hashtext(p.id::text) % 2 = 0`,
  );
  await step(
    'completed jobs',
    sql`update mechanic_profiles p set completed_jobs = c.n
        from (select mechanic_id, count(*)::int as n from appointments where status = 'completed' group by mechanic_id) c
        where c.mechanic_id = p.user_id`,
  );
  // Notifications: everyone's over the year; the busy mechanic and owner get 5,000 each.
  await step(
    `${S.notifications} notifications`,
    sql`insert into notifications (user_id, type, title, message, link, is_read, read_at, created_at)
        select case when g <= 5000 then md5('m1')::uuid
                    when g <= 10000 then md5('o1')::uuid
                    when g % 10 = 0 then md5('m' || (g / 10) % ${S.mechanics} + 1)::uuid
                    else md5('o' || g % ${S.owners} + 1)::uuid end,
               'request.matched', 'New service request', 'Annual inspection for a Cessna 172S Skyhawk, ' || g % 90 || ' mi from your base.', 'requests',
               g % 7 <> 0, case when g % 7 <> 0 then now() - make_interval(secs => (${S.notifications} - g) * (365 * 86400.0 / ${S.notifications})) end,
               now() - make_interval(secs => (${S.notifications} - g) * (365 * 86400.0 / ${S.notifications}))
        from generate_series(1, ${S.notifications}) g`,
  );
  await step(
    `${S.outbox} outbox messages`,
    sql`insert into outbox (channel, to_address, subject, body_text, kind, status, attempts, next_attempt_at, sent_at, created_at)
        select 'email', 'scale.owner.' || (g % ${S.owners} + 1) || '@scale.example', 'New service request - Skyward', 'Open your dashboard to see the details.',
               'marketplace.request.matched', 'sent', 1, now() - make_interval(secs => g * 300), now() - make_interval(secs => g * 300),
               now() - make_interval(secs => g * 300)
        from generate_series(1, ${S.outbox}) g`,
  );
  await step('analyze', sql`analyze`);
  await sql`drop table scale_airports, scale_requests, scale_bids`.execute(db);
}
