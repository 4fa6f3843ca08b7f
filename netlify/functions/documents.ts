import type { Config } from '@netlify/functions';
import { documentRoutes } from '../../src/features/documents/routes.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// The documents vault (docs/product.md §2, §3, §5 and §7): list, one-request upload, chunked upload for
// files above 4 MB, download, delete. Dispatch and rules: src/features/documents/.
export default withApi(...documentRoutes);

export const config: Config = {
  path: [
    '/api/enhanced/documents',
    '/api/enhanced/documents/upload',
    '/api/enhanced/documents/uploads',
    '/api/enhanced/documents/uploads/:uploadId',
    '/api/enhanced/documents/uploads/:uploadId/chunks/:index',
    '/api/enhanced/documents/uploads/:uploadId/complete',
    '/api/enhanced/documents/:id',
    '/api/enhanced/documents/:id/download',
  ],
};
