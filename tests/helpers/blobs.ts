import { getStore, type Store } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Netlify's own Blobs server for API tests. Functions run in process here, with no Netlify Blobs
 * environment: this starts the server on a free port in a temp directory and points the
 * environment context at it (the shape `getEnvironmentContext` of @netlify/blobs reads), exactly
 * as the Netlify emulator does for `npm start`.
 */
export interface TestBlobs {
  /** The documents store, as the functions see it. */
  store: Store;
  /** The Blobs server's files (what a backup of the local product reads). */
  directory: string;
  stop(): Promise<void>;
}

export async function startTestBlobs(storeName = 'documents'): Promise<TestBlobs> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'api-tests-blobs-'));
  const token = `test-${process.pid}-${Date.now()}`;
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const context = { edgeURL: url, uncachedEdgeURL: url, siteID: 'local', token };
  process.env['NETLIFY_BLOBS_CONTEXT'] = Buffer.from(JSON.stringify(context)).toString('base64');
  return {
    store: getStore({ name: storeName, consistency: 'strong' }),
    directory,
    stop: async () => {
      delete process.env['NETLIFY_BLOBS_CONTEXT'];
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
