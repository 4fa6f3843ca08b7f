import { sql, type Kysely } from 'kysely';

// Matching without joining the users (docs/decisions/0299-approved-kept-on-the-profile.md). A new
// request at KDEN joined the 5,113 profiles in the box with the 10,010 approved mechanics, hashed
// from the users' index: 9 ms of a 22 ms candidates statement. Each mechanic's profile now says
// whether its mechanic is approved, kept by PostgreSQL from the users row: a profile computes it
// when written, and a change of a user's role or vetting status writes it on their profile. No
// writer sets it; whatever one sends is replaced.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table mechanic_profiles add column approved boolean not null default false`.execute(db);
  await sql`
    create or replace function mechanic_is_approved(id uuid) returns boolean
    language sql stable parallel safe as $$
      select exists (select 1 from users u where u.id = mechanic_is_approved.id and u.role = 'mechanic' and u.mechanic_status = 'approved')
    $$`.execute(db);
  await sql`
    create or replace function mechanic_profiles_keep_approved() returns trigger
    language plpgsql as $$
    begin
      new.approved := mechanic_is_approved(new.user_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger mechanic_profiles_keep_approved before insert or update of user_id, approved on mechanic_profiles
            for each row execute function mechanic_profiles_keep_approved()`.execute(db);
  await sql`
    create or replace function users_refresh_approved() returns trigger
    language plpgsql as $$
    begin
      update mechanic_profiles set approved = mechanic_is_approved(new.id)
      where user_id = new.id and approved is distinct from mechanic_is_approved(new.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger users_refresh_approved after update of role, mechanic_status on users
            for each row when (old.role is distinct from new.role or old.mechanic_status is distinct from new.mechanic_status)
            execute function users_refresh_approved()`.execute(db);
  await sql`update mechanic_profiles set approved = mechanic_is_approved(user_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists users_refresh_approved on users`.execute(db);
  await sql`drop trigger if exists mechanic_profiles_keep_approved on mechanic_profiles`.execute(db);
  await sql`alter table mechanic_profiles drop column if exists approved`.execute(db);
  await sql`drop function if exists users_refresh_approved()`.execute(db);
  await sql`drop function if exists mechanic_profiles_keep_approved()`.execute(db);
  await sql`drop function if exists mechanic_is_approved(uuid)`.execute(db);
}
