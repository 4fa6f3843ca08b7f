// Import of the FAA airmen file at scale (docs/decisions/0120): generates NONPILOT_BASIC.csv and
// NONPILOT_CERT.csv in the FAA's layout on disk (streamed, never held whole), then imports them the
// way the console does, chunk after chunk, into a scratch PostgreSQL, sampling the process's RSS
// every 20 ms. Prints rows/s and peak RSS above the baseline. Not a test: a measurement.
// Usage: node bench/airmen-import.ts [people=50000] [chunkBytes=4194304]
// (50,000 people are about 50,000 BASIC rows plus about 58,000 CERT rows.)
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AIRMEN_CHUNK_BYTES,
  NONPILOT_BASIC_HEADER,
  NONPILOT_CERT_HEADER,
  type AirmenFileKind,
} from '../src/contract/airmen-file.ts';
import { putChunk } from '../src/features/admin/airmen-file/import-chunks.server.ts';
import { startImport } from '../src/features/admin/airmen-file/import.server.ts';
import { connectDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { startLocalDatabase } from '../scripts/lib/local-db.ts';
import { basicLine, certLine, generateAirmen } from '../tests/helpers/airmen-file.ts';

const people = Number(process.argv[2] ?? 50_000);
const chunkBytes = Number(process.argv[3] ?? AIRMEN_CHUNK_BYTES);
const dir = mkdtempSync(path.join(os.tmpdir(), 'airmen-bench-'));
const files: Record<AirmenFileKind, string> = {
  basic: path.join(dir, 'NONPILOT_BASIC.csv'),
  cert: path.join(dir, 'NONPILOT_CERT.csv'),
};

async function write(): Promise<{ basicRows: number; certRows: number }> {
  const basic = createWriteStream(files.basic);
  const cert = createWriteStream(files.cert);
  const put = async (stream: ReturnType<typeof createWriteStream>, line: string) => {
    if (!stream.write(`${line}\r\n`)) await once(stream, 'drain');
  };
  await put(basic, NONPILOT_BASIC_HEADER);
  await put(cert, NONPILOT_CERT_HEADER);
  let basicRows = 0;
  let certRows = 0;
  for (const { person, certs } of generateAirmen(people, 2026)) {
    await put(basic, basicLine(person));
    basicRows += 1;
    for (const c of certs) {
      await put(cert, certLine(c));
      certRows += 1;
    }
  }
  basic.end();
  cert.end();
  await Promise.all([once(basic, 'finish'), once(cert, 'finish')]);
  return { basicRows, certRows };
}

// Its own temporary folder: the server may run as another user, who cannot enter `dir`.
const pgDir = mkdtempSync(path.join(os.tmpdir(), 'airmen-bench-pg-'));
const db0 = await startLocalDatabase({ dataDir: pgDir, persistent: false, quiet: true, scratch: true });
const db = connectDb(db0.url);
try {
  await migrateToLatest(db);
  const admin = await db
    .insertInto('users')
    .values({
      email: 'bench-admin@example.com',
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'Admin',
      role: 'admin',
      phone: null,
      location: null,
      certificationNumber: null,
      yearsExperience: null,
      serviceRadius: null,
      hourlyRate: null,
      mechanicStatus: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A few hundred mechanics of the site to match at the end.
  for (let i = 0; i < 300; i += 1) {
    await db
      .insertInto('users')
      .values({
        email: `bench-mech-${i}@example.com`,
        passwordHash: 'x',
        firstName: `Mech${i}`,
        lastName: `Bench${i}`,
        role: 'mechanic',
        phone: null,
        location: 'Austin, TX',
        certificationNumber: null,
        yearsExperience: null,
        serviceRadius: 50,
        hourlyRate: null,
        mechanicStatus: 'pending',
      })
      .execute();
  }

  const { basicRows, certRows } = await write();
  const sizes = { basic: statSync(files.basic).size, cert: statSync(files.cert).size };
  console.log(
    `Generated ${basicRows.toLocaleString()} BASIC + ${certRows.toLocaleString()} CERT rows (${((sizes.basic + sizes.cert) / 1e6).toFixed(1)} MB) in the FAA layout`,
  );

  globalThis.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);

  /**
   * One import the way the console sends it; each chunk is one function call in production, so
   * the slowest call and the last one (which finishes the import: dropping the older file's rows,
   * matching) must each fit a function's time limit.
   */
  const importOnce = async (month: string) => {
    const job = await startImport(db, admin.id, { month, basicSize: sizes.basic, certSize: sizes.cert }, chunkBytes);
    let last = job;
    let slowest = 0;
    let finishing = 0;
    const buffer = Buffer.alloc(chunkBytes);
    for (const kind of ['basic', 'cert'] as const) {
      const handle = await open(files[kind]);
      try {
        for (let index = 0; index * chunkBytes < sizes[kind]; index += 1) {
          const length = Math.min(chunkBytes, sizes[kind] - index * chunkBytes);
          const { bytesRead } = await handle.read(buffer, 0, length, index * chunkBytes);
          // The function receives a fresh body per request; a copy stands for it.
          const t0 = performance.now();
          last = await putChunk(db, job.id, kind, String(index), new Uint8Array(buffer.subarray(0, bytesRead)));
          const ms = performance.now() - t0;
          slowest = Math.max(slowest, ms);
          finishing = ms;
          peak = Math.max(peak, process.memoryUsage().rss);
        }
      } finally {
        await handle.close();
      }
    }
    return { last, slowest, finishing };
  };

  // Last month's file is in place first: the monthly case replaces it.
  const previous = await importOnce('2026-10');
  const started = performance.now();
  const { last, slowest, finishing } = await importOnce('2026-11');
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (last.status !== 'completed') throw new Error(`import ended ${last.status}: ${last.error}`);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  console.log(
    `Imported ${last.rows.toLocaleString()} rows in ${seconds.toFixed(2)} s: ${Math.round(last.rows / seconds).toLocaleString()} rows/s`,
  );
  console.log(
    `${last.mechanicRecords.toLocaleString()} people of the file hold a mechanic certificate; checked ${last.mechanicsChecked} mechanics, ${last.mechanicsMatched} matched`,
  );
  console.log(
    `Slowest call ${Math.round(slowest)} ms; the finishing call (older file dropped, matching) ${Math.round(finishing)} ms; first import's finishing call ${Math.round(previous.finishing)} ms`,
  );
  console.log(
    `RSS: baseline ${mb(baseline)}, peak ${mb(peak)} (+${mb(peak - baseline)}); files ${mb(sizes.basic + sizes.cert)}, chunk ${mb(chunkBytes)}`,
  );
} finally {
  await db.destroy();
  await db0.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(pgDir, { recursive: true, force: true });
}
