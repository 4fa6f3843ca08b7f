import {
  AIRMEN_SINGLE_REQUEST_MAX_BYTES,
  type AirmenFileKind,
  type AirmenImport,
} from '../../../contract/airmen-file.ts';
import type { Db } from '../../../server/db/client.ts';
import { HttpError, badRequest } from '../../../server/http/errors.ts';
import { airmenFormFiles } from './form-files.server.ts';
import { ZipReadError, entryChunks } from './zip-entries.ts';
import { putChunk } from './import-chunks.server.ts';
import { startImport, failImport } from './import.server.ts';

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
