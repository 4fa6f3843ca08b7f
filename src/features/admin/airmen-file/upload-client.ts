import {
  AIRMEN_SINGLE_REQUEST_MAX_BYTES,
  type AirmenFileKind,
  type AirmenImport,
} from '../../../contract/airmen-file.ts';
import { ROUTES, pathOf } from '../../../contract/routes.ts';
import { ApiError, call } from '../../../lib/api-client.ts';
import { $token } from '../../../lib/session.ts';
import { entryChunks, readAirmenZip, type AirmenZip } from './zip-entries.ts';

/**
 * Sending the FAA airmen file from the console (docs/decisions/0120): both files in one multipart
 * request when they are small, else a job and then each file in chunks, in order. The browser reads
 * one chunk of the file at a time (`File.slice`), so a 400 MB file is never in memory either. The
 * FAA's ZIP is unzipped here, as a stream, into the same chunks (`zip-entries.ts`).
 */

export interface AirmenUploadProgress {
  /** 0-100 over the bytes of both files. */
  percent: number;
  /** The file being sent. */
  file: AirmenFileKind;
  job: AirmenImport | null;
}

async function sendChunk(
  id: string,
  kind: AirmenFileKind,
  index: number,
  body: Blob | Uint8Array<ArrayBuffer>,
  signal?: AbortSignal,
): Promise<AirmenImport> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/octet-stream' };
  const token = $token.get();
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(pathOf(ROUTES.adminAirmenFileChunk, { params: { id, file: kind, index } }), {
      method: 'PUT',
      headers,
      body,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, undefined, error instanceof Error ? error.message : 'Network error');
  }
  const data = (await res.json().catch(() => undefined)) as { detail?: unknown } | AirmenImport | undefined;
  if (!res.ok) {
    const detail =
      data && typeof (data as { detail?: unknown }).detail === 'string'
        ? (data as { detail: string }).detail
        : undefined;
    throw new ApiError(res.status, detail, detail ?? `Request failed with status ${res.status}`);
  }
  return data as AirmenImport;
}

export async function uploadAirmenFile(
  input: { month: string; basic: File; cert: File },
  options: { onProgress?: (p: AirmenUploadProgress) => void; signal?: AbortSignal } = {},
): Promise<AirmenImport> {
  const { onProgress, signal } = options;
  const total = input.basic.size + input.cert.size;
  if (total <= AIRMEN_SINGLE_REQUEST_MAX_BYTES) {
    const form = new FormData();
    form.set('month', input.month);
    form.set('basic', input.basic);
    form.set('cert', input.cert);
    onProgress?.({ percent: 0, file: 'basic', job: null });
    const job = await call(ROUTES.adminAirmenFileStart, { body: form, ...(signal ? { signal } : {}) });
    onProgress?.({ percent: 100, file: 'cert', job });
    return job;
  }
  let job = await call(ROUTES.adminAirmenFileStart, {
    body: { month: input.month, basicSize: input.basic.size, certSize: input.cert.size },
    ...(signal ? { signal } : {}),
  });
  let sent = 0;
  for (const kind of ['basic', 'cert'] as const) {
    const file = input[kind];
    for (let index = 0; index * job.chunkSize < file.size; index += 1) {
      const chunk = file.slice(index * job.chunkSize, (index + 1) * job.chunkSize);
      job = await sendChunk(job.id, kind, index, chunk, signal);
      sent += chunk.size;
      onProgress?.({ percent: (sent / total) * 100, file: kind, job });
    }
  }
  return job;
}

/**
 * The FAA's ZIP: its two non-pilot files are inflated in the browser, one slice of the ZIP at a
 * time, and sent in the job's chunks, basic then cert, always as a chunked job (the uncompressed
 * sizes are known from the ZIP's directory). Progress is over the uncompressed bytes of both files.
 * A damaged entry fails before its last chunk, so the import never completes with it.
 */
export async function uploadAirmenZip(
  input: { month: string; zip: File; entries?: AirmenZip },
  options: { onProgress?: (p: AirmenUploadProgress) => void; signal?: AbortSignal } = {},
): Promise<AirmenImport> {
  const { onProgress, signal } = options;
  const entries = input.entries ?? (await readAirmenZip(input.zip));
  const total = entries.basic.size + entries.cert.size;
  let job = await call(ROUTES.adminAirmenFileStart, {
    body: { month: input.month, basicSize: entries.basic.size, certSize: entries.cert.size },
    ...(signal ? { signal } : {}),
  });
  onProgress?.({ percent: 0, file: 'basic', job });
  let sent = 0;
  for (const kind of ['basic', 'cert'] as const) {
    let index = 0;
    for await (const chunk of entryChunks(input.zip, entries[kind], job.chunkSize)) {
      signal?.throwIfAborted();
      job = await sendChunk(job.id, kind, index, chunk, signal);
      index += 1;
      sent += chunk.length;
      onProgress?.({ percent: (sent / total) * 100, file: kind, job });
    }
  }
  return job;
}
