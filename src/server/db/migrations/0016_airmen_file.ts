import { sql, type Kysely } from 'kysely';

// Second half: mechanics checked against the FAA releasable airmen file. An import job
// per upload, the people and mechanic certificates of the file (only what matching needs), and the
// verdict per mechanic with the file's month. docs/decisions/0120-faa-airmen-file.md
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('airmen_imports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('month', 'text', (c) => c.notNull().check(sql`month ~ '^\\d{4}-(0[1-9]|1[0-2])$'`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('receiving')
        .check(sql`status in ('receiving', 'completed', 'failed')`),
    )
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('chunk_size', 'integer', (c) => c.notNull().check(sql`chunk_size > 0`))
    .addColumn('basic_size', 'integer', (c) => c.notNull().check(sql`basic_size > 0`))
    .addColumn('cert_size', 'integer', (c) => c.notNull().check(sql`cert_size > 0`))
    .addColumn('basic_received_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cert_received_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('basic_chunks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cert_chunks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('basic_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cert_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mechanic_records', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('basic_columns', 'jsonb')
    .addColumn('cert_columns', 'jsonb')
    .addColumn('basic_tail', 'bytea')
    .addColumn('cert_tail', 'bytea')
    .addColumn('mechanics_matched', 'integer')
    .addColumn('mechanics_checked', 'integer')
    .addColumn('auto_approved', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('airmen_imports_created_idx').on('airmen_imports').column('created_at').execute();

  // No primary keys on the two row tables: rows arrive in bulk and are only ever read by the
  // matching index and dropped with their import.
  await db.schema
    .createTable('airmen_people')
    .addColumn('import_id', 'uuid', (c) => c.notNull().references('airmen_imports.id').onDelete('cascade'))
    .addColumn('unique_id', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('first_key', 'text', (c) => c.notNull())
    .addColumn('last_key', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('airmen_people_match_idx')
    .on('airmen_people')
    .columns(['import_id', 'last_key', 'first_key', 'state'])
    .execute();
  await db.schema
    .createIndex('airmen_people_unique_idx')
    .on('airmen_people')
    .columns(['import_id', 'unique_id'])
    .execute();

  await db.schema
    .createTable('airmen_certs')
    .addColumn('import_id', 'uuid', (c) => c.notNull().references('airmen_imports.id').onDelete('cascade'))
    .addColumn('unique_id', 'text', (c) => c.notNull())
    .addColumn('cert_type', 'text', (c) => c.notNull())
    .addColumn('cert_level', 'text', (c) => c.notNull())
    .addColumn('ratings', sql`text[]`, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('airmen_certs_unique_idx')
    .on('airmen_certs')
    .columns(['import_id', 'unique_id'])
    .execute();

  await db.schema
    .createTable('mechanic_airmen_matches')
    .addColumn('mechanic_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('import_id', 'uuid', (c) => c.references('airmen_imports.id').onDelete('set null'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('verdict', 'text', (c) => c.notNull().check(sql`verdict in ('match', 'none', 'several')`))
    .addColumn('ratings', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('candidates', 'integer', (c) => c.notNull())
    .addColumn('airman_unique_id', 'text')
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mechanic_airmen_matches').ifExists().execute();
  await db.schema.dropTable('airmen_certs').ifExists().execute();
  await db.schema.dropTable('airmen_people').ifExists().execute();
  await db.schema.dropTable('airmen_imports').ifExists().execute();
}
