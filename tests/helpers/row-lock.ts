import pg from 'pg';
import { expect } from 'vitest';

/**
 * Holds a row lock from outside the product, so a race test can line requests up behind it in a
 * known order and see that each one really waits for the lock (a request that does not lock the
 * row goes straight through, and `waitForWaiters` times out with a clear message).
 */
export async function holdRowLock(table: string, id: string) {
  const client = new pg.Client({ connectionString: process.env['DATABASE_URL']! });
  await client.connect();
  await client.query('begin');
  const locked = await client.query(`select 1 from ${pg.escapeIdentifier(table)} where id = $1 for update`, [id]);
  if (locked.rowCount !== 1) throw new Error(`no ${table} row ${id} to lock`);
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  // A second connection watches: a transaction sees pg_stat_activity as it was at its first look.
  const watcher = new pg.Client({ connectionString: process.env['DATABASE_URL']! });
  await watcher.connect();

  /** Sessions of the product queued behind this lock (directly or behind each other). */
  async function waiters(): Promise<number> {
    const { rows } = await watcher.query<{ n: number }>(
      `with recursive queue(pid) as (
         select a.pid from pg_stat_activity a where $1 = any(pg_blocking_pids(a.pid))
         union
         select a.pid from pg_stat_activity a join queue q on q.pid = any(pg_blocking_pids(a.pid))
       ) select count(*)::int as n from queue`,
      [pid],
    );
    return rows[0]!.n;
  }

  return {
    /** Resolves once `count` requests wait for the row; fails when they never do. */
    async waitForWaiters(count: number, what: string): Promise<void> {
      await expect
        .poll(waiters, { timeout: 10_000, interval: 20, message: `${what} should wait for the ${table} row's lock` })
        .toBe(count);
    },
    async release(): Promise<void> {
      await client.query('commit');
      await Promise.all([client.end(), watcher.end()]);
    },
  };
}
