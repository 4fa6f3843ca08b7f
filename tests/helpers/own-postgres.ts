import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOnFreePort } from '../../scripts/lib/local-db.ts';
import { connectDb } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

/**
 * A PostgreSQL server of the test file's own (not the shared one of the API run), so a test can
 * stop it, start it again, and freeze every one of its processes with SIGSTOP as a hung machine
 * or a network black hole would, then thaw them with SIGCONT.
 */
export interface OwnPostgres {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  freeze(): void;
  thaw(): void;
  /** Stops the server and deletes its files. */
  destroy(): Promise<void>;
  /** The server's main process (a SIGTERM to it is a smart shutdown: new connections refused, 57P03). */
  postmasterPid(): number;
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return out;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'own-pg-'));
  rmSync(dataDir, { recursive: true, force: true });
  const { pg: server, port } = await startOnFreePort(dataDir, { persistent: true, initialise: true, quiet: true });
  await server.createDatabase('app');
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/app`;
  const db = connectDb(url);
  await migrateToLatest(db);
  await db.destroy();

  const postmaster = () => Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const all = () => {
    const pid = postmaster();
    return [pid, ...childrenOf(pid)];
  };
  let frozen: number[] = [];
  const thaw = () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        /* gone */
      }
    }
    frozen = [];
  };
  return {
    url,
    port,
    start: () => server.start(),
    stop: () => server.stop(),
    freeze() {
      frozen = all();
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thaw,
    postmasterPid: postmaster,
    async destroy() {
      thaw();
      await server.stop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
