import { sql, type Kysely } from 'kysely';

// Offers within the budget (docs/decisions/0290-offers-within-budget.md): the bound offers are
// ordered by (0242) is the first working weekday on or after the first bookable day. Expanding each
// mechanic's weekly hours (jsonb) for every mechanic in range on every call was a third of the
// statement; this keeps, per mechanic, the days from each weekday to the next working one, as a
// column PostgreSQL itself recomputes whenever `weekly` is written, so it cannot go stale.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // For d = Sunday (0) .. Saturday (6), element d + 1: the days from a day of weekday d to the first
  // working day on or after it (0 when d is worked), null when no weekday is worked. A day counts
  // as `calendar.ts` counts it: a number 0-6 in `day`.
  await sql`
    create or replace function work_day_offsets(weekly jsonb) returns smallint[]
    language sql immutable parallel safe as $$
      select array_agg((
        select min(((((w ->> 'day')::numeric)::int - d + 7) % 7))::smallint
        from jsonb_array_elements(case when jsonb_typeof(weekly) = 'array' then weekly else '[]'::jsonb end) w
        where jsonb_typeof(w -> 'day') = 'number' and (w ->> 'day')::numeric in (0, 1, 2, 3, 4, 5, 6)
      ) order by d)
      from generate_series(0, 6) d
    $$`.execute(db);
  await sql`alter table mechanic_availability
            add column work_day_offsets smallint[] generated always as (work_day_offsets(weekly)) stored`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table mechanic_availability drop column if exists work_day_offsets`.execute(db);
  await sql`drop function if exists work_day_offsets(jsonb)`.execute(db);
}
