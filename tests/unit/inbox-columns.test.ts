// The Inbox's worked-list row is written once (inbox-sql.server.ts): the query builder's two
// statements and the raw column list of the respond-by union select the same columns, so a column
// added to the lists reaches all three. Compiled only, against PostgreSQL's dialect.
import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema.ts';
import { QUOTE_ITEM_COLUMNS, leadItems, quoteItems } from '../../src/features/inbox/inbox-sql.server.ts';

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new CamelCasePlugin()],
});

/** The select list of a compiled statement, without identifier quotes. */
const selectList = (text: string) =>
  text
    .replace(/"/g, '')
    .replace(/^select (.*) from .*$/s, '$1')
    .trim();
/** The names a select list gives its columns (an alias, else the column). */
const names = (list: string) =>
  list.split(/,(?![^(]*\))/).map((c) =>
    c
      .trim()
      .split(/\s+as\s+|\./)
      .at(-1)!
      .trim(),
  );

describe('the Inbox row', () => {
  it('the raw union selects what quoteItems selects, column for column', () => {
    const built = selectList(quoteItems(db).compile().sql);
    const raw = selectList(sql`select ${QUOTE_ITEM_COLUMNS} from quotes r`.compile(db).sql);
    expect(raw).toBe(built);
  });

  it('a lead row has every column of a quote row, by the same names', () => {
    const quote = names(selectList(quoteItems(db).compile().sql));
    const lead = names(selectList(leadItems(db).compile().sql));
    expect(lead).toEqual(quote);
    expect(quote).toContain('assigned_name');
  });
});
