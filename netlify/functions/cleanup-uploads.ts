import type { Config } from '@netlify/functions';
import { openDb } from '../../src/server/db/client.ts';
import { documentsStore } from '../../src/features/documents/blob-store.server.ts';
import { cleanupUploads } from '../../src/features/documents/cleanup.server.ts';

// Hourly: chunked uploads that were never completed (expired after an hour) lose their row and
// chunks, and chunks left without a session are swept. Creating an upload also cleans a batch.
export default async function cleanupUploadsJob(): Promise<Response> {
  const { db, release } = openDb();
  try {
    const report = await cleanupUploads(db, documentsStore());
    if (report.expired || report.orphans) console.log('upload cleanup', JSON.stringify(report));
    return new Response(null, { status: 204 });
  } finally {
    await release();
  }
}

export const config: Config = { schedule: '@hourly' };
