import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import { initialMigration } from './migrations/0001-initial.js';

function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(db.dialect),
  };
}

function createMigrator(db: Db): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  return new Migrator({ db: db.kysely, provider });
}

/** Applies every pending migration; throws (and applies nothing of the failed one) on error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/** True when every known migration has been applied (used by /readyz). */
export async function isSchemaCurrent(db: Db): Promise<boolean> {
  const migrations = await createMigrator(db).getMigrations();
  return migrations.every((migration) => migration.executedAt !== undefined);
}
