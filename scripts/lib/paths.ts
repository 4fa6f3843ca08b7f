import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The local product's database files (git-ignored). */
export const LOCAL_DATA_DIR = path.join(ROOT, '.data/postgres');
/** Secrets generated for local use on first run (git-ignored). */
export const LOCAL_SECRETS_FILE = path.join(ROOT, '.data/local-secrets.json');
/** The local backups' age key, made by the first `npm run backup` when BACKUP_KEY is not set (git-ignored). */
export const LOCAL_BACKUP_KEY_FILE = path.join(ROOT, '.data/backup-key.txt');
