import { Pool as NeonPool, neonConfig } from '@neondatabase/serverless';
import { getDatabase } from '@netlify/db';
import { CamelCasePlugin, Kysely, PostgresDialect, type Transaction } from 'kysely';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database } from './schema.ts';
import { describeDatabaseError } from './unavailable.ts';

export type Db = Kysely<Database>;
/**
 * A handle inside `db.transaction().execute(...)`: what a function takes when the row locks or
 * advisory locks it takes must last until its caller commits. The pool is not one (each statement
 * on the pool commits at once, releasing its lock), so passing it is a type error.
 */
export type Tx = Transaction<Database>;

/**
 * Runs `work` inside the caller's transaction when `db` is one (both commit or neither does),
 * else in a transaction of its own: the locks `work` takes last until that transaction ends.
 */
export function inTransaction<T>(db: Db, work: (trx: Tx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Tx) : db.transaction().execute(work);
}

export interface DbHandle {
  db: Db;
  /** Ends what this handle opened; a shared pool stays open. */
  release(): Promise<void>;
}

// Postgres `numeric` and `bigint` stay strings in pg (precision); `count(*)` is cast in queries.
const plugins = [new CamelCasePlugin()];

/**
 * How long the product waits for the database (docs/decisions/0070-database-timeouts.md).
 * The client gives up on a connection after 5 s and on any one query after 5 s, so a visitor gets
 * an answer (503) within about 6 s even when the server is frozen; the server itself stops a
 * statement after 10 s (work nobody waits for any more) and a lock wait after 3 s.
 */
export const DB_TIMEOUTS = {
  connectMs: 5_000,
  queryMs: 5_000,
  statementMs: 10_000,
  lockMs: 3_000,
  idleInTransactionMs: 30_000,
} as const;

function envMs(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Pool options shared by both drivers (Neon's Pool is a fork of pg's and reads the same ones). */
export function poolOptions(connectionString: string) {
  return {
    connectionString,
    max: 10,
    connectionTimeoutMillis: envMs('DB_CONNECT_TIMEOUT_MS', DB_TIMEOUTS.connectMs),
    query_timeout: envMs('DB_QUERY_TIMEOUT_MS', DB_TIMEOUTS.queryMs),
    statement_timeout: envMs('DB_STATEMENT_TIMEOUT_MS', DB_TIMEOUTS.statementMs),
    lock_timeout: envMs('DB_LOCK_TIMEOUT_MS', DB_TIMEOUTS.lockMs),
    idle_in_transaction_session_timeout: DB_TIMEOUTS.idleInTransactionMs,
  };
}

interface PoolClientLike {
  query(...args: unknown[]): unknown;
  release(err?: Error | boolean): void;
}
interface PoolLike {
  connect(): Promise<PoolClientLike>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * A pool whose connections are thrown away, not reused, once a query on them failed at the
 * connection level (a read timeout, a reset, a WebSocket error). After a read timeout pg hands the
 * connection back still waiting for the abandoned query's answer: the next request to take it
 * would queue behind that query (up to the statement timeout) instead of getting a fresh
 * connection. Kysely releases without an error, so the wrapper remembers it.
 */
function resilient(pool: PoolLike): PoolLike {
  // An idle connection that dies (server stopped) is an 'error' event on the pool: without a
  // listener it would end the process. pg-pool already drops the connection.
  // An ended pool's sockets may still report their closing (Neon's WebSocket does): not news.
  pool.on('error', (error) => {
    if (!(pool as { ending?: boolean }).ending)
      console.error(`database connection lost: ${describeDatabaseError(error)}`);
  });
  return {
    on: (event, listener) => pool.on(event, listener),
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      let broken: Error | undefined;
      return {
        query(...args: unknown[]) {
          const result = client.query(...planOnce(client, args));
          if (result instanceof Promise) {
            return result.catch((error: unknown) => {
              if (isConnectionLevel(error)) broken = error instanceof Error ? error : new Error('connection failed');
              throw error;
            });
          }
          return result; // a cursor (streaming): its errors surface on the stream
        },
        release: () => client.release(broken ?? undefined),
      };
    },
  };
}

/**
 * How many statements one connection keeps planned. Kysely writes `in ($1, $2, ...)` lists with as
 * many parameters as values, so the texts a process sends are not a fixed set: past this many, a
 * connection runs further texts unnamed (planned each time) rather than grow without bound.
 */
export const PLANNED_PER_CONNECTION = 256;

/**
 * A query that starts with this comment is sent unnamed, so PostgreSQL plans it for its values on
 * every call: for statements whose best plan depends on them (a box around an airport with none or
 * five thousand mechanics in it), where a kept generic plan could suit one and not the other.
 */
export const PLAN_EACH_CALL = '/* plan each call */';
const plannedOn = new WeakMap<object, Set<string>>();

/**
 * Sends a query as a named prepared statement, so that a connection plans each text once and not on
 * every call (docs/decisions/0285): the dashboard lists' joins took 5-10 ms to plan and 1-2 ms to
 * run. PostgreSQL still plans the first five executions for their values and keeps a generic plan
 * only when it costs no more than those. The name is the text's hash: one text, one name.
 */
function planOnce(client: object, args: unknown[]): unknown[] {
  const [text, values] = args;
  if (typeof text !== 'string' || !Array.isArray(values)) return args; // a cursor, or a config object
  if (text.trimStart().startsWith(PLAN_EACH_CALL)) return args;
  let planned = plannedOn.get(client);
  if (!planned) plannedOn.set(client, (planned = new Set()));
  const name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  if (!planned.has(name)) {
    if (planned.size >= PLANNED_PER_CONNECTION) return args;
    planned.add(name);
  }
  return [{ name, text, values }];
}

function isConnectionLevel(error: unknown): boolean {
  // An error PostgreSQL answered (it has a SQLSTATE) leaves the connection usable, except the
  // class 08 / 57P0x ones that end the session. Anything else (a read timeout, a socket error,
  // Neon's WebSocket ErrorEvent) leaves it in an unknown state.
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code.startsWith('08') || code.startsWith('57P');
  return true;
}

function kyselyOver(pool: PoolLike): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: resilient(pool) as never }), plugins });
}

