import type { ColumnType, Generated } from 'kysely';
import type { DocumentType } from '../../../contract/documents.ts';
import type { CreatedAt } from './foundation.ts';

// The tables of this domain, as Kysely sees them (camelCase). See migration 0006_documents_messaging.

export interface DocumentsTable {
  id: Generated<string>;
  ownerId: string;
  uploadedBy: string | null;
  aircraftId: string | null;
  serviceRequestId: string | null;
  title: string;
  documentType: DocumentType;
  description: string | null;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  blobKey: string;
  createdAt: CreatedAt;
}

/** What an upload session remembers about the document it will create (checked at its start). */
export interface UploadSessionMetadata {
  ownerId: string;
  aircraftId: string | null;
  serviceRequestId: string | null;
  title: string;
  documentType: DocumentType;
  description: string | null;
  fileName: string;
}

export interface UploadSessionsTable {
  id: Generated<string>;
  userId: string;
  metadata: ColumnType<UploadSessionMetadata, string, string>;
  expectedSize: number;
  expectedSha256: string;
  chunkSize: number;
  totalChunks: number;
  receivedChunks: ColumnType<number[], number[] | undefined, number[]>;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  createdAt: CreatedAt;
}

export interface DocumentsMessagingTables {
  documents: DocumentsTable;
  uploadSessions: UploadSessionsTable;
}
