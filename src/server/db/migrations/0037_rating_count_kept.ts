import { sql, type Kysely } from 'kysely';

// How many ratings a mechanic's average is made of, kept on the profile beside the average
// (docs/decisions/0300-one-round-trip-less-a-page.md). Counted from the ratings at each read, it
// was a statement of its own on every page of requests: 1.1 ms of PostgreSQL's time on an owner's
// first page, for mechanics with up to 2,400 ratings each. PostgreSQL keeps it: a profile counts
// its mechanic's ratings when written, and a rating added, removed or moved to another mechanic
// writes the profile again, which counts anew. No writer sets it; whatever one sends is replaced.
// The count is taken when the profile row is written, with the row locked: of two ratings of one
// mechanic at once, the second waits for the first and counts it (a trigger function's queries see
// what committed before them).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table mechanic_profiles add column rating_count integer not null default 0`.execute(db);
  await sql`
    create or replace function mechanic_profiles_keep_rating_count() returns trigger
    language plpgsql as $$
    begin
      new.rating_count := (select count(*) from ratings r where r.mechanic_id = new.user_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger mechanic_profiles_keep_rating_count before insert or update of user_id, rating_count on mechanic_profiles
            for each row execute function mechanic_profiles_keep_rating_count()`.execute(db);
  // Once per statement, with the rows it wrote: a bulk insert of ratings (a restore, the scale data
  // set) recounts each mechanic once, not once per rating.
  await sql`
    create or replace function ratings_refresh_count() returns trigger
    language plpgsql as $$
    begin
      update mechanic_profiles set rating_count = 0 where user_id in (select mechanic_id from changed);
      return null;
    end $$`.execute(db);
  for (const [event, table] of [
    ['insert', 'new'],
    ['delete', 'old'],
  ] as const) {
    await sql`create trigger ${sql.raw(`ratings_refresh_count_${event}`)} after ${sql.raw(event)} on ratings
              referencing ${sql.raw(table)} table as changed
              for each statement execute function ratings_refresh_count()`.execute(db);
  }
  // A rating moved to another mechanic recounts both (an update's old rows, then its new ones).
  await sql`
    create or replace function ratings_refresh_count_moved() returns trigger
    language plpgsql as $$
    begin
      update mechanic_profiles set rating_count = 0
      where user_id in (select mechanic_id from before_change union select mechanic_id from after_change);
      return null;
    end $$`.execute(db);
  await sql`create trigger ratings_refresh_count_update after update on ratings
            referencing old table as before_change new table as after_change
            for each statement execute function ratings_refresh_count_moved()`.execute(db);
  await sql`update mechanic_profiles set rating_count = 0`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'delete', 'update'])
    await sql`drop trigger if exists ${sql.raw(`ratings_refresh_count_${event}`)} on ratings`.execute(db);
  await sql`drop trigger if exists mechanic_profiles_keep_rating_count on mechanic_profiles`.execute(db);
  await sql`alter table mechanic_profiles drop column if exists rating_count`.execute(db);
  await sql`drop function if exists ratings_refresh_count()`.execute(db);
  await sql`drop function if exists ratings_refresh_count_moved()`.execute(db);
  await sql`drop function if exists mechanic_profiles_keep_rating_count()`.execute(db);
}
