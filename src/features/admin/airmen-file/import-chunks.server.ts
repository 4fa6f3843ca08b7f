import {
  AIRMEN_FILE_NAMES,
  AIRMEN_FILES,
  NONPILOT_BASIC_HEADER,
  NONPILOT_CERT_HEADER,
  type AirmenFileKind,
  type AirmenImport,
} from '../../../contract/airmen-file.ts';
import { isUuid } from '../../../contract/ids.ts';
import type { Db } from '../../../server/db/client.ts';
import { badRequest, conflict, notFound } from '../../../server/http/errors.ts';
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
import { AIRMEN_IMPORT_MACHINE } from '../../../contract/status-machines.ts';
import { transition } from '../../../server/http/transition.ts';
import { insertPeople, insertCerts } from './import-rows.server.ts';
import { importNotFound, progress, allReceived, toImport, finishImport } from './import.server.ts';

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
