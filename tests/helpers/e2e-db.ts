import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The e2e server's own PostgreSQL (playwright.config.ts starts it in `.data/e2e/postgres` on a free
 * port, with the embedded server's fixed local credentials). The port is PostgreSQL's own record
 * of it: line 4 of `postmaster.pid`. Used to move time for the server's clock-driven jobs.
 */
export async function withE2eDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = path.resolve(process.env['E2E_DATA_DIR'] ?? '.data/e2e/postgres');
  const port = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]!.trim();
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/app` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
