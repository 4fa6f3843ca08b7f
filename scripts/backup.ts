// `npm run backup [-- --out FILE]`: the local product's database and Blobs in one archive with a
// manifest and checksums (docs/decisions/0182), encrypted with age to BACKUP_KEY or the local key
// file, made here on first use (docs/decisions/0342). Safe while `npm start` runs: the database is
// read in one consistent snapshot. Production backups are Neon's and Netlify's (README, "Backups").
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from './lib/backup/archive.ts';
import { backupKey } from './lib/backup/encryption.ts';
import { localTarget } from './lib/backup/local-target.ts';
import { LOCAL_BACKUP_KEY_FILE, ROOT } from './lib/paths.ts';

const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z')
  .replace('T', '-');
const { values } = parseArgs({
  options: { out: { type: 'string', default: path.join(ROOT, '.data/backups', `skyward-${stamp}.zip.age`) } },
});
const out = path.resolve(values.out);
mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });

const key = await backupKey({ env: process.env, keyFile: LOCAL_BACKUP_KEY_FILE, create: true });
if (key.created)
  console.log(
    `New backup key written to ${key.source} (mode 0600). Keep a copy somewhere safe: without it no backup made with it can be opened.`,
  );

const target = await localTarget();
try {
  const manifest = await createBackup(target, out, key.identity);
  const rows = manifest.database.tables.reduce((n, t) => n + t.rows, 0);
  const bytes = manifest.blobs.reduce((n, b) => n + b.bytes, 0);
  console.log(`Backup written: ${out} (age-encrypted to the key in ${key.source}; mode 0600)`);
  console.log(`  open it without this product: age -d -i <key file> ${path.basename(out)} > backup.zip`);
  console.log(
    `  database: PostgreSQL ${manifest.database.serverVersion}, ${manifest.database.migrations.length} migrations, ${manifest.database.tables.length} tables, ${rows} rows`,
  );
  console.log(`  blobs: ${manifest.blobs.length} (${bytes} bytes)`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await target.release();
}
