import { getStore, type Store } from '@netlify/blobs';
import { HttpError } from '../../server/http/errors.ts';

/**
 * Where document bytes live: the site-wide Netlify Blobs store 'documents', read with strong
 * consistency (a file is downloadable the moment its upload answers). Keys:
 *   docs/<documentId>             a stored document
 *   uploads/<uploadId>/<index>    one chunk of an upload in progress (deleted when it ends)
 * Locally and in `npm start` the Netlify emulator provides the store; API tests start Netlify's own
 * Blobs server (tests/helpers/blobs.ts).
 */
export const DOCUMENTS_STORE = 'documents';

export function documentsStore(): Store {
  try {
    return getStore({ name: DOCUMENTS_STORE, consistency: 'strong' });
  } catch (error) {
    // No Blobs environment (a misconfigured deploy): say so instead of a generic 500.
    console.error('Netlify Blobs is not available:', error);
    throw new HttpError(503, 'Document storage is not available right now. Please try again later.');
  }
}

export const documentKey = (documentId: string) => `docs/${documentId}`;
export const partsPrefix = (uploadId: string) => `uploads/${uploadId}/`;
/** Zero-padded so a listing sorts parts in index order. */
export const partKey = (uploadId: string, index: number) => `${partsPrefix(uploadId)}${String(index).padStart(4, '0')}`;

/** Deletes every stored chunk of an upload; returns how many there were. */
export async function deleteParts(store: Store, uploadId: string): Promise<number> {
  const { blobs } = await store.list({ prefix: partsPrefix(uploadId) });
  await Promise.all(blobs.map((b) => store.delete(b.key)));
  return blobs.length;
}

/**
 * Ids of uploads that have chunks in the store (for the sweep of leftovers). Read from the keys,
 * not from a directory listing: the local Blobs server keeps emptied directories.
 */
export async function uploadIdsWithParts(store: Store): Promise<string[]> {
  const { blobs } = await store.list({ prefix: 'uploads/' });
  return [...new Set(blobs.map((b) => b.key.split('/')[1]).filter((id): id is string => Boolean(id)))];
}

export async function readBlobBytes(store: Store, key: string): Promise<Uint8Array | null> {
  const data = (await store.get(key, { type: 'arrayBuffer' })) as ArrayBuffer | null;
  return data === null ? null : new Uint8Array(data);
}
