import { sql, type Kysely } from 'kysely';

// A thread per service request and mechanic, its messages (text, attachments, the job's
// event lines), each party's read position and digest time, reports for the console, and each
// user's message settings. docs/decisions/0220-conversations.md
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('service_request_id', 'uuid', (c) => c.notNull().references('service_requests.id').onDelete('cascade'))
    .addColumn('mechanic_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('closed_reason', 'text', (c) =>
      c.check(sql`closed_reason in ('job_went_elsewhere', 'admin', 'request_cancelled')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('conversations_one_per_request_mechanic', ['service_request_id', 'mechanic_id'])
    .execute();

  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'uuid', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The `seq` of the last message this member has seen; unread = the other side's messages after it.
    .addColumn('last_read_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_digest_at', 'timestamptz')
    // The last message a digest told of: the next digest tells only of newer ones.
    .addColumn('digest_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'user_id'])
    .execute();
  await db.schema.createIndex('conversation_members_user').on('conversation_members').column('user_id').execute();

  await db.schema
    .createTable('conversation_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // One sequence for every thread: messages of a thread are inserted under its row lock, so
    // within a thread `seq` order is commit order and an `after` cursor never skips a message.
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity().unique())
    .addColumn('conversation_id', 'uuid', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sender_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('message', 'event')`))
    .addColumn('event_type', 'text')
    // What the writer typed, kept as typed; `shown_body` is what readers see when it was masked.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('shown_body', 'text')
    .addColumn('document_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('conversation_messages_thread')
    .on('conversation_messages')
    .columns(['conversation_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('conversation_messages_sender')
    .on('conversation_messages')
    .columns(['sender_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('conversation_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('conversation_id', 'uuid', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('message_id', 'uuid', (c) => c.notNull().references('conversation_messages.id').onDelete('cascade'))
    .addColumn('reporter_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('conversation_reports_once', ['message_id', 'reporter_id'])
    .execute();
  await sql`create index conversation_reports_open on conversation_reports (conversation_id) where resolved_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('message_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('sms_digest', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('time_zone', 'text')
    .addColumn('suspended_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'message_settings',
    'conversation_reports',
    'conversation_messages',
    'conversation_members',
    'conversations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
