// `npm run backup [-- --out FILE]`: the local product's database and Blobs in one archive with a
// manifest and checksums (docs/decisions/0182). Safe while `npm start` runs: the database is read
// in one consistent snapshot. Production backups are Neon's and Netlify's (README, "Backups").
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from './lib/backup/archive.ts';
import { localTarget } from './lib/backup/local-target.ts';
import { ROOT } from './lib/paths.ts';

const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z')
  .replace('T', '-');
const { values } = parseArgs({
  options: { out: { type: 'string', default: path.join(ROOT, '.data/backups', `skyward-${stamp}.zip`) } },
});
const out = path.resolve(values.out);
mkdirSync(path.dirname(out), { recursive: true });

const target = await localTarget();
try {
  const manifest = await createBackup(target, out);
  const rows = manifest.database.tables.reduce((n, t) => n + t.rows, 0);
  const bytes = manifest.blobs.reduce((n, b) => n + b.bytes, 0);
  console.log(`Backup written: ${out}`);
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
