import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedDb, openDb, PLANNED_PER_CONNECTION, type Db } from '../../src/server/db/client.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';

// A connection plans each query text once (docs/decisions/0285): the product's queries go to
// PostgreSQL as named prepared statements, so the dashboard lists' joins are not planned again on
// every call. Seen from inside one connection (a transaction holds it): its prepared statements.
let db: Db;

beforeAll(async () => {
  await useIsolatedDatabase();
  db = openDb().db;
});

afterAll(async () => {
  await closeSharedDb();
});

type Prepared = { statement: string; genericPlans: number; customPlans: number };
/** The connection's prepared statements (this query's own among them once it is prepared). */
const preparedOf = (trx: Db) =>
  sql<Prepared>`select statement, generic_plans::int as "genericPlans", custom_plans::int as "customPlans"
                from pg_prepared_statements`
    .execute(trx)
    .then((r) => r.rows);

describe('query texts are prepared once per connection', () => {
  it('sends a text as one named statement, reused by later calls, until PostgreSQL keeps a generic plan', async () => {
    await db.transaction().execute(async (trx) => {
      const byEmail = (email: string) => trx.selectFrom('users').select('id').where('email', '=', email).execute();
      for (let i = 0; i < 8; i += 1) expect(await byEmail(`nobody-${i}@example.com`)).toEqual([]);
      const mine = (await preparedOf(trx)).filter((p) => p.statement.includes('"email" = $1'));
      expect(mine).toHaveLength(1);
      // PostgreSQL plans the first five executions for their values, then keeps a generic plan
      // when it costs no more: the later calls are not planned again.
      expect(mine[0]!.customPlans + mine[0]!.genericPlans).toBe(8);
      expect(mine[0]!.genericPlans).toBeGreaterThan(0);
    });
  });

  it(`keeps at most ${PLANNED_PER_CONNECTION} texts a connection; later texts still answer, unnamed`, async () => {
    await db.transaction().execute(async (trx) => {
      const texts = PLANNED_PER_CONNECTION + 5;
      for (let i = 0; i < texts; i += 1) {
        // A different text each time, as Kysely writes `in (...)` lists of different lengths.
        const values = Array.from({ length: i + 1 }, (_, k) => `x${k}@example.com`);
        const rows = await trx.selectFrom('users').select('id').where('email', 'in', values).execute();
        expect(rows).toEqual([]);
      }
      // Whichever texts came first on this connection hold the places, this query's own included.
      expect((await preparedOf(trx)).length).toBe(PLANNED_PER_CONNECTION);
    });
  });
});
