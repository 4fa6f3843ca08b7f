import { sql, type Kysely } from 'kysely';

// The business's inbox (docs/decisions/0210-business-inbox.md). Quote requests and leads keep the
// spec's `status` column untouched (GET /api/quotes and /api/leads answer it as before); the worked
// state lives beside it in `inbox_status`. Every change is a row of `inbox_events`, so who did what
// and when is read back, never rebuilt.
/** The searched text of a row, exactly as the list's `q` filter writes it (inbox-sql.server.ts). */
export const QUOTE_SEARCH =
  "first_name || ' ' || last_name || ' ' || return_email || ' ' || return_phone || ' ' || coalesce(registration_number, '') || ' ' || message";
export const LEAD_SEARCH = "first_name || ' ' || email || ' ' || coalesce(phone, '')";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['quotes', 'leads']) {
    await sql`
      alter table ${sql.table(table)}
        add column inbox_status text not null default 'new'
          check (inbox_status in ('new', 'contacted', 'quoted', 'won', 'lost')),
        add column lost_reason text,
        add column lost_note text,
        add column assigned_to uuid references users(id) on delete set null,
        add column version integer not null default 1,
        add column answered_at timestamptz,
        add column quoted_at timestamptz,
        add column closed_at timestamptz,
        add column merged_into uuid references ${sql.table(table)}(id) on delete set null`.execute(db);
  }
  // Quote requests all come from the quote form today; the column lets a referral say otherwise.
  await sql`alter table quotes add column source text not null default 'quote_form'`.execute(db);

  // The worked list's default order is "respond-by first": the unanswered, oldest first, then the
  // rest newest first. Each half reads one of these partial indexes in order (bench/inbox-list.ts).
  await sql`create index quotes_inbox_new_idx on quotes (created_at, id) where merged_into is null and inbox_status = 'new'`.execute(
    db,
  );
  await sql`create index quotes_inbox_open_idx on quotes (created_at desc, id desc) where merged_into is null`.execute(
    db,
  );
  await sql`create index leads_inbox_created_idx on leads (created_at desc, id desc) where merged_into is null`.execute(
    db,
  );
  // Search: one trigram index over the searched fields together, so "%text%" finds rows without
  // reading the table (pg_trgm ships with PostgreSQL and is available on Neon).
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index quotes_inbox_search_idx on quotes using gin ((${sql.raw(QUOTE_SEARCH)}) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index leads_inbox_search_idx on leads using gin ((${sql.raw(LEAD_SEARCH)}) gin_trgm_ops)`.execute(
    db,
  );
  // Duplicates: the same email or phone (its digits) within 30 days.
  await sql`create index quotes_inbox_email_idx on quotes (lower(return_email), created_at)`.execute(db);
  await sql`create index quotes_inbox_phone_idx on quotes (regexp_replace(return_phone, '\\D', '', 'g'), created_at)`.execute(
    db,
  );
  await sql`create index leads_inbox_phone_idx on leads (regexp_replace(coalesce(phone, ''), '\\D', '', 'g'), created_at)`.execute(
    db,
  );

  await db.schema
    .createTable('inbox_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('subject_kind', 'text', (c) => c.notNull().check(sql`subject_kind in ('quotes', 'leads')`))
    .addColumn('subject_id', 'uuid', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('status', 'note', 'reply', 'assign', 'merge', 'convert')`),
    )
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('reopened', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('lost_reason', 'text')
    .addColumn('text', 'text')
    .addColumn('subject', 'text')
    .addColumn('outbox_id', 'uuid', (c) => c.references('outbox.id').onDelete('set null'))
    .addColumn('template_id', 'uuid')
    .addColumn('assigned_to', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('other_id', 'uuid')
    .execute();
  await sql`create index inbox_events_subject_idx on inbox_events (subject_id, at)`.execute(db);

  // Convert: the invitation a customer signs up with; claiming it adds their aircraft and drafts the request.
  await db.schema
    .createTable('inbox_invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('quote_id', 'uuid', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('outbox_id', 'uuid', (c) => c.references('outbox.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('claimed_at', 'timestamptz')
    // The service request the quote becomes, as JSON text (not jsonb: the CamelCasePlugin would
    // rename its keys on read); the new pilot finds it ready to send after signing up.
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('aircraft_id', 'uuid', (c) => c.references('aircraft.id').onDelete('set null'))
    .execute();
  await sql`create index inbox_invitations_email_idx on inbox_invitations (lower(email)) where claimed_at is null`.execute(
    db,
  );
  await sql`create index inbox_invitations_quote_idx on inbox_invitations (quote_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inbox_invitations').ifExists().execute();
  await db.schema.dropTable('inbox_events').ifExists().execute();
  await sql`alter table quotes drop column if exists source`.execute(db);
  for (const table of ['quotes', 'leads']) {
    await sql`
      alter table ${sql.table(table)}
        drop column if exists inbox_status, drop column if exists lost_reason, drop column if exists lost_note,
        drop column if exists assigned_to, drop column if exists version, drop column if exists answered_at,
        drop column if exists quoted_at, drop column if exists closed_at, drop column if exists merged_into`.execute(
      db,
    );
  }
}
