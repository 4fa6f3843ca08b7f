import { getStore, listStores } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The local product's Netlify Blobs (uploaded documents), read and written through Netlify's own
 * Blobs server over the emulator's directory (`.netlify/blobs-serve`), so keys, bytes and metadata
 * are exactly what the functions see. The server may run beside `npm start`: both use the files.
 */
export interface BlobEntry {
  siteID: string;
  store: string;
  key: string;
  metadata: Record<string, unknown>;
  data: Uint8Array;
}

interface Local {
  url: string;
  token: string;
  stop(): Promise<void>;
}

async function open(directory: string): Promise<Local> {
  const token = `backup-${process.pid}-${Date.now()}`;
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  return { url: `http://127.0.0.1:${port}`, token, stop: () => server.stop() };
}

/** The sites the directory holds blobs of (the emulator names one; tests may use another). */
function sitesIn(directory: string): string[] {
  const entries = path.join(directory, 'entries');
  return existsSync(entries)
    ? readdirSync(entries, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
}

const storeOf = (local: Local, siteID: string, name: string) =>
  getStore({ name, siteID, token: local.token, edgeURL: local.url, uncachedEdgeURL: local.url, consistency: 'strong' });

/** Every blob of every store, with its metadata. */
export async function readBlobs(directory: string, each: (entry: BlobEntry) => Promise<void>): Promise<void> {
  const local = await open(directory);
  try {
    for (const siteID of sitesIn(directory)) {
      const { stores } = await listStores({
        siteID,
        token: local.token,
        edgeURL: local.url,
        uncachedEdgeURL: local.url,
      });
      for (const name of stores) {
        const store = storeOf(local, siteID, name);
        const { blobs } = await store.list();
        for (const { key } of blobs) {
          const got = await store.getWithMetadata(key, { type: 'arrayBuffer' });
          if (!got) continue; // deleted since the listing
          await each({ siteID, store: name, key, metadata: got.metadata ?? {}, data: new Uint8Array(got.data) });
        }
      }
    }
  } finally {
    await local.stop();
  }
}

/**
 * Makes the directory hold exactly `entries`: each one written with its metadata, then every blob
 * the backup did not have deleted (a document uploaded after the backup goes, as its row does).
 */
export async function writeBlobs(directory: string, entries: Iterable<BlobEntry>): Promise<void> {
  const local = await open(directory);
  try {
    const kept = new Set<string>();
    for (const e of entries) {
      await storeOf(local, e.siteID, e.store).set(e.key, new Blob([e.data as Uint8Array<ArrayBuffer>]), {
        metadata: e.metadata,
      });
      kept.add(JSON.stringify([e.siteID, e.store, e.key]));
    }
    for (const siteID of sitesIn(directory)) {
      const { stores } = await listStores({
        siteID,
        token: local.token,
        edgeURL: local.url,
        uncachedEdgeURL: local.url,
      });
      for (const name of stores) {
        const store = storeOf(local, siteID, name);
        const { blobs } = await store.list();
        for (const { key } of blobs) if (!kept.has(JSON.stringify([siteID, name, key]))) await store.delete(key);
      }
    }
  } finally {
    await local.stop();
  }
}
