import { sql, type Selectable } from 'kysely';
import {
  AIRMEN_CHUNK_BYTES,
  AIRMEN_FILE_NAMES,
  AIRMEN_FILES,
  AIRMEN_SINGLE_REQUEST_MAX_BYTES,
  NONPILOT_BASIC_HEADER,
  NONPILOT_CERT_HEADER,
  airmenChunkCount,
  monthLabel,
  type AirmenFileKind,
  type AirmenImport,
  type AirmenImportStartData,
} from '../../../contract/airmen-file.ts';
import { isUuid } from '../../../contract/ids.ts';
import type { Db } from '../../../server/db/client.ts';
import type { AirmenImportsTable } from '../../../server/db/tables/airmen.ts';
import { HttpError, badRequest, conflict, notFound } from '../../../server/http/errors.ts';
import {
  mechanicCertOf,
  personOf,
  ratingColumns,
  readHeader,
  splitCsvLine,
  splitLines,
  type CertRow,
  type Columns,
  type PersonRow,
} from './csv.ts';
import { airmenFormFiles } from './form-files.server.ts';
import { matchAllMechanics } from './match.server.ts';
import { ZipReadError, entryChunks } from './zip-entries.ts';
import { fromStates, targetOf } from '../../../contract/machines.ts';
import { AIRMEN_IMPORT_MACHINE } from '../../../contract/status-machines.ts';
import { transition } from '../../../server/http/transition.ts';

/**
 * Importing the FAA airmen file (docs/decisions/0120): a job announces the two files' sizes, each
 * file arrives in fixed-size chunks, in order, and each chunk's complete lines are parsed and
 * inserted in bulk at once; the bytes of a line cut by the chunk's end wait in the job row. No
 * request holds more than one chunk, and nothing holds a whole file. When the last chunk of both
 * files is in, people without a mechanic certificate are dropped, the previous file's rows are
 * deleted and every mechanic of the site is matched.
 */

type ImportRow = Selectable<AirmenImportsTable>;

/** Rows per INSERT: one statement of arrays (unnest), so its size does not grow with the batch. */
const BATCH_ROWS = 5000;

const importNotFound = () => notFound('Import not found');

function progress(row: ImportRow, kind: AirmenFileKind) {
  const size = kind === 'basic' ? row.basicSize : row.certSize;
  return {
    size,
    receivedBytes: kind === 'basic' ? row.basicReceivedBytes : row.certReceivedBytes,
    receivedChunks: kind === 'basic' ? row.basicChunks : row.certChunks,
    totalChunks: airmenChunkCount(size, row.chunkSize),
    rows: kind === 'basic' ? row.basicRows : row.certRows,
  };
}

const allReceived = (row: ImportRow) =>
  row.basicChunks === progress(row, 'basic').totalChunks && row.certChunks === progress(row, 'cert').totalChunks;

