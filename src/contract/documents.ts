import { z } from './zod.ts';
import { type Option, valuesOf } from './options.ts';
import { renamed } from './fields.ts';

/**
 * The documents vault (docs/product.md §3, §5 and §9): document types, size and type limits, and the
 * metadata schemas shared by the Upload Document dialog and the functions that receive it.
 */

/** docs/product.md §3: document types; labels are the codes in title case. */
export const DOCUMENT_TYPES = [
  { value: 'logbook', label: 'Logbook' },
  { value: 'certificate', label: 'Certificate' },
  { value: 'invoice', label: 'Invoice' },
  { value: 'work_order', label: 'Work Order' },
  { value: 'inspection_report', label: 'Inspection Report' },
  { value: 'photo', label: 'Photo' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];
export type DocumentType = (typeof DOCUMENT_TYPES)[number]['value'];

/** docs/product.md §5: the document type defaults to other. */
export const DEFAULT_DOCUMENT_TYPE: DocumentType = 'other';

/** docs/product.md §9: at most 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/**
 * Largest file sent in one request. A Netlify Function accepts at most 6 MB per request and binary
 * bodies travel base64-encoded (x 4/3), so about 4.5 MB of file fits; 4 MB leaves room for the
 * multipart envelope. Bigger files go up in chunks (docs/decisions/0060).
 */
export const SINGLE_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;

/** Size of every chunk of a chunked upload but the last (same reasoning as above). */
export const CHUNK_BYTES = 4 * 1024 * 1024;

/** An unfinished chunked upload is thrown away (row and parts) this long after it started. */
export const UPLOAD_SESSION_TTL_MS = 60 * 60 * 1000;

/** Unfinished chunked uploads one user may hold at a time. */
export const MAX_OPEN_UPLOADS_PER_USER = 10;

/** Storage per user: documents they uploaded plus open uploads (docs/decisions/0098). */
export const MAX_STORAGE_BYTES_PER_USER = 200 * 1024 * 1024;

/** docs/product.md §9: types pdf, jpg, jpeg, png, txt. */
export const ALLOWED_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'txt'] as const;
export type AllowedExtension = (typeof ALLOWED_EXTENSIONS)[number];

/** The file input's `accept` attribute. */
export const ACCEPT_ATTRIBUTE = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The hint under the file input (docs/product.md §5: the 10MB maximum is stated in the hint). */
export const UPLOAD_HINT = 'PDF, JPG, PNG or TXT, up to 10MB';

/** What the content of each kind of file is served as; the client's claimed type is never used. */
export const CONTENT_TYPES = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  text: 'text/plain; charset=utf-8',
} as const;
export type FileKind = keyof typeof CONTENT_TYPES;

export const EXTENSION_KIND: Record<AllowedExtension, FileKind> = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  txt: 'text',
};

/** The error texts both the dialog and the server use. */
export const DOCUMENT_MESSAGES = {
  noFile: 'Please select a file to upload',
  empty: 'The file is empty',
  tooLarge: 'Files can be at most 10 MB',
  badType: 'Only PDF, JPG, JPEG, PNG or TXT files can be uploaded',
  uploaded: 'Document uploaded successfully!',
  uploadFailed: 'Failed to upload document',
} as const;

export const DOCUMENT_TEXT = { title: 200, description: 2000, fileName: 255 } as const;

// ---------------------------------------------------------------------------------------------
// Schemas

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const optionalId = (label: string) =>
  z.preprocess((v) => (blank(v) ? null : v), z.uuid({ error: `${label} must be a valid id` }).nullable());

/**
 * The document's details, as the dialog fills them and as the multipart form and the chunked
 * upload session carry them.
 */
