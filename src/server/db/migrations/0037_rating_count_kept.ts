import { sql, type Kysely } from 'kysely';

// A mechanic's ratings as their profile shows them, kept by PostgreSQL: how many there are and
// their average (docs/decisions/0300-one-round-trip-less-a-page.md). Counted from the ratings at
// each read, the count was a statement of its own on every page of requests: 1.1 ms of
// PostgreSQL's time on an owner's first page, for mechanics with up to 2,400 ratings each. The
// average was written by the rating's own code only, so a rating taken away (an erased account)
// left it as it was. A profile now counts and averages its mechanic's ratings when written, and a
// rating added, removed or moved to another mechanic writes the profile again, which counts anew.
// No writer sets them; whatever one sends is replaced, except a starting rating while there is no
// rating (the screens say "no ratings yet" then). Both are taken when the profile row is written,
// with the row locked: of two ratings of one mechanic at once, the second waits for the first and
// counts it (a trigger function's queries see what committed before them).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table mechanic_profiles add column rating_count integer not null default 0`.execute(db);
  await sql`
    create or replace function mechanic_profiles_keep_ratings() returns trigger
    language plpgsql as $$
    declare
      average numeric;
    begin
      select count(*), round(avg(r.rating), 2) into new.rating_count, average
      from ratings r where r.mechanic_id = new.user_id;
      if new.rating_count > 0 then
        new.rating := average;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger mechanic_profiles_keep_ratings before insert or update of user_id, rating, rating_count on mechanic_profiles
            for each row execute function mechanic_profiles_keep_ratings()`.execute(db);
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
  // A rating changed (its stars, or moved to another mechanic) recounts every mechanic concerned.
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
  // Every profile counted and averaged from its ratings now, as every later write will.
  await sql`update mechanic_profiles set rating_count = 0`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'delete', 'update'])
    await sql`drop trigger if exists ${sql.raw(`ratings_refresh_count_${event}`)} on ratings`.execute(db);
  await sql`drop trigger if exists mechanic_profiles_keep_ratings on mechanic_profiles`.execute(db);
  await sql`alter table mechanic_profiles drop column if exists rating_count`.execute(db);
  await sql`drop function if exists ratings_refresh_count()`.execute(db);
  await sql`drop function if exists ratings_refresh_count_moved()`.execute(db);
  await sql`drop function if exists mechanic_profiles_keep_ratings()`.execute(db);
}
