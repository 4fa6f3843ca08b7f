import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_foundation.ts';

/**
 * Every migration, listed statically: bundled functions and scripts cannot read a folder at run
 * time. Add new migrations at the end; never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
