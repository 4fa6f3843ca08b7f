import { Migrator, sql } from 'kysely';
import { connectDb, type Db } from '../../../src/server/db/client.ts';
import { migrationProvider, migrations } from '../../../src/server/db/migrations/index.ts';

/**
 * A logical dump of the product's database made by the server itself (docs/decisions/0182): the
 * machine's pg_dump (15) refuses the embedded PostgreSQL 18, and the npm package ships no pg_dump.
 * The schema is the migrations (their names are recorded, and a restore applies exactly those),
 * plus the partitions the airmen import creates at run time (recorded with their bounds); the
 * data is every table's rows as JSON lines, read in one REPEATABLE READ snapshot so the dump is
 * consistent while the product keeps running; and the sequences' positions.
 */
export interface DatabaseDump {
  serverVersion: string;
  migrations: string[];
  partitions: Array<{ name: string; parent: string; bound: string }>;
  tables: Array<{ name: string; rows: number; lines: string[] }>;
  sequences: Array<{ name: string; lastValue: string | null }>;
}

const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
const BATCH = 2_000;
const ident = (name: string) => sql.id(name);

export async function dumpDatabase(db: Db): Promise<DatabaseDump> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const version = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(trx);
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx);
      const partitions = await sql<{ name: string; parent: string; bound: string }>`
        select c.relname as name, p.relname as parent, pg_get_expr(c.relpartbound, c.oid) as bound
        from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        join pg_class p on p.oid = i.inhparent
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relispartition and c.relkind in ('r', 'p')
        order by c.relname`.execute(trx);
      const tables = await sql<{ name: string }>`
        select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by c.relname`.execute(trx);
      const out: DatabaseDump['tables'] = [];
      for (const { name } of tables.rows) {
        if (MIGRATION_TABLES.has(name)) continue;
        const lines: string[] = [];
        let after = '(0,0)';
        for (;;) {
          // Keyset over the physical row address: no OFFSET, one pass per table.
          const batch = await sql<{ at: string; row: string }>`
            select ctid::text as at, row_to_json(t)::text as row from ${ident(name)} t
            where ctid > ${after}::tid order by ctid limit ${BATCH}`.execute(trx);
          for (const r of batch.rows) lines.push(r.row);
          if (batch.rows.length < BATCH) break;
          after = batch.rows[batch.rows.length - 1]!.at;
        }
        out.push({ name, rows: lines.length, lines });
      }
      const sequences = await sql<{ name: string; lastValue: string | null }>`
        select sequencename as name, last_value::text as "lastValue" from pg_sequences where schemaname = 'public' order by sequencename`.execute(
        trx,
      );
      return {
        serverVersion: version.rows[0]!.v,
        migrations: applied.rows.map((r) => r.name),
        partitions: partitions.rows,
        tables: out,
        sequences: sequences.rows,
      };
    });
}

/** `postgres://.../app` -> the same server's `postgres` database, and the name `app`. */
function serverOf(url: string): { adminUrl: string; name: string } {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  u.pathname = '/postgres';
  return { adminUrl: u.toString(), name };
}

/**
 * Restores a dump into the database of `url`, replacing it whole. The dump goes into a new
 * database first (migrated to the dump's own migrations, partitions made, rows and sequences
 * loaded in one transaction); only when all of it succeeded is the old database
 * dropped and the new one given its name. A failure leaves the old database as it was.
 */
export async function restoreDatabase(
  url: string,
  dump: Omit<DatabaseDump, 'tables'> & { tables: Array<{ name: string; lines: () => string[] }> },
): Promise<void> {
  const unknown = dump.migrations.filter((m) => !(m in migrations));
  if (unknown.length > 0)
    throw new Error(
      `The backup was made by a newer version of the product (migrations ${unknown.join(', ')}); update the code first.`,
    );
  const { adminUrl, name } = serverOf(url);
  const staging = `${name}_restoring`;
  const admin = connectDb(adminUrl);
  try {
    await sql`drop database if exists ${ident(staging)}`.execute(admin);
    await sql`create database ${ident(staging)}`.execute(admin);
    const target = connectDb(url.replace(/\/[^/?]+(\?|$)/, `/${staging}$1`));
    try {
      await load(target, dump);
    } finally {
      await target.destroy();
    }
    // The swap: nobody else may hold the old database (the product is stopped for a restore).
    await sql`drop database if exists ${ident(name)} with (force)`.execute(admin);
    await sql`alter database ${ident(staging)} rename to ${ident(name)}`.execute(admin);
  } catch (error) {
    await sql`drop database if exists ${ident(staging)} with (force)`.execute(admin).catch(() => {});
    throw error;
  } finally {
    await admin.destroy();
  }
}

async function load(db: Db, dump: Parameters<typeof restoreDatabase>[1]): Promise<void> {
  const last = dump.migrations[dump.migrations.length - 1];
  if (last) {
    const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateTo(last);
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  await db.transaction().execute(async (trx) => {
    // Rows go in table by table, in any order: foreign-key triggers are off for this load. The rows
    // come from one consistent snapshot, and their checksums were verified before anything began.
    await sql`set local session_replication_role = replica`.execute(trx);
    for (const p of dump.partitions) {
      await sql`create table if not exists ${ident(p.name)} partition of ${ident(p.parent)} ${sql.raw(p.bound)}`.execute(
        trx,
      );
    }
    // Rows the migrations seeded make way for the backup's: all at once, before any is loaded (a
    // cascade later would empty tables already loaded).
    if (dump.tables.length > 0)
      await sql`truncate ${sql.join(dump.tables.map((t) => ident(t.name)))} cascade`.execute(trx);
    for (const table of dump.tables) {
      const columns = await sql<{ name: string; identity: string }>`
        select attname as name, attidentity as identity from pg_attribute
        where attrelid = ${table.name}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`.execute(trx);
      const names = columns.rows.map((c) => ident(c.name));
      const list = sql.join(names);
      const overriding = columns.rows.some((c) => c.identity === 'a') ? sql`overriding system value` : sql``;
      const lines = table.lines();
      for (let i = 0; i < lines.length; i += BATCH) {
        const json = `[${lines.slice(i, i + BATCH).join(',')}]`;
        await sql`insert into ${ident(table.name)} (${list}) ${overriding} select ${list} from json_populate_recordset(null::${ident(table.name)}, ${json}::json)`.execute(
          trx,
        );
      }
    }
    for (const s of dump.sequences) {
      if (s.lastValue !== null)
        await sql`select setval(${s.name}::regclass, ${s.lastValue}::bigint, true)`.execute(trx);
    }
    await sql`set local session_replication_role = origin`.execute(trx);
  });
}
