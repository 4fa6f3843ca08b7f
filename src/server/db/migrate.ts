import { Migrator } from 'kysely';
import type { Db } from './client.ts';
import { migrationProvider } from './migrations/index.ts';

/** Applies every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Undoes the newest applied migration through its `down` (a rollback after a bad deploy, one
 * migration a run); returns its name, or null when none is applied.
 */
export async function migrateDownOne(db: Db): Promise<string | null> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateDown();
  const done = results?.[0];
  if (error || done?.status === 'Error') {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Undoing migration ${done?.migrationName ?? ''} failed: ${reason}`);
  }
  return done?.status === 'Success' ? done.migrationName : null;
}
