import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startLocalDatabase } from '../local-db.ts';
import { LOCAL_DATA_DIR, ROOT } from '../paths.ts';

/** Where `npm start` keeps its Blobs: the Netlify emulator's directory. */
export const LOCAL_BLOBS_DIR = path.join(ROOT, '.netlify/blobs-serve');

/** The port of the local product's PostgreSQL while `npm start` runs (from its postmaster.pid), else null. */
export function runningPort(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null; // left by a server that is gone
  }
  return Number(port);
}

export interface LocalTarget {
  databaseUrl: string;
  blobsDirectory: string;
  /** Whether `npm start` is using it now. */
  running: boolean;
  release(): Promise<void>;
}

/**
 * The database and Blobs of the local product: `DATABASE_URL` when set, else the embedded
 * PostgreSQL in `.data/postgres` (the running one when `npm start` is up, else started for the
 * command and stopped after).
 */
export async function localTarget(dataDir = LOCAL_DATA_DIR): Promise<LocalTarget> {
  const given = process.env['DATABASE_URL'];
  if (given) return { databaseUrl: given, blobsDirectory: LOCAL_BLOBS_DIR, running: false, release: async () => {} };
  const port = runningPort(dataDir);
  if (port)
    return {
      databaseUrl: `postgres://postgres:postgres@127.0.0.1:${port}/app`,
      blobsDirectory: LOCAL_BLOBS_DIR,
      running: true,
      release: async () => {},
    };
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new Error(`No local database in ${dataDir}: run npm start once first.`);
  const local = await startLocalDatabase({ dataDir, persistent: true, quiet: true });
  return { databaseUrl: local.url, blobsDirectory: LOCAL_BLOBS_DIR, running: false, release: () => local.stop() };
}
