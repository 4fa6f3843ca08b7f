import {
  DOCUMENT_MESSAGES,
  SINGLE_UPLOAD_MAX_BYTES,
  type DocumentMetadata,
  type VaultDocument,
} from '../../contract/documents.ts';
import { pathOf, type OutputOf, type RouteSpec } from '../../contract/routes/route.ts';
import { ROUTES } from '../../contract/routes/documents.ts';
import { ApiError } from '../../lib/api-client.ts';
import { write } from '../../lib/write.ts';
import { $token } from '../../lib/session.ts';
import { HEAD_BYTES, checkContent, checkSize } from './file-type.ts';

/**
 * Sending a file from the browser: one multipart request up to 4 MB, chunks above (see
 * docs/decisions/0060). XMLHttpRequest rather than fetch because only it reports upload progress.
 * A protocol of several requests with its own progress, called by several islands (documents,
 * conversations, AOG), so its JSON writes go through `write()` and the island words the refusal.
 */

export type UploadPhase = 'preparing' | 'uploading' | 'verifying';
export interface UploadProgress {
  phase: UploadPhase;
  /** 0-100 over the bytes of the whole file. */
  percent: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** The checks the server makes that the browser can make first: size, name, the file's first bytes. */
export async function checkBeforeUpload(file: File): Promise<string | null> {
  const sizeProblem = checkSize(file.size);
  if (sizeProblem) return sizeProblem.detail;
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const result = checkContent(file.name, head, file.size <= HEAD_BYTES);
  return result.ok ? null : result.detail;
}

interface XhrRequest<R extends RouteSpec> {
  route: R;
  params?: Record<string, string | number>;
  body: XMLHttpRequestBodyInit;
  headers?: Record<string, string>;
  onUploadProgress?: (loaded: number) => void;
  signal?: AbortSignal | undefined;
}

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

/** One request with upload progress; resolves with the JSON answer, rejects with an ApiError. */
function xhr<R extends RouteSpec>({
  route,
  params,
  body,
  headers = {},
  onUploadProgress,
  signal,
}: XhrRequest<R>): Promise<OutputOf<R>> {
  return new Promise<OutputOf<R>>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const req = new XMLHttpRequest();
    req.open(route.method, pathOf(route, { params }));
    req.setRequestHeader('Accept', 'application/json');
    const token = $token.get();
    if (token) req.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) req.setRequestHeader(name, value);
    if (onUploadProgress) req.upload.onprogress = (e) => onUploadProgress(e.loaded);
    const onAbort = () => req.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    req.onloadend = () => signal?.removeEventListener('abort', onAbort);
    req.onabort = () => reject(abortError());
    req.onerror = () => reject(new ApiError(0, undefined, 'Network error'));
    req.onload = () => {
      let data: unknown;
      try {
        data = req.responseText ? JSON.parse(req.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (req.status >= 200 && req.status < 300) return resolve(data as OutputOf<R>);
      const detail =
        typeof (data as { detail?: unknown } | undefined)?.detail === 'string'
          ? (data as { detail: string }).detail
          : undefined;
      reject(new ApiError(req.status, detail, detail ?? `Request failed with status ${req.status}`));
    };
    req.send(body);
  });
}

function metadataFields(form: FormData, metadata: DocumentMetadata): void {
  form.set('title', metadata.title);
  form.set('document_type', metadata.documentType);
  if (metadata.description) form.set('description', metadata.description);
  if (metadata.aircraftId) form.set('aircraft_id', metadata.aircraftId);
  if (metadata.serviceRequestId) form.set('service_request_id', metadata.serviceRequestId);
}

async function uploadInOneRequest(
  file: File,
  metadata: DocumentMetadata,
  { onProgress, signal }: UploadOptions,
): Promise<VaultDocument> {
  const form = new FormData();
  form.set('file', file, file.name);
  metadataFields(form, metadata);
  onProgress?.({ phase: 'uploading', percent: 0 });
  const doc = await xhr({
    route: ROUTES.documentUpload,
    body: form,
    // The multipart envelope makes the body slightly larger than the file: cap at 99% until it answers.
    onUploadProgress: (loaded) =>
      onProgress?.({ phase: 'uploading', percent: Math.min(99, (loaded / file.size) * 100) }),
    signal,
  });
  onProgress?.({ phase: 'verifying', percent: 100 });
  return doc;
}

async function sha256Hex(file: File): Promise<string> {
  if (!globalThis.crypto?.subtle)
    throw new ApiError(0, 'Uploading files over 4 MB needs a secure (https) connection', 'No WebCrypto');
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function uploadInChunks(
  file: File,
  metadata: DocumentMetadata,
  { onProgress, signal }: UploadOptions,
): Promise<VaultDocument> {
  onProgress?.({ phase: 'preparing', percent: 0 });
  const sha256 = await sha256Hex(file);
  if (signal?.aborted) throw abortError();
  const session = await write(ROUTES.uploadStart, {
    body: { ...metadata, fileName: file.name, size: file.size, sha256 },
    ...(signal ? { signal } : {}),
  });
  try {
    let sent = 0;
    // One chunk at a time: each is up to 4 MB, and the progress reads naturally.
    for (let index = 0; index < session.totalChunks; index += 1) {
      const chunk = file.slice(index * session.chunkSize, (index + 1) * session.chunkSize);
      await xhr({
        route: ROUTES.uploadChunk,
        params: { uploadId: session.uploadId, index },
        body: chunk,
        headers: { 'Content-Type': 'application/octet-stream' },
        onUploadProgress: (loaded) =>
          onProgress?.({ phase: 'uploading', percent: Math.min(99, ((sent + loaded) / file.size) * 100) }),
        signal,
      });
      sent += chunk.size;
      onProgress?.({ phase: 'uploading', percent: Math.min(99, (sent / file.size) * 100) });
    }
    onProgress?.({ phase: 'verifying', percent: 99 });
    const doc = await write(ROUTES.uploadComplete, { params: { uploadId: session.uploadId }, body: {} });
    onProgress?.({ phase: 'verifying', percent: 100 });
    return doc;
  } catch (error) {
    // Cancelled or failed: tell the server to drop the chunks now rather than in an hour.
    write(ROUTES.uploadAbort, { params: { uploadId: session.uploadId } }).catch(() => undefined);
    throw error;
  }
}

/** Uploads `file` with its details; the document as stored, or an ApiError / AbortError. */
export function uploadDocument(
  file: File,
  metadata: DocumentMetadata,
  options: UploadOptions = {},
): Promise<VaultDocument> {
  if (file.size === 0) return Promise.reject(new ApiError(400, DOCUMENT_MESSAGES.empty, DOCUMENT_MESSAGES.empty));
  return file.size <= SINGLE_UPLOAD_MAX_BYTES
    ? uploadInOneRequest(file, metadata, options)
    : uploadInChunks(file, metadata, options);
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
