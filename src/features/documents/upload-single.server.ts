import {
  DOCUMENT_MESSAGES,
  DocumentMetadataSchema,
  MAX_DOCUMENT_BYTES,
  SINGLE_UPLOAD_MAX_BYTES,
  type VaultDocument,
} from '../../contract/documents.ts';
import { readBodyBytes } from '../../server/http/body.ts';
import { HttpError, badRequest } from '../../server/http/errors.ts';
import { parseWith, type ApiContext } from '../../server/http/with-api.ts';
import { resolveTarget, type Viewer } from './access.server.ts';
import { documentsStore } from './blob-store.server.ts';
import { getDocument } from './documents.server.ts';
import { checkFile, checkSize, cleanFileName } from './file-type.ts';
import { assertQuota, withUserUploadLock } from './quota.server.ts';
import { storeDocument } from './store-document.server.ts';

/** Room for the multipart envelope and the text fields around the file. */
export const MULTIPART_MARGIN_BYTES = 64 * 1024;

const tooLargeForOneRequest = () =>
  new HttpError(
    413,
    `Files over ${SINGLE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB are uploaded in parts: start with POST /api/enhanced/documents/uploads`,
  );

/** The multipart body, read within the limit whatever Content-Length claims (or if it is absent). */
async function readForm(req: Request): Promise<FormData> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw badRequest(
      'Send the document as multipart/form-data with the fields file, title, document_type, description and aircraft_id',
    );
  }
  // Read up to the 10 MB maximum (not just the one-request size) so a too-big file gets the exact
  // reason: over 10 MB, or over 4 MB and due in parts. Production stops bodies over 6 MB before us.
  let bytes: Uint8Array;
  try {
    bytes = await readBodyBytes(req, MAX_DOCUMENT_BYTES + MULTIPART_MARGIN_BYTES);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) throw new HttpError(413, DOCUMENT_MESSAGES.tooLarge);
    throw error;
  }
  try {
    return await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw badRequest('The upload could not be read as multipart/form-data');
  }
}

/** A text field, under its spec name (snake_case) or its camelCase twin. */
function field(form: FormData, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * POST /api/enhanced/documents/upload (docs/product.md §7): multipart file, document_type, title,
 * description, aircraft_id (and service_request_id) -> the document, for files up to 4 MB.
 */
export async function uploadSingle(ctx: ApiContext, viewer: Viewer): Promise<VaultDocument> {
  const form = await readForm(ctx.req);
  const file = form.get('file');
  if (!(file instanceof File)) throw badRequest(DOCUMENT_MESSAGES.noFile);
  const sizeProblem = checkSize(file.size);
  if (sizeProblem) throw new HttpError(sizeProblem.status, sizeProblem.detail);
  if (file.size > SINGLE_UPLOAD_MAX_BYTES) throw tooLargeForOneRequest();

  const metadata = parseWith(DocumentMetadataSchema, {
    title: field(form, 'title'),
    documentType: field(form, 'document_type', 'documentType'),
    description: field(form, 'description'),
    aircraftId: field(form, 'aircraft_id', 'aircraftId'),
    serviceRequestId: field(form, 'service_request_id', 'serviceRequestId'),
  });
  const fileName = cleanFileName(file.name);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkFile(fileName, bytes);
  if (!check.ok) throw new HttpError(check.status, check.detail);

  const target = await resolveTarget(ctx.db, viewer, metadata);
  // Quota checked and the row inserted under the user's upload lock (docs/decisions/0098).
  const { id } = await withUserUploadLock(ctx.db, viewer.id, async (trx) => {
    await assertQuota(trx, viewer.id, bytes.byteLength);
    return storeDocument(trx, documentsStore(), { viewer, target, metadata, fileName, bytes, check });
  });
  return getDocument(ctx.db, viewer, id);
}
