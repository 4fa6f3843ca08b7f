import {
  DocumentsQuerySchema,
  UploadSessionSchema,
  type ChunkReceipt,
  type UploadAborted,
  type UploadSession,
  type VaultDocument,
} from '../documents.ts';
import { route, type RouteSpec } from './route.ts';

/** The documents vault (docs/decisions/0060): its part of the route table (`src/contract/routes.ts` composes them). */
export const ROUTES = {
  documents: route<VaultDocument[]>()({
    method: 'GET',
    path: '/api/enhanced/documents',
    access: 'signedIn',
    query: DocumentsQuerySchema,
  }),
  document: route<VaultDocument>()({ method: 'GET', path: '/api/enhanced/documents/:id', access: 'signedIn' }),
  documentDownload: route<Blob>()({
    method: 'GET',
    path: '/api/enhanced/documents/:id/download',
    access: 'signedIn',
    raw: true,
  }),
  documentDelete: route<{ success: true; id: string }>()({
    method: 'DELETE',
    path: '/api/enhanced/documents/:id',
    access: 'signedIn',
  }),
  documentUpload: route<VaultDocument>()({
    method: 'POST',
    path: '/api/enhanced/documents/upload',
    access: 'signedIn',
    raw: true,
  }),
  uploadStart: route<UploadSession>()({
    method: 'POST',
    path: '/api/enhanced/documents/uploads',
    access: 'signedIn',
    input: UploadSessionSchema,
  }),
  uploadChunk: route<ChunkReceipt>()({
    method: 'PUT',
    path: '/api/enhanced/documents/uploads/:uploadId/chunks/:index',
    access: 'signedIn',
    raw: true,
  }),
  uploadComplete: route<VaultDocument>()({
    method: 'POST',
    path: '/api/enhanced/documents/uploads/:uploadId/complete',
    access: 'signedIn',
  }),
  uploadAbort: route<UploadAborted>()({
    method: 'DELETE',
    path: '/api/enhanced/documents/uploads/:uploadId',
    access: 'signedIn',
  }),
} as const satisfies Record<string, RouteSpec>;
