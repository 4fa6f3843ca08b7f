import { afterKey, cut, keyOf, type KeyColumn, type PageRequest, type Paged } from '../../server/http/paging.ts';
import { ROUTES, pathOf } from '../../contract/routes.ts';
import type { Selectable, SqlBool } from 'kysely';
import { SIGNED_RECORD_KEPT, type DocumentType, type VaultDocument } from '../../contract/documents.ts';
import { isUuid } from '../../contract/ids.ts';
import type { Db } from '../../server/db/client.ts';
import type { DocumentsTable } from '../../server/db/tables/documents.ts';
import { conflict, forbidden, notFound } from '../../server/http/errors.ts';
import { visibleTo, type Viewer } from './access.server.ts';

// The documents table: reads filtered by what the viewer may see, rows to the API shape.

type DocumentRow = Selectable<DocumentsTable> & {
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
  uploaderRole: Viewer['role'] | null;
  /** The PDF of a signed maintenance record (0130): kept with the aircraft's records. */
  isSignedRecord: SqlBool;
};

export interface DocumentFilters {
  aircraftId: string | null;
  documentType: DocumentType | null;
  /** Documents of that request and of its aircraft (what the mechanic of the job works with). */
  serviceRequestId: string | null;
}

function baseQuery(db: Db, viewer: Viewer) {
  return db
    .selectFrom('documents as d')
    .leftJoin('users as u', 'u.id', 'd.uploadedBy')
    .selectAll('d')
    .select(['u.firstName as uploaderFirstName', 'u.lastName as uploaderLastName', 'u.role as uploaderRole'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('maintenanceRecords as r').select('r.id').whereRef('r.documentId', '=', 'd.id'))
        .as('isSignedRecord'),
    )
    .where(visibleTo(db, viewer));
}

/**
 * Whether `viewer` may delete the document: its owner, or the one who uploaded it; nobody deletes
 * the PDF of a signed logbook entry (an owner keeps maintenance records, 14 CFR 91.417; a
 * correction supersedes an entry, it never removes one).
 */
export function canDelete(
  viewer: Viewer,
  row: Pick<DocumentRow, 'ownerId' | 'uploadedBy' | 'isSignedRecord'>,
): boolean {
  return !row.isSignedRecord && (row.ownerId === viewer.id || row.uploadedBy === viewer.id);
}

export function toDocument(row: DocumentRow, viewer: Viewer): VaultDocument {
  const url = pathOf(ROUTES.documentDownload, { params: { id: row.id } });
  return {
    id: row.id,
    title: row.title,
    documentType: row.documentType,
    description: row.description,
    aircraftId: row.aircraftId,
    serviceRequestId: row.serviceRequestId,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    uploadedAt: new Date(row.createdAt).toISOString(),
    uploadedBy:
      row.uploadedBy && row.uploaderRole
        ? {
            id: row.uploadedBy,
            name: `${row.uploaderFirstName ?? ''} ${row.uploaderLastName ?? ''}`.trim(),
            role: row.uploaderRole,
          }
        : null,
    canDelete: canDelete(viewer, row),
    downloadUrl: url,
    file: { name: row.fileName, size: row.sizeBytes, contentType: row.contentType, url },
  };
}

/** Documents page newest first (docs/decisions/0201-cursor-paging.md). */
export const DOCUMENT_KEYS: KeyColumn[] = [
  { ref: 'd.created_at', type: 'timestamptz' },
  { ref: 'd.id', type: 'uuid' },
];

export async function listDocuments(
  db: Db,
  viewer: Viewer,
  filters: DocumentFilters,
  page: PageRequest,
): Promise<Paged<VaultDocument>> {
  let query = baseQuery(db, viewer).select(keyOf(DOCUMENT_KEYS).as('pageKey'));
  if (page.after) query = query.where(afterKey(DOCUMENT_KEYS, page.after, 'desc'));
  if (filters.aircraftId) query = query.where('d.aircraftId', '=', filters.aircraftId);
  if (filters.documentType) query = query.where('d.documentType', '=', filters.documentType);
  if (filters.serviceRequestId) {
    const requestId = filters.serviceRequestId;
    const requestAircraft = db.selectFrom('serviceRequests').select('aircraftId').where('id', '=', requestId);
    query = query.where((eb) =>
      eb.or([eb('d.serviceRequestId', '=', requestId), eb('d.aircraftId', 'in', requestAircraft)]),
    );
  }
  const rows = await query
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const { rows: shown, nextCursor } = cut(rows, page.limit);
  return { rows: shown.map((row) => toDocument(row, viewer)), nextCursor };
}

/** One document `viewer` may see; 404 otherwise (also for a malformed id). */
export async function findVisibleDocument(db: Db, viewer: Viewer, id: string): Promise<DocumentRow> {
  if (!isUuid(id)) throw notFound('Document not found');
  const row = await baseQuery(db, viewer).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Document not found');
  return row;
}

export async function getDocument(db: Db, viewer: Viewer, id: string): Promise<VaultDocument> {
  return toDocument(await findVisibleDocument(db, viewer, id), viewer);
}

/** The row of a document `viewer` may delete (404 if unseen, 403 if seen but not theirs). */
export async function findDeletableDocument(db: Db, viewer: Viewer, id: string): Promise<DocumentRow> {
  const row = await findVisibleDocument(db, viewer, id);
  if (row.isSignedRecord) throw conflict(SIGNED_RECORD_KEPT);
  if (!canDelete(viewer, row))
    throw forbidden('Only the owner of this document or the person who uploaded it can delete it');
  return row;
}
