import {
  AIRMEN_SINGLE_REQUEST_MAX_BYTES,
  type AirmenFileKind,
  type AirmenImport,
} from '../../../contract/airmen-file.ts';
import { pathOf } from '../../../contract/routes/route.ts';
import { ROUTES } from '../../../contract/routes/admin.ts';
import { ApiError, call } from '../../../lib/api-client.ts';
import { $token } from '../../../lib/session.ts';
import { isTemporarilyUnavailable } from '../../../lib/unavailable.ts';
import { write } from '../../../lib/write.ts';
import { entryChunks, readAirmenZip, type AirmenZip } from './zip-entries.ts';

/**
 * Sending the FAA airmen file from the console (docs/decisions/0120): both files in one multipart
 * request when they are small, else a job and then each file in chunks, in order. The browser reads
 * one chunk of the file at a time (`File.slice`), so a 400 MB file is never in memory either. The
 * FAA's ZIP is unzipped here, as a stream, into the same chunks (`zip-entries.ts`). The job is
 * started through `write()`, the islands' one write path; the console words the refusal.
 */

export interface AirmenUploadProgress {
  /** 0-100 over the bytes of both files. */
  percent: number;
  /** The file being sent. */
  file: AirmenFileKind;
  job: AirmenImport | null;
}

/** Waits before a chunk is sent again: 1 s, 3 s, 9 s (the database waking up, a busy moment). */
const RETRY_DELAYS_MS = [1_000, 3_000, 9_000];

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });

/**
 * One chunk of `job`, sent again when the server was only unavailable for a moment (0, 502, 503,
 * 504). A chunk that failed left nothing behind and may be sent again; the last one, sent again
 * after the import's finishing step failed, finishes it (docs/decisions/0120). When an answer was
 * lost after the server took the chunk, the retry is refused with a 409: the chunk is in (the
 * upload goes on), or the import it finished is the last one. Other refusals are not retried.
 */
async function sendChunk(
  job: AirmenImport,
  kind: AirmenFileKind,
  index: number,
  body: Blob | Uint8Array<ArrayBuffer>,
  signal?: AbortSignal,
): Promise<AirmenImport> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await sendChunkOnce(job.id, kind, index, body, signal);
    } catch (error) {
      if (attempt > 0 && error instanceof ApiError && error.status === 409) {
        const landed = await earlierAttemptLanded(job, error, signal);
        if (landed) return landed;
        throw error;
      }
      const delay = RETRY_DELAYS_MS[attempt];
      if (
        delay === undefined ||
        signal?.aborted ||
        !(error instanceof ApiError) ||
        !isTemporarilyUnavailable(error.status)
      )
        throw error;
      await pause(delay, signal);
    }
  }
}

/** After a lost answer: the import as it stands when the earlier attempt took the chunk, else null. */
async function earlierAttemptLanded(
  job: AirmenImport,
  refusal: ApiError,
  signal?: AbortSignal,
): Promise<AirmenImport | null> {
  if (/already received/.test(refusal.detail ?? '')) return job;
  const last = await call(ROUTES.adminAirmenFile, signal ? { signal } : {});
  return last && last.id === job.id && last.status === 'completed' ? last : null;
}

async function sendChunkOnce(
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
    const job = await write(ROUTES.adminAirmenFileStart, { body: form, ...(signal ? { signal } : {}) });
    onProgress?.({ percent: 100, file: 'cert', job });
    return job;
  }
  let job = await write(ROUTES.adminAirmenFileStart, {
    body: { month: input.month, basicSize: input.basic.size, certSize: input.cert.size },
    ...(signal ? { signal } : {}),
  });
  let sent = 0;
  for (const kind of ['basic', 'cert'] as const) {
    const file = input[kind];
    for (let index = 0; index * job.chunkSize < file.size; index += 1) {
      const chunk = file.slice(index * job.chunkSize, (index + 1) * job.chunkSize);
      job = await sendChunk(job, kind, index, chunk, signal);
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
  let job = await write(ROUTES.adminAirmenFileStart, {
    body: { month: input.month, basicSize: entries.basic.size, certSize: entries.cert.size },
    ...(signal ? { signal } : {}),
  });
  onProgress?.({ percent: 0, file: 'basic', job });
  let sent = 0;
  for (const kind of ['basic', 'cert'] as const) {
    let index = 0;
    for await (const chunk of entryChunks(input.zip, entries[kind], job.chunkSize)) {
      signal?.throwIfAborted();
      job = await sendChunk(job, kind, index, chunk, signal);
      index += 1;
      sent += chunk.length;
      onProgress?.({ percent: (sent / total) * 100, file: kind, job });
    }
  }
  return job;
}
