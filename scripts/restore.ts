// `npm run restore -- FILE [--yes]`: puts the local product back to the state of a backup made by
// `npm run backup` (docs/decisions/0182). Everything in the archive is checked before anything
// changes; the database is replaced whole, and the Blobs made exactly the backup's. Stop
// `npm start` first. Asks before replacing anything unless --yes is given. The archive is decrypted
// with BACKUP_KEY, else the local key file (docs/decisions/0342).
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { openBackup, restoreBackup } from './lib/backup/archive.ts';
import { backupKey } from './lib/backup/encryption.ts';
import { localTarget, runningPort } from './lib/backup/local-target.ts';
import { LOCAL_BACKUP_KEY_FILE, LOCAL_DATA_DIR } from './lib/paths.ts';

const { values, positionals } = parseArgs({
  options: { yes: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const file = positionals[0];
if (!file) {
  console.error('Usage: npm run restore -- <backup.zip.age> [--yes]');
  process.exit(2);
}
if (!process.env['DATABASE_URL'] && runningPort(LOCAL_DATA_DIR)) {
  console.error('The local product is running: stop npm start, then restore.');
  process.exit(1);
}

let manifest;
let identity: string;
try {
  identity = (await backupKey({ env: process.env, keyFile: LOCAL_BACKUP_KEY_FILE, create: false })).identity;
  // Decrypted and checked whole before the question is even asked.
  manifest = (await openBackup(file, identity)).manifest;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const rows = manifest.database.tables.reduce((n, t) => n + t.rows, 0);
console.log(
  `Backup of ${manifest.createdAt}: ${rows} rows in ${manifest.database.tables.length} tables, ${manifest.blobs.length} blobs. Decrypted; checksums verified.`,
);
if (!values.yes) {
  if (!process.stdin.isTTY) {
    console.error('This replaces the local database and Blobs. Run again with --yes to confirm.');
    process.exit(1);
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(
    'Replace the local database and Blobs with this backup? Type "restore" to confirm: ',
  );
  rl.close();
  if (answer.trim() !== 'restore') {
    console.log('Nothing changed.');
    process.exit(0);
  }
}

const target = await localTarget();
try {
  await restoreBackup(file, target, identity);
  console.log('Restored. Start the product with npm start.');
} catch (error) {
  console.error(
    `Restore failed: ${error instanceof Error ? error.message : String(error)}. Nothing was half-replaced in the database; run the restore again to finish.`,
  );
  process.exitCode = 1;
} finally {
  await target.release();
}
