// The table types the queries are checked against (src/server/db/tables/) say what the migrated
// database holds: a column declared but missing, missing from the types, of another kind or with
// another nullability is a query that type-checks and fails, or a null the code does not expect.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { declaredTables, kindForDataType } from '../../scripts/lib/table-types.ts';
import { dropIsolatedDatabase, useIsolatedDatabase } from '../helpers/isolated-db.ts';

// A database of its own, as migrated: tests running beside it make tables of their own (an FAA
// file import's partitions while it is being read) that no type declares.
let db: Db;
beforeAll(async () => {
  db = await useIsolatedDatabase();
});
afterAll(async () => {
  await dropIsolatedDatabase(db);
});

/** Kysely's own bookkeeping of the migrations run: not queried by the product. */
const NOT_DECLARED = new Set(['kysely_migration', 'kysely_migration_lock']);

/** information_schema's names, camelCased by the connection's CamelCasePlugin as every result is. */
/** Columns whose declared kind is wider than one, on purpose, with the reason. */
const MIXED_ON_PURPOSE: Record<string, string> = {
  'booking_holds.days': "date[]: an array from pg, text from Neon's driver; read through daysOf",
};

interface ColumnRow {
  tableName: string;
  columnName: string;
  dataType: string;
  udtName: string;
  isNullable: 'YES' | 'NO';
}

it('every table and column of the migrated database is declared, with the kind and nullability it has', async () => {
  const declared = declaredTables();
  const { rows } = await sql<ColumnRow>`
    select c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    -- A partition (the FAA file's per-import tables) is declared through its parent.
    join pg_class k on k.relname = c.table_name and k.relnamespace = current_schema()::regnamespace
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and not k.relispartition
    order by c.table_name, c.ordinal_position`.execute(db);
  expect(rows.length).toBeGreaterThan(100);

  const problems: string[] = [];
  const inDatabase = new Map<string, Map<string, ColumnRow>>();
  for (const row of rows) {
    if (NOT_DECLARED.has(row.tableName)) continue;
    const table = inDatabase.get(row.tableName) ?? new Map<string, ColumnRow>();
    table.set(row.columnName, row);
    inDatabase.set(row.tableName, table);
  }
  for (const [tableName, columns] of inDatabase) {
    const types = declared.get(tableName);
    if (!types) {
      problems.push(`table ${tableName}: in the database, not in src/server/db/schema.ts`);
      continue;
    }
    for (const [columnName, row] of columns) {
      const type = types.get(columnName);
      if (!type) {
        problems.push(`${tableName}.${columnName}: in the database, not in its table type`);
        continue;
      }
      const kinds = kindForDataType(row.dataType, row.udtName);
      if (
        !kinds.includes(type.kind as never) &&
        !(type.kind === 'mixed' && `${tableName}.${columnName}` in MIXED_ON_PURPOSE)
      )
        problems.push(`${tableName}.${columnName}: ${row.dataType} declared as ${type.kind}`);
      if ((row.isNullable === 'YES') !== type.nullable)
        problems.push(
          `${tableName}.${columnName}: ${row.isNullable === 'YES' ? 'nullable' : 'not null'} in the database, ${type.nullable ? 'nullable' : 'never null'} in its type`,
        );
    }
    for (const columnName of types.keys())
      if (!columns.has(columnName)) problems.push(`${tableName}.${columnName}: declared, not in the database`);
  }
  for (const tableName of declared.keys())
    if (!inDatabase.has(tableName)) problems.push(`table ${tableName}: declared, not in the database`);
  expect(problems).toEqual([]);
});