let shared: Db | undefined;

/**
 * Neon's serverless driver against a Postgres server Neon does not host: `LOCAL_NEON_WS_PROXY`
 * (host:port of a WebSocket-to-TCP proxy, scripts/lib/ws-proxy.ts) sends its connections there in
 * plain WebSocket, as the deploy rehearsal does. Never set on Netlify, where the driver speaks to
 * Neon's own proxy over TLS.
 */
function localNeonProxy(): void {
  const proxy = process.env['LOCAL_NEON_WS_PROXY'];
  if (!proxy) return;
  neonConfig.wsProxy = (host, port) => `${proxy}/v1?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

/**
 * Opens the database for one request. `DATABASE_URL` (any Postgres) wins; otherwise Netlify DB's
 * connection, as `@netlify/db`'s `getDatabase()` chooses it from `NETLIFY_DB_DRIVER`: a pg pool on
 * a real server (local, tests, CI), kept for the process; Neon's serverless pool in production,
 * which must not outlive the request, so it is ended on release. `getDatabase()` takes no pool
 * options, so the pool is built here from its connection string with the timeouts above.
 */
export function openDb(): DbHandle {
  const override = process.env['DATABASE_URL'];
  if (override) {
    shared ??= kyselyOver(new pg.Pool(poolOptions(override)));
    return { db: shared, release: async () => {} };
  }
  if (shared) return { db: shared, release: async () => {} };
  const connection = getDatabase();
  if (connection.driver === 'server') {
    shared = kyselyOver(new pg.Pool(poolOptions(connection.connectionString)));
    return { db: shared, release: async () => {} };
  }
  localNeonProxy();
  const db = kyselyOver(new NeonPool(poolOptions(connection.connectionString)) as unknown as PoolLike);
  return { db, release: () => db.destroy() };
}

/** For scripts: one database for a connection string, destroyed by the caller. */
export function connectDb(connectionString: string): Db {
  return kyselyOver(new pg.Pool({ connectionString, max: 10 }));
}

/** Tests and scripts end the shared pool so the process can exit. */
export async function closeSharedDb(): Promise<void> {
  if (shared) {
    const db = shared;
    shared = undefined;
    await db.destroy();
  }
}
