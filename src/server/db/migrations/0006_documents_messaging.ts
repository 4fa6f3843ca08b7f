import { sql, type Kysely } from 'kysely';

// The documents vault: one row per stored file (the bytes live in Netlify Blobs under `blob_key`),
// and the chunked uploads in flight (docs/decisions/0060). Outbound messages use the `outbox`
// table of 0001_foundation.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const DOCUMENT_TYPES = sql`('logbook', 'certificate', 'invoice', 'work_order', 'inspection_report', 'photo', 'other')`;
  const MAX_BYTES = 10 * 1024 * 1024;

  await db.schema
    .createTable('documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The aircraft owner (pilot) the document belongs to, also when a mechanic uploaded it.
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Who sent the file; kept as null if that account goes, so the owner keeps the document.
    .addColumn('uploaded_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('aircraft_id', 'uuid', (c) => c.references('aircraft.id').onDelete('set null'))
    .addColumn('service_request_id', 'uuid', (c) => c.references('service_requests.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 200`))
    .addColumn('document_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('other')
        .check(sql`document_type in ${DOCUMENT_TYPES}`),
    )
    .addColumn('description', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes between 1 and ${sql.lit(MAX_BYTES)}`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('documents_owner_idx').on('documents').columns(['owner_id', 'created_at']).execute();
  await db.schema.createIndex('documents_aircraft_idx').on('documents').column('aircraft_id').execute();
  await db.schema.createIndex('documents_request_idx').on('documents').column('service_request_id').execute();

  await db.schema
    .createTable('upload_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The document's details as checked when the upload started: owner, aircraft, title, name...
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('expected_size', 'integer', (c) =>
      c.notNull().check(sql`expected_size between 1 and ${sql.lit(MAX_BYTES)}`),
    )
    .addColumn('expected_sha256', 'text', (c) => c.notNull())
    .addColumn('chunk_size', 'integer', (c) => c.notNull().check(sql`chunk_size > 0`))
    .addColumn('total_chunks', 'integer', (c) => c.notNull().check(sql`total_chunks > 0`))
    .addColumn('received_chunks', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('upload_sessions_user_idx').on('upload_sessions').column('user_id').execute();
  await db.schema.createIndex('upload_sessions_expires_idx').on('upload_sessions').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_sessions').ifExists().execute();
  await db.schema.dropTable('documents').ifExists().execute();
}
