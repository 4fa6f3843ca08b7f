import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackup, openBackup, restoreBackup } from '../../scripts/lib/backup/archive.ts';
import { backupKey, decryptArchive, encryptArchive } from '../../scripts/lib/backup/encryption.ts';
import { mintResetLink } from '../../src/server/auth/reset-link.server.ts';
import { dumpDatabase, type DatabaseDump } from '../../scripts/lib/backup/database.ts';
import { closeSharedDb, connectDb } from '../../src/server/db/client.ts';
import { call } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { startOwnPostgres, type OwnPostgres } from '../helpers/own-postgres.ts';
import { createUser } from '../helpers/users.ts';
import imagesFunction from '../../netlify/functions/blog-images.ts';
import sharp from 'sharp';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// Back up the database and the Blobs together, change and delete data, restore,
// and everything is as it was (docs/decisions/0182). A PostgreSQL server of this file's own: the
// restore replaces its database whole.

// A whole dump, restore and re-dump of a database on a shared 2-core machine: 30 s is too tight.
vi.setConfig({ testTimeout: 120_000 });

let server: OwnPostgres;
let blobs: TestBlobs;
let work: string;
let keyFile: string;
let key: string;

beforeAll(async () => {
  server = await startOwnPostgres();
  process.env['DATABASE_URL'] = server.url;
  await closeSharedDb();
  blobs = await startTestBlobs();
  work = mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  keyFile = path.join(work, 'data', 'backup-key.txt');
  key = (await backupKey({ env: {}, keyFile, create: true })).identity;
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
    const plane = await callRoute(ROUTES.aircraftAdd, {
      body: { tailNumber: 'N27BK', make: 'Piper', model: 'PA-28-181', year: 1998, homeAirport: 'KPAO' },
      as: pilot,
    });
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
    const manifest = await createBackup({ databaseUrl: server.url, blobsDirectory: blobs.directory }, file, key);
    expect(manifest.database.serverVersion).toMatch(/^18\./);
    expect(manifest.database.migrations).toContain('0021_verified_credentials');
    expect(manifest.database.partitions.map((p) => p.name)).toContain('airmen_people_backup_test');
    expect(manifest.blobs.length).toBe(blobsBefore.length);
    const users = manifest.database.tables.find((t) => t.name === 'users');
    expect(users?.rows).toBeGreaterThan(0);
    // The archive lists every file's checksum in the form sha256sum reads.
    const sums = new TextDecoder().decode(unzipSync(await decryptArchive(readFileSync(file), key, file))['SHA256SUMS']);
    expect(sums).toMatch(/^[0-9a-f]{64} {2}manifest\.json$/m);

    // Change and delete: a renamed account, a deleted aircraft and document, a new account and
    // document, the partition dropped.
    await callRoute(ROUTES.aircraftAdd, { body: { tailNumber: 'N28NW', make: 'Cessna', model: '172S' }, as: pilot });
    expect((await callRoute(ROUTES.aircraftDelete, { params: { id: plane.body.id }, as: pilot })).status).toBe(204);
    expect((await callRoute(ROUTES.documentDelete, { params: { id: kept.id }, as: pilot })).status).toBe(200);
    await upload(pilot.token, 'After the backup', 'should not survive the restore');
    await createUser('mechanic', { firstName: 'Late', lastName: 'Comer' });
    const change = connectDb(server.url);
    await change.updateTable('users').set({ firstName: 'Changed' }).where('id', '=', pilot.id).execute();
    await sql`drop table airmen_people_backup_test`.execute(change);
    await change.destroy();
    expect(await contents()).not.toEqual(before);

    // The product stops (its connections end), the backup is restored.
    await closeSharedDb();
    await restoreBackup(file, { databaseUrl: server.url, blobsDirectory: blobs.directory }, key);

    expect(await contents()).toEqual(before);
    expect(await blobContents()).toEqual(blobsBefore);
    // And the product works on it: the pilot's own view is the one of the backup.
    const aircraft = await callRoute(ROUTES.aircraftList, { as: pilot });
    expect(aircraft.body.map((a: { tailNumber: string }) => a.tailNumber)).toEqual(['N27BK']);
    const docs = await callRoute(ROUTES.documents, { as: pilot });
    expect(docs.body.map((d: { title: string }) => d.title)).toEqual(['Annual 2025']);
  });

  it("backs up the blog's uploaded pictures and restores them, served again at their addresses", async () => {
    const admin = await createUser('admin', { firstName: 'Ira', lastName: 'Images' });
    const picture = async (r: number) =>
      new File(
        [
          new Uint8Array(
            await sharp({ create: { width: 320, height: 200, channels: 3, background: { r, g: 90, b: 160 } } })
              .png()
              .toBuffer(),
          ),
        ],
        'ramp.png',
        { type: 'image/png' },
      );
    const uploadPicture = async (r: number, alt: string) => {
      const form = new FormData();
      form.set('file', await picture(r));
      form.set('alt', alt);
      const res = await call('POST', '/api/admin/blog/images', { rawBody: form, token: admin.token });
      expect(res.status, res.text).toBe(201);
      return res.body.url as string;
    };
    const served = async (url: string) => {
      const res = await imagesFunction(new Request(new URL(url, 'http://localhost:8888')), {
        params: { name: url.split('/').pop()! },
      });
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    };

    const kept = await uploadPicture(10, 'The ramp at KPAO');
    const keptBytes = (await served(kept)).bytes;
    const file = path.join(work, 'backup-images.zip');
    const manifest = await createBackup({ databaseUrl: server.url, blobsDirectory: blobs.directory }, file, key);
    expect(manifest.blobs.filter((b) => b.store === 'blog-images').map((b) => b.key)).toContain(kept.split('/').pop());

    // Lost after the backup (a store emptied by mistake), and one more uploaded since.
    const { getStore } = await import('@netlify/blobs');
    await getStore({ name: 'blog-images', consistency: 'strong' }).delete(kept.split('/').pop()!);
    expect((await served(kept)).status).toBe(404);
    const later = await uploadPicture(200, 'Uploaded after the backup');

    await closeSharedDb();
    await restoreBackup(file, { databaseUrl: server.url, blobsDirectory: blobs.directory }, key);
    const back = await served(kept);
    expect(back.status).toBe(200);
    expect(back.bytes.equals(keptBytes)).toBe(true);
    expect((await served(later)).status).toBe(404);
  });

  it('refuses a damaged archive before changing anything', async () => {
    const file = path.join(work, 'damaged.zip');
    await createBackup({ databaseUrl: server.url, blobsDirectory: blobs.directory }, file, key);
    // Changed by someone holding the key: age's own check passes, the archive's checksums do not.
    const files = unzipSync(await decryptArchive(readFileSync(file), key, file));
    const users = Object.keys(files).find((n) => n === 'database/users.jsonl')!;
    files[users] = new TextEncoder().encode(`${new TextDecoder().decode(files[users])}{"id":"forged"}\n`);
    writeFileSync(file, await encryptArchive(zipSync(files), key));
    await expect(openBackup(file, key)).rejects.toThrow(
      'The backup is damaged: database/users.jsonl does not match its SHA-256',
    );
    const before = await contents();
    await expect(
      restoreBackup(file, { databaseUrl: server.url, blobsDirectory: blobs.directory }, key),
    ).rejects.toThrow(/damaged/);
    expect(await contents()).toEqual(before);
    // Changed without the key (one byte of the ciphertext): refused by the decryption itself.
    const bytes = readFileSync(file);
    bytes[bytes.length - 10]! ^= 1;
    writeFileSync(file, bytes);
    await expect(openBackup(file, key)).rejects.toThrow(/cannot be decrypted with this key/);
  });

  it('writes the archive 0600 and encrypted with age, opened by the age tool, with no live reset link', async () => {
    // The key file made on a machine without BACKUP_KEY: 0600, in age-keygen's format.
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8')).toMatch(
      /^# created: .+\n# public key: age1[0-9a-z]+\nAGE-SECRET-KEY-1[0-9A-Z]+\n$/,
    );
    expect((await backupKey({ env: {}, keyFile, create: true })).identity).toBe(key);
    expect(
      (await backupKey({ env: { BACKUP_KEY: key }, keyFile: path.join(work, 'none'), create: false })).source,
    ).toBe('BACKUP_KEY');
    await expect(backupKey({ env: {}, keyFile: path.join(work, 'none'), create: false })).rejects.toThrow(
      /No backup key: set BACKUP_KEY/,
    );

    // A reset link asked for and sent: the backup holds no link that works.
    const user = await createUser('pilot', { firstName: 'Rita', lastName: 'Reset' });
    expect((await callRoute(ROUTES.authPasswordReset, { body: { email: user.email } })).status).toBe(200);
    const db = connectDb(server.url);
    const queued = await db
      .selectFrom('outbox')
      .select(['id', 'bodyText', 'bodyHtml'])
      .where('toAddress', '=', user.email)
      .executeTakeFirstOrThrow();
    const sent = await mintResetLink(db, queued.id, { text: queued.bodyText, html: queued.bodyHtml });
    await db.destroy();
    const token = /\?token=([\w-]{20,})/.exec(sent?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    const file = path.join(work, 'sealed.zip.age');
    await createBackup({ databaseUrl: server.url, blobsDirectory: blobs.directory }, file, key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const raw = readFileSync(file);
    expect(raw.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    expect(raw.includes(user.email)).toBe(false);

    // Opened without this product: the age command-line tool (Debian's `age`) where installed,
    // and always age's reference JavaScript implementation.
    const zips = [await decryptArchive(raw, key, file)];
    if (existsSync('/usr/bin/age') || existsSync('/usr/local/bin/age'))
      zips.push(new Uint8Array(execFileSync('age', ['-d', '-i', keyFile, file])));
    for (const zip of zips) {
      const files = unzipSync(zip);
      const text = Object.values(files)
        .map((b) => new TextDecoder().decode(b))
        .join('\n');
      expect(new TextDecoder().decode(files['database/users.jsonl'])).toContain(user.email);
      expect(text).not.toContain(token);
      expect(text).toMatch(/reset-password\?token=•+/);
    }
    // Another key opens nothing.
    const stranger = (await backupKey({ env: {}, keyFile: path.join(work, 'other-key.txt'), create: true })).identity;
    await expect(openBackup(file, stranger)).rejects.toThrow(/cannot be decrypted with this key/);
  });
});
