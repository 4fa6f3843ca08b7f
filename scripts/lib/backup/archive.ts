import { createHash } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { connectDb } from '../../../src/server/db/client.ts';
import { readBlobs, writeBlobs, type BlobEntry } from './blobs.ts';
import { dumpDatabase, restoreDatabase, type DatabaseDump } from './database.ts';
import { decryptArchive, encryptArchive, isEncrypted } from './encryption.ts';

/**
 * One backup of the local product in one ZIP file (docs/decisions/0182):
 *   manifest.json             what is inside: the database's server version, migrations,
 *                             partitions, sequences, and each table and blob with its size and SHA-256
 *   database/<table>.jsonl    a table's rows, one JSON object a line
 *   blobs/<n>                 a blob's bytes (its store, key and metadata are in the manifest)
 *   SHA256SUMS                every file's SHA-256, as `sha256sum -c` reads it after unzipping
 * A restore checks every checksum before it changes anything. The ZIP is written only encrypted,
 * as an age file readable by its owner alone (mode 0600; docs/decisions/0342).
 */
export const ARCHIVE_FORMAT = 'skyward-backup/1';

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  createdAt: string;
  database: Omit<DatabaseDump, 'tables'> & {
    tables: Array<{ name: string; rows: number; file: string; bytes: number; sha256: string }>;
  };
  blobs: Array<{
    siteID: string;
    store: string;
    key: string;
    metadata: Record<string, unknown>;
    file: string;
    bytes: number;
    sha256: string;
  }>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface BackupSources {
  databaseUrl: string;
  blobsDirectory: string;
}

/**
 * Writes a backup of the database and the Blobs to `file`, encrypted to the age identity
 * `identity` (through a temporary name: never half a file; mode 0600 from the start).
 */
export async function createBackup(sources: BackupSources, file: string, identity: string): Promise<Manifest> {
  const files: Zippable = {};
  const db = connectDb(sources.databaseUrl);
  let dump: DatabaseDump;
  try {
    dump = await dumpDatabase(db);
  } finally {
    await db.destroy();
  }
  const tables = dump.tables.map((t) => {
    const bytes = strToU8(t.lines.map((l) => `${l}\n`).join(''));
    const name = `database/${t.name}.jsonl`;
    files[name] = bytes;
    return { name: t.name, rows: t.rows, file: name, bytes: bytes.byteLength, sha256: sha256(bytes) };
  });
  const blobs: Manifest['blobs'] = [];
  await readBlobs(sources.blobsDirectory, async (b) => {
    const name = `blobs/${String(blobs.length + 1).padStart(6, '0')}`;
    files[name] = [b.data, { level: 0 }]; // documents are mostly compressed already (PDF, JPEG)
    blobs.push({
      siteID: b.siteID,
      store: b.store,
      key: b.key,
      metadata: b.metadata,
      file: name,
      bytes: b.data.byteLength,
      sha256: sha256(b.data),
    });
  });
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    createdAt: new Date().toISOString(),
    database: {
      serverVersion: dump.serverVersion,
      migrations: dump.migrations,
      partitions: dump.partitions,
      sequences: dump.sequences,
      tables,
    },
    blobs,
  };
  files['manifest.json'] = strToU8(`${JSON.stringify(manifest, null, 2)}\n`);
  const sums = Object.entries(files).map(
    ([name, value]) => `${sha256(Array.isArray(value) ? (value[0] as Uint8Array) : (value as Uint8Array))}  ${name}`,
  );
  files['SHA256SUMS'] = strToU8(`${sums.join('\n')}\n`);
  const temporary = `${file}.partial`;
  writeFileSync(temporary, await encryptArchive(zipSync(files, { level: 6 }), identity), { mode: 0o600 });
  chmodSync(temporary, 0o600); // a file left by an earlier run keeps its mode otherwise
  renameSync(temporary, file);
  return manifest;
}

/**
 * Reads and checks an archive: decrypted with `identity` (an unencrypted ZIP of an older backup
 * is read as it is), then every file's SHA-256 against SHA256SUMS and the manifest.
 */
export async function openBackup(
  file: string,
  identity: string,
): Promise<{ manifest: Manifest; files: Record<string, Uint8Array> }> {
  let files: Record<string, Uint8Array>;
  const raw = readFileSync(file);
  const zip = isEncrypted(raw) ? await decryptArchive(raw, identity, file) : raw;
  try {
    files = unzipSync(zip);
  } catch (error) {
    throw new Error(
      `${file} is not a readable backup archive: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const sums = files['SHA256SUMS'];
  const manifestBytes = files['manifest.json'];
  if (!sums || !manifestBytes)
    throw new Error(`${file} is not a backup of this product (no manifest.json or SHA256SUMS)`);
  const listed = new Map(
    strFromU8(sums)
      .trim()
      .split('\n')
      .map((line) => [line.slice(66), line.slice(0, 64)] as const),
  );
  for (const [name, bytes] of Object.entries(files)) {
    if (name === 'SHA256SUMS') continue;
    if (listed.get(name) !== sha256(bytes))
      throw new Error(`The backup is damaged: ${name} does not match its SHA-256`);
  }
  for (const name of listed.keys()) if (!files[name]) throw new Error(`The backup is incomplete: ${name} is missing`);
  const manifest = JSON.parse(strFromU8(manifestBytes)) as Manifest;
  if (manifest.format !== ARCHIVE_FORMAT) throw new Error(`Unknown backup format ${String(manifest.format)}`);
  for (const entry of [...manifest.database.tables, ...manifest.blobs]) {
    const bytes = files[entry.file];
    if (!bytes || sha256(bytes) !== entry.sha256 || bytes.byteLength !== entry.bytes)
      throw new Error(`The backup is damaged: ${entry.file} does not match the manifest`);
  }
  return { manifest, files };
}

/**
 * Restores an archive: checked whole first; then the database replaced whole (restored into a
 * new database that takes the old one's name only once complete, so a failure leaves it as it
 * was); then the Blobs made exactly the backup's (each write replaces, so running the restore
 * again finishes one that stopped there). Run it with the product stopped.
 */
export async function restoreBackup(file: string, targets: BackupSources, identity: string): Promise<Manifest> {
  const { manifest, files } = await openBackup(file, identity);
  await restoreDatabase(targets.databaseUrl, {
    ...manifest.database,
    tables: manifest.database.tables.map((t) => ({
      name: t.name,
      lines: () =>
        strFromU8(files[t.file]!)
          .split('\n')
          .filter((l) => l !== ''),
    })),
  });
  const blobs: BlobEntry[] = manifest.blobs.map((b) => ({
    siteID: b.siteID,
    store: b.store,
    key: b.key,
    metadata: b.metadata,
    data: files[b.file]!,
  }));
  await writeBlobs(targets.blobsDirectory, blobs);
  return manifest;
}
