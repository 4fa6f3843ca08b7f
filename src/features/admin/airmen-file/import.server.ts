import { sql, type Selectable } from 'kysely';
import {
  AIRMEN_CHUNK_BYTES,
  airmenChunkCount,
  monthLabel,
  type AirmenFileKind,
  type AirmenImport,
  type AirmenImportStartData,
} from '../../../contract/airmen-file.ts';
import type { Db } from '../../../server/db/client.ts';
import type { AirmenImportsTable } from '../../../server/db/tables/airmen.ts';
import { notFound } from '../../../server/http/errors.ts';
import { matchAllMechanics } from './match.server.ts';
import { fromStates, targetOf } from '../../../contract/machines.ts';
import { AIRMEN_IMPORT_MACHINE } from '../../../contract/status-machines.ts';
import { createPartitions, dropRows } from './import-rows.server.ts';

/**
 * Importing the FAA airmen file (docs/decisions/0120): a job announces the two files' sizes, each
 * file arrives in fixed-size chunks, in order, and each chunk's complete lines are parsed and
 * inserted in bulk at once; the bytes of a line cut by the chunk's end wait in the job row. No
 * request holds more than one chunk, and nothing holds a whole file. When the last chunk of both
 * files is in, people without a mechanic certificate are dropped, the previous file's rows are
 * deleted and every mechanic of the site is matched.
 */

type ImportRow = Selectable<AirmenImportsTable>;

export const importNotFound = () => notFound('Import not found');

export function progress(row: ImportRow, kind: AirmenFileKind) {
  const size = kind === 'basic' ? row.basicSize : row.certSize;
  return {
    size,
    receivedBytes: kind === 'basic' ? row.basicReceivedBytes : row.certReceivedBytes,
    receivedChunks: kind === 'basic' ? row.basicChunks : row.certChunks,
    totalChunks: airmenChunkCount(size, row.chunkSize),
    rows: kind === 'basic' ? row.basicRows : row.certRows,
  };
}

export const allReceived = (row: ImportRow) =>
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