export const DocumentMetadataSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(DOCUMENT_TEXT.title, `Title must be at most ${DOCUMENT_TEXT.title} characters`),
  documentType: z.preprocess(
    (v) => (blank(v) ? DEFAULT_DOCUMENT_TYPE : v),
    z.enum(valuesOf(DOCUMENT_TYPES), {
      error: `Document type must be one of: ${DOCUMENT_TYPES.map((t) => t.value).join(', ')}`,
    }),
  ),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(DOCUMENT_TEXT.description, `Description must be at most ${DOCUMENT_TEXT.description} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  aircraftId: optionalId('Aircraft'),
  serviceRequestId: optionalId('Service request'),
});
export type DocumentMetadata = z.output<typeof DocumentMetadataSchema>;

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** snake_case spellings (as the multipart form names its fields) accepted for the JSON body too. */
const SESSION_ALIASES: Record<string, string> = {
  file_name: 'fileName',
  filename: 'fileName',
  document_type: 'documentType',
  aircraft_id: 'aircraftId',
  service_request_id: 'serviceRequestId',
};

function withCamelKeys(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [alias, key] of Object.entries(SESSION_ALIASES)) {
    if (alias in out && out[key] === undefined) out[key] = out[alias];
    delete out[alias];
  }
  return out;
}

const UploadSessionObject = DocumentMetadataSchema.extend({
  fileName: z
    .string({ error: 'File name is required' })
    .trim()
    .min(1, 'File name is required')
    .max(DOCUMENT_TEXT.fileName, `File name must be at most ${DOCUMENT_TEXT.fileName} characters`),
  size: z
    .number({ error: 'size must be the file size in bytes' })
    .int('size must be a whole number of bytes')
    .min(0, 'size must be the file size in bytes'),
  sha256: z
    .string({ error: 'sha256 must be the hex SHA-256 of the file' })
    .trim()
    .toLowerCase()
    .regex(SHA256_HEX, 'sha256 must be the hex SHA-256 of the file'),
});

/** POST /api/enhanced/documents/uploads: start a chunked upload. */
export const UploadSessionSchema = z.preprocess(withCamelKeys, UploadSessionObject);
export type UploadSessionData = z.output<typeof UploadSessionObject>;

/**
 * GET /api/enhanced/documents filters (query string, snake_case as the spec's calls; the
 * camelCase names of the document's own fields are read as the same filters, never ignored).
 */
export const DocumentsQuerySchema = z.preprocess(
  renamed({ aircraftId: 'aircraft_id', documentType: 'document_type', serviceRequestId: 'service_request_id' }),
  z.object({
    aircraft_id: optionalId('aircraft_id'),
    document_type: z.preprocess(
      (v) => (blank(v) ? null : v),
      z
        .enum(valuesOf(DOCUMENT_TYPES), {
          error: `document_type must be one of: ${DOCUMENT_TYPES.map((t) => t.value).join(', ')}`,
        })
        .nullable(),
    ),
    service_request_id: optionalId('service_request_id'),
  }),
);

// ---------------------------------------------------------------------------------------------
// Response shapes

export interface DocumentUploader {
  id: string;
  name: string;
  role: 'pilot' | 'mechanic' | 'admin';
}

export interface VaultDocument {
  id: string;
  title: string;
  documentType: DocumentType;
  description: string | null;
  aircraftId: string | null;
  serviceRequestId: string | null;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  uploadedAt: string;
  /** Null when the uploader's account no longer exists. */
  uploadedBy: DocumentUploader | null;
  /** Whether the caller may delete it (the owner, or the mechanic who uploaded it). */
  canDelete: boolean;
  downloadUrl: string;
  /** docs/product.md §3's `file`. */
  file: { name: string; size: number; contentType: string; url: string };
}

/** Answer to POST /api/enhanced/documents/uploads. */
export interface UploadSession {
  uploadId: string;
  chunkSize: number;
  totalChunks: number;
  expiresAt: string;
}

/** PUT .../uploads/{uploadId}/chunks/{index}: what the server holds so far. */
export interface ChunkReceipt {
  uploadId: string;
  index: number;
  receivedChunks: number;
  totalChunks: number;
}

/** DELETE .../uploads/{uploadId}. */
export interface UploadAborted {
  success: true;
  uploadId: string;
  deletedChunks: number;
}

/** Chunks a file of `size` bytes is sent in (a 0-byte file is refused before this matters). */
export function chunkCount(size: number, chunkSize = CHUNK_BYTES): number {
  return Math.max(1, Math.ceil(size / chunkSize));
}

/** Length of chunk `index` of a `size`-byte file: all full but the last. */
export function chunkLength(size: number, index: number, chunkSize = CHUNK_BYTES): number {
  return Math.min(chunkSize, size - index * chunkSize);
}

/** Why the PDF of a signed logbook entry has no Delete (docs/decisions/0130). */
export const SIGNED_RECORD_KEPT =
  'A signed logbook entry stays with the aircraft’s maintenance records and cannot be deleted. A correction supersedes it instead.';