export function toImport(row: ImportRow): AirmenImport {
  return {
    id: row.id,
    month: row.month,
    monthLabel: monthLabel(row.month),
    status: row.status,
    chunkSize: row.chunkSize,
    basic: progress(row, 'basic'),
    cert: progress(row, 'cert'),
    rows: row.basicRows + row.certRows,
    mechanicRecords: row.mechanicRecords,
    mechanicsMatched: row.mechanicsMatched,
    mechanicsChecked: row.mechanicsChecked,
    autoApproved: row.autoApproved,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

/** GET /api/admin/airmen-file: the last import (of any status), or null before the first. */
export async function lastImport(db: Db): Promise<AirmenImport | null> {
  const row = await db.selectFrom('airmenImports').selectAll().orderBy('createdAt', 'desc').limit(1).executeTakeFirst();
  return row ? toImport(row) : null;
}

/** The last completed import, the one mechanics are matched against. */
export async function currentImport(db: Db): Promise<ImportRow | undefined> {
  return db
    .selectFrom('airmenImports')
    .selectAll()
    .where('status', '=', 'completed')
    .orderBy('completedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** POST /api/admin/airmen-file (JSON): a new job; an unfinished earlier one is abandoned. */
export async function startImport(
  db: Db,
  adminId: string,
  data: AirmenImportStartData,
  chunkSize = data.chunkSize ?? AIRMEN_CHUNK_BYTES,
): Promise<AirmenImport> {
  const abandoned = await db
    .updateTable('airmenImports')
    .set({
      status: targetOf(AIRMEN_IMPORT_MACHINE, 'fail'),
      error: 'Replaced by a newer upload',
      basicTail: null,
      certTail: null,
    })
    .where('status', 'in', fromStates(AIRMEN_IMPORT_MACHINE, 'fail'))
    .returning('id')
    .execute();
  for (const { id } of abandoned) await dropRows(db, id);
  const row = await db
    .insertInto('airmenImports')
    .values({ month: data.month, createdBy: adminId, chunkSize, basicSize: data.basicSize, certSize: data.certSize })
    .returningAll()
    .executeTakeFirstOrThrow();
  await createPartitions(db, row.id);
  return toImport(row);
}

/** The two partitions that hold one import's rows (migration 0018), named after its id. */
const partitionsOf = (importId: string) => {
  if (!isUuid(importId)) throw new Error(`Not an import id: ${importId}`);
  const suffix = importId.replace(/-/g, '');
  return { people: sql.id(`airmen_people_${suffix}`), certs: sql.id(`airmen_certs_${suffix}`) };
};

async function createPartitions(db: Db, importId: string): Promise<void> {
  const { people, certs } = partitionsOf(importId);
  await sql`create table if not exists ${people} partition of airmen_people for values in (${sql.lit(importId)})`.execute(
    db,
  );
  await sql`create table if not exists ${certs} partition of airmen_certs for values in (${sql.lit(importId)})`.execute(
    db,
  );
}

/** An import's rows go with its partitions: a DROP TABLE, however many rows they hold. */
async function dropRows(db: Db, importId: string): Promise<void> {
  const { people, certs } = partitionsOf(importId);
  await sql`drop table if exists ${people}, ${certs}`.execute(db);
}

export function parseKind(raw: string): AirmenFileKind {
  const kind = AIRMEN_FILES.find((k) => k === raw);
  if (!kind) throw notFound('Not found');
  return kind;
}

function parseIndex(raw: string, total: number): number {
  const index = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(index) || index >= total)
    throw badRequest(`Chunk index must be a whole number from 0 to ${total - 1}`);
  return index;
}

async function insertPeople(db: Db, importId: string, rows: PersonRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const b = rows.slice(i, i + BATCH_ROWS);
    await sql`
      insert into airmen_people (import_id, unique_id, first_name, last_name, first_key, last_key, city, state)
      select ${importId}::uuid, * from unnest(
        ${b.map((r) => r.uniqueId)}::text[], ${b.map((r) => r.firstName)}::text[], ${b.map((r) => r.lastName)}::text[],
        ${b.map((r) => r.firstKey)}::text[], ${b.map((r) => r.lastKey)}::text[], ${b.map((r) => r.city)}::text[],
        ${b.map((r) => r.state)}::text[])`.execute(db);
  }
}

async function insertCerts(db: Db, importId: string, rows: CertRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const b = rows.slice(i, i + BATCH_ROWS);
    await sql`
      insert into airmen_certs (import_id, unique_id, cert_type, cert_level, ratings)
      select ${importId}::uuid, u, t, l, case when r = '' then '{}'::text[] else string_to_array(r, ',') end from unnest(
        ${b.map((r) => r.uniqueId)}::text[], ${b.map((r) => r.certType)}::text[], ${b.map((r) => r.certLevel)}::text[],
        ${b.map((r) => r.ratings.join(','))}::text[]) as x(u, t, l, r)`.execute(db);
  }
}

const headerProblem = (kind: AirmenFileKind, missing: string[]) =>
  badRequest(
    `${AIRMEN_FILE_NAMES[kind]} must start with the FAA's header line (${kind === 'basic' ? NONPILOT_BASIC_HEADER.trim() : NONPILOT_CERT_HEADER.trim()}); missing: ${missing.join(', ')}`,
  );

/**
 * PUT /api/admin/airmen-file/:id/:file/chunks/:index: the next chunk of one file, raw bytes. Chunks
 * come in order (409 naming the one expected otherwise), each of its exact length. The job row is
 * locked for the chunk, so rows and counters move together: a chunk that fails leaves nothing and
 * may be sent again.
 */
export async function putChunk(
  db: Db,
  id: string,
  kind: AirmenFileKind,
  rawIndex: string,
  bytes: Uint8Array,
): Promise<AirmenImport> {
  if (!isUuid(id)) throw importNotFound();
  const { row, finished } = await db.transaction().execute(async (trx) => {
    const job = await trx.selectFrom('airmenImports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!job) throw importNotFound();
    transition(AIRMEN_IMPORT_MACHINE, job.status, 'receive');
    // Every chunk is in but the request that finished the import failed: sending the last chunk
    // again finishes it.
    if (allReceived(job)) return { row: job, finished: true };
    const p = progress(job, kind);
    const index = parseIndex(rawIndex, p.totalChunks);
    if (index < p.receivedChunks)
      throw conflict(
        `Chunk ${index} of ${AIRMEN_FILE_NAMES[kind]} was already received; send chunk ${p.receivedChunks}`,
      );
    if (index > p.receivedChunks)
      throw conflict(`Chunks arrive in order: send chunk ${p.receivedChunks} of ${AIRMEN_FILE_NAMES[kind]} first`);
    const expected = Math.min(job.chunkSize, p.size - index * job.chunkSize);
    if (bytes.byteLength !== expected)
      throw badRequest(`Chunk ${index} must be exactly ${expected} bytes; it was ${bytes.byteLength}`);

    const last = index === p.totalChunks - 1;
    const carry = kind === 'basic' ? job.basicTail : job.certTail;
    const { lines, tail } = splitLines(carry ? new Uint8Array(carry) : null, bytes, last);
    let columns: Columns | null = kind === 'basic' ? job.basicColumns : job.certColumns;
    let start = 0;
    if (!columns) {
      const header = lines[0];
      if (header === undefined) {
        if (last) throw badRequest(`${AIRMEN_FILE_NAMES[kind]} is empty`);
      } else {
        const read = readHeader(kind, header);
        if ('missing' in read) throw headerProblem(kind, read.missing);
        columns = read.columns;
        start = 1;
      }
    }
    let rows = 0;
    let mechanics = 0;
    if (columns && kind === 'basic') {
      const people: PersonRow[] = [];
      for (let i = start; i < lines.length; i += 1) {
        const person = personOf(splitCsvLine(lines[i]!), columns);
        if (person) people.push(person);
      }
      rows = people.length;
      await insertPeople(trx, job.id, people);
    } else if (columns) {
      const ratingIdx = ratingColumns(columns);
      const certs: CertRow[] = [];
      for (let i = start; i < lines.length; i += 1) {
        const fields = splitCsvLine(lines[i]!);
        if (!fields[0]) continue;
        rows += 1;
        const cert = mechanicCertOf(fields, columns, ratingIdx);
        if (cert) certs.push(cert);
      }
      mechanics = certs.length;
      await insertCerts(trx, job.id, certs);
    }
    if (tail && tail.byteLength > 64 * 1024)
      throw badRequest(`${AIRMEN_FILE_NAMES[kind]} has a line longer than 64 KB: this is not the FAA file`);
    const columnsJson = columns ? JSON.stringify(columns) : null;
    const tailBuffer = tail ? Buffer.from(tail) : null;
    const updated = await trx
      .updateTable('airmenImports')
      .set(
        kind === 'basic'
          ? {
              basicChunks: index + 1,
              basicReceivedBytes: job.basicReceivedBytes + bytes.byteLength,
              basicRows: job.basicRows + rows,
              basicColumns: columnsJson,
              basicTail: tailBuffer,
            }
          : {
              certChunks: index + 1,
              certReceivedBytes: job.certReceivedBytes + bytes.byteLength,
              certRows: job.certRows + rows,
              certColumns: columnsJson,
              certTail: tailBuffer,
              mechanicRecords: job.mechanicRecords + mechanics,
            },
      )
      .where('id', '=', job.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: updated, finished: allReceived(updated) };
  });
  return finished ? finishImport(db, row.id) : toImport(row);
}

/**
 * Both files are in: count the people holding a mechanic certificate, drop every older file's
 * partitions, match every mechanic of the site, and mark the job completed.
 */
export async function finishImport(db: Db, id: string): Promise<AirmenImport> {
  // People without a mechanic certificate stay in the partition (matching joins the mechanic
  // certificates): deleting them cost more than keeping them until the next file drops them.
  const { rows: counted } = await sql<{ n: string }>`
    select count(*) as n from airmen_people p where p.import_id = ${id}::uuid
      and exists (select 1 from airmen_certs c where c.import_id = p.import_id and c.unique_id = p.unique_id)`.execute(
    db,
  );
  const n = counted[0]?.n ?? '0';
  const older = await db.selectFrom('airmenImports').select('id').where('id', '!=', id).execute();
  for (const o of older) await dropRows(db, o.id);
  await db
    .updateTable('airmenImports')
    .set({
      status: targetOf(AIRMEN_IMPORT_MACHINE, 'complete'),
      completedAt: new Date(),
      mechanicRecords: Number(n),
      basicTail: null,
      certTail: null,
    })
    .where('id', '=', id)
    .execute();
  const summary = await matchAllMechanics(db, id);
  const row = await db
    .updateTable('airmenImports')
    .set({ mechanicsMatched: summary.matched, mechanicsChecked: summary.checked, autoApproved: summary.autoApproved })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toImport(row);
}

/**
 * POST /api/admin/airmen-file (multipart/form-data): the FAA's ZIP, or its two CSVs, in one request
 * (what they are is read by `airmenFormFiles`), for files that fit in it (a small monthly extract,
 * tests, API clients); bigger ones go in chunks. A ZIP is inflated entry by entry into the same
 * chunks the console sends, so no more than one chunk of a file is in memory at a time.
 */
export async function importFromForm(db: Db, adminId: string, form: FormData): Promise<AirmenImport> {
  const files = await airmenFormFiles(form);
  if (files.kind === 'zip') {
    const { basic, cert } = files.zip;
    const job = await startImport(db, adminId, { month: files.month, basicSize: basic.size, certSize: cert.size });
    return feed(db, job.id, async (send) => {
      for (const [kind, entry] of [
        ['basic', basic],
        ['cert', cert],
      ] as const) {
        let index = 0;
        for await (const chunk of entryChunks(files.file, entry, job.chunkSize)) await send(kind, index++, chunk);
      }
    });
  }
  const { basic, cert } = files;
  if (basic.size + cert.size > AIRMEN_SINGLE_REQUEST_MAX_BYTES) {
    throw new HttpError(
      413,
      'Files above 4 MB together go up in chunks: start the import with their sizes, then send each file in chunks',
    );
  }
  const job = await startImport(
    db,
    adminId,
    { month: files.month, basicSize: basic.size, certSize: cert.size },
    Math.max(basic.size, cert.size),
  );
  return feed(db, job.id, async (send) => {
    await send('basic', 0, new Uint8Array(await basic.arrayBuffer()));
    await send('cert', 0, new Uint8Array(await cert.arrayBuffer()));
  });
}

/** Sends an import's chunks; on a refusal (or a damaged ZIP) the job is marked failed with the reason. */
async function feed(
  db: Db,
  id: string,
  chunks: (send: (kind: AirmenFileKind, index: number, bytes: Uint8Array) => Promise<void>) => Promise<void>,
): Promise<AirmenImport> {
  let last: AirmenImport | null = null;
  try {
    await chunks(async (kind, index, bytes) => {
      last = await putChunk(db, id, kind, String(index), bytes);
    });
  } catch (error) {
    const refusal = error instanceof ZipReadError ? badRequest(error.message) : error;
    await failImport(db, id, refusal instanceof HttpError ? refusal.detail : 'The import failed');
    throw refusal;
  }
  if (!last) throw new Error('An import was fed no chunk');
  return last;
}

/** Marks a job failed with the reason shown to the admin, and drops its rows. */
export async function failImport(db: Db, id: string, reason: string): Promise<void> {
  await db
    .updateTable('airmenImports')
    .set({ status: targetOf(AIRMEN_IMPORT_MACHINE, 'fail'), error: reason, basicTail: null, certTail: null })
    .where('id', '=', id)
    .where('status', 'in', fromStates(AIRMEN_IMPORT_MACHINE, 'fail'))
    .execute();
  await dropRows(db, id);
}
