import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, openBackup, restoreBackup } from '../../scripts/lib/backup/archive.ts';
import { dumpDatabase, type DatabaseDump } from '../../scripts/lib/backup/database.ts';
import { closeSharedDb, connectDb } from '../../src/server/db/client.ts';
import { api, call } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { startOwnPostgres, type OwnPostgres } from '../helpers/own-postgres.ts';
import { createUser } from '../helpers/users.ts';

// Issue 27, point 6: back up the database and the Blobs together, change and delete data, restore,
// and everything is as it was (docs/decisions/0182). A PostgreSQL server of this file's own: the
// restore replaces its database whole.

let server: OwnPostgres;
let blobs: TestBlobs;
let work: string;

beforeAll(async () => {
  server = await startOwnPostgres();
  process.env['DATABASE_URL'] = server.url;
  await closeSharedDb();
  blobs = await startTestBlobs();
  work = mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
});
afterAll(async () => {
  await closeSharedDb();
  await blobs.stop();
  await server.destroy();
  rmSync(work, { recursive: true, force: true });
});

/** Everything the database holds, in an order that does not depend on where rows sit on disk. */
async function contents(): Promise<Omit<DatabaseDump, 'serverVersion'>> {
  const db = connectDb(server.url);
  try {
    const { serverVersion: _v, ...dump } = await dumpDatabase(db);
    return { ...dump, tables: dump.tables.map((t) => ({ ...t, lines: [...t.lines].sort() })) };
  } finally {
    await db.destroy();
  }
}

async function blobContents(): Promise<Array<{ key: string; text: string; metadata: unknown }>> {
  const { blobs: list } = await blobs.store.list();
  const out = [];
  for (const { key } of list.sort((a, b) => a.key.localeCompare(b.key))) {
    const got = await blobs.store.getWithMetadata(key, { type: 'text' });
    out.push({ key, text: got!.data, metadata: got!.metadata });
  }
  return out;
}

async function upload(token: string, title: string, text: string) {
  const form = new FormData();
  form.set('file', new File([new TextEncoder().encode(text)], `${title}.txt`, { type: 'text/plain' }));
  form.set('title', title);
  const res = await call('POST', '/api/enhanced/documents/upload', { rawBody: form, token });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

describe('npm run backup / npm run restore', () => {
  it('backs up, survives changes and deletions, and restores everything as it was', async () => {
    // Data through the product's own functions: accounts, an aircraft, documents in Blobs.
    const pilot = await createUser('pilot', { firstName: 'Bea', lastName: 'Backup' });
    const plane = await api.post(
      '/api/aircraft',
      { tailNumber: 'N27BK', make: 'Piper', model: 'PA-28-181', year: 1998, homeAirport: 'KPAO' },
      { token: pilot.token },
    );
    expect(plane.status).toBe(201);
    const kept = await upload(pilot.token, 'Annual 2025', 'annual inspection, signed');
    // A partition made at run time (the FAA airmen file's), with a row in it.
    const db = connectDb(server.url);
    const importId = randomUUID();
    await sql`insert into airmen_imports (id, month, status, basic_size, cert_size, chunk_size) values (${importId}, '2026-11', 'completed', 1, 1, 65536)`.execute(
      db,
    );
    await sql`create table airmen_people_backup_test partition of airmen_people for values in (${sql.lit(importId)})`.execute(
      db,
    );
    await sql`insert into airmen_people values (${importId}, 'A0000001', 'IDA', 'INSPECTOR', 'IDA', 'INSPECTOR', 'CODY', 'WY')`.execute(
      db,
    );
    await db.destroy();

    const before = await contents();
    const blobsBefore = await blobContents();
    expect(blobsBefore.map((b) => b.text)).toContain('annual inspection, signed');

    const file = path.join(work, 'backup.zip');
    const manifest = await createBackup({ databaseUrl: server.url, blobsDirectory: blobs.directory }, file);
    expect(manifest.database.serverVersion).toMatch(/^18\./);
    expect(manifest.database.migrations).toContain('0021_verified_credentials');
    expect(manifest.database.partitions.map((p) => p.name)).toContain('airmen_people_backup_test');
    expect(manifest.blobs.length).toBe(blobsBefore.length);
    const users = manifest.database.tables.find((t) => t.name === 'users');
    expect(users?.rows).toBeGreaterThan(0);
    // The archive lists every file's checksum in the form sha256sum reads.
    const sums = new TextDecoder().decode(unzipSync(readFileSync(file))['SHA256SUMS']);
    expect(sums).toMatch(/^[0-9a-f]{64} {2}manifest\.json$/m);

    // Change and delete: a renamed account, a deleted aircraft and document, a new account and
    // document, the partition dropped.
    await api.post('/api/aircraft', { tailNumber: 'N28NW', make: 'Cessna', model: '172S' }, { token: pilot.token });
    expect((await api.delete(`/api/aircraft/${plane.body.id}`, { token: pilot.token })).status).toBe(204);
    expect((await api.delete(`/api/enhanced/documents/${kept.id}`, { token: pilot.token })).status).toBe(200);
    await upload(pilot.token, 'After the backup', 'should not survive the restore');
    await createUser('mechanic', { firstName: 'Late', lastName: 'Comer' });
    const change = connectDb(server.url);
    await change.updateTable('users').set({ firstName: 'Changed' }).where('id', '=', pilot.id).execute();
    await sql`drop table airmen_people_backup_test`.execute(change);
    await change.destroy();
    expect(await contents()).not.toEqual(before);

    // The product stops (its connections end), the backup is restored.
    await closeSharedDb();
    await restoreBackup(file, { databaseUrl: server.url, blobsDirectory: blobs.directory });

    expect(await contents()).toEqual(before);
    expect(await blobContents()).toEqual(blobsBefore);
    // And the product works on it: the pilot's own view is the one of the backup.
    const aircraft = await api.get('/api/aircraft', { token: pilot.token });
    expect(aircraft.body.map((a: { tailNumber: string }) => a.tailNumber)).toEqual(['N27BK']);
    const docs = await api.get('/api/enhanced/documents', { token: pilot.token });
    expect(docs.body.map((d: { title: string }) => d.title)).toEqual(['Annual 2025']);
  });

  it('refuses a damaged archive before changing anything', async () => {
    const file = path.join(work, 'damaged.zip');
    await createBackup({ databaseUrl: server.url, blobsDirectory: blobs.directory }, file);
    const files = unzipSync(readFileSync(file));
    const users = Object.keys(files).find((n) => n === 'database/users.jsonl')!;
    files[users] = new TextEncoder().encode(`${new TextDecoder().decode(files[users])}{"id":"forged"}\n`);
    writeFileSync(file, zipSync(files));
    expect(() => openBackup(file)).toThrow('The backup is damaged: database/users.jsonl does not match its SHA-256');
    const before = await contents();
    await expect(restoreBackup(file, { databaseUrl: server.url, blobsDirectory: blobs.directory })).rejects.toThrow(
      /damaged/,
    );
    expect(await contents()).toEqual(before);
  });
});
