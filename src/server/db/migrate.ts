import {
  Migrator,
  sql,
  type DatabaseIntrospector,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';
import { initialMigration } from './migrations/0001-initial.js';
import { submissionsMigration } from './migrations/0002-submissions.js';
import { oneLiveListingPerRepositoryMigration } from './migrations/0003-one-live-listing-per-repository.js';
import { ownerMetricsMigration } from './migrations/0004-owner-metrics.js';
import { listingFilterIndexesMigration } from './migrations/0005-listing-filter-indexes.js';
import { searchChangeLogMigration } from './migrations/0006-search-change-log.js';
import { endpointProbesMigration } from './migrations/0007-endpoint-probes.js';
import { ownershipClaimsMigration } from './migrations/0008-ownership-claims.js';
import { webhooksMigration } from './migrations/0009-webhooks.js';
import { importsMigration } from './migrations/0010-imports.js';
import { probeProtocolsMigration } from './migrations/0011-probe-protocols.js';
import { trustEvidenceMigration } from './migrations/0012-trust-evidence.js';
import { endpointConformanceMigration } from './migrations/0013-endpoint-conformance.js';
import { toolRecordMigration } from './migrations/0014-tool-record.js';
import { transparencyLogMigration } from './migrations/0015-transparency-log.js';
import { agentStatementsMigration } from './migrations/0016-agent-statements.js';
import { advisoriesMigration } from './migrations/0017-advisories.js';
import { policyViewsMigration } from './migrations/0018-policy-views.js';

function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(db.dialect),
    '0002-submissions': submissionsMigration(db.dialect),
    '0003-one-live-listing-per-repository': oneLiveListingPerRepositoryMigration,
    '0004-owner-metrics': ownerMetricsMigration,
    '0005-listing-filter-indexes': listingFilterIndexesMigration,
    '0006-search-change-log': searchChangeLogMigration(db.dialect),
    '0007-endpoint-probes': endpointProbesMigration(db.dialect),
    '0008-ownership-claims': ownershipClaimsMigration(db.dialect),
    '0009-webhooks': webhooksMigration(db.dialect),
    '0010-imports': importsMigration(db.dialect),
    '0011-probe-protocols': probeProtocolsMigration,
    '0012-trust-evidence': trustEvidenceMigration,
    '0013-endpoint-conformance': endpointConformanceMigration,
    '0014-tool-record': toolRecordMigration(db.dialect),
    '0015-transparency-log': transparencyLogMigration(db.dialect),
    '0016-agent-statements': agentStatementsMigration(db.dialect),
    '0017-advisories': advisoriesMigration(db.dialect),
    '0018-policy-views': policyViewsMigration(db.dialect),
  };
}

async function createMigrator(db: Db): Promise<Migrator> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  if (db.dialect === 'sqlite') return new Migrator({ db: db.kysely, provider });
  // Kysely looks for its bookkeeping tables in every schema unless told which one; name the
  // current one, so databases that keep one AgentAtlas per schema never see each other's.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
  const schema = rows[0]?.schema ?? 'public';
  return new Migrator({
    db: withSchemaIntrospection(db.kysely, schema),
    provider,
    migrationTableSchema: schema,
  });
}

/**
 * Kysely's PostgreSQL introspector reads every column of every schema and calls
 * pg_get_serial_sequence on each, which fails ("column … does not exist") when another schema drops
 * a column meanwhile (another instance or test migrating its own schema). The migrator only asks
 * which schemas and tables exist: this answers that for the current schema alone, from pg_tables.
 */
function withSchemaIntrospection(kysely: Kysely<Database>, schema: string): Kysely<Database> {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const found = await sql<{
        name: string;
      }>`select nspname as name from pg_namespace where nspname = ${schema}`.execute(kysely);
      return found.rows;
    },
    async getTables() {
      const found = await sql<{
        name: string;
      }>`select tablename as name from pg_tables where schemaname = ${schema}`.execute(kysely);
      return found.rows.map((row) => ({ name: row.name, schema, isView: false, columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  return new Proxy(kysely, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods use private fields: they must run on the instance itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Applies every pending migration; throws (and applies nothing of the failed one) on error. Then
 * keeps SQLite's planner statistics to counts (dropPlannerSamples).
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await (await createMigrator(db)).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  if (db.dialect === 'sqlite') await dropPlannerSamples(db);
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/** The names of the migrations this version has, in order. */
export function knownMigrationNames(dialect: Db['dialect']): string[] {
  return Object.keys(migrationsFor({ dialect } as Db));
}

/** Every migration this version knows, in order, with when it was applied (null: pending). */
export async function listMigrations(db: Db): Promise<Array<{ name: string; appliedAt: Date | null }>> {
  const migrations = await (await createMigrator(db)).getMigrations();
  return migrations.map((migration) => ({ name: migration.name, appliedAt: migration.executedAt ?? null }));
}

/**
 * Applies the migrations up to and including `name` only: a database as an older version left it
 * (tests of upgrades). Throws on error, like migrateToLatest.
 */
export async function migrateUpTo(db: Db, name: string): Promise<string[]> {
  const { error, results } = await (await createMigrator(db)).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/** True when every known migration has been applied (used by /readyz). */
export async function isSchemaCurrent(db: Db): Promise<boolean> {
  const migrations = await (await createMigrator(db)).getMigrations();
  return migrations.every((migration) => migration.executedAt !== undefined);
}

/**
 * better-sqlite3's SQLite is built with STAT4: once ANALYZE has stored samples of an index's values
 * (sqlite_stat4), SQLite plans a statement anew at every execution whose bound values touch that
 * index, so a prepared statement no longer saves the planning. At 100,000 agents that cost 30-55 µs
 * a listing query, more than reading its rows (a category page 140 -> 82 µs, its ids 40 -> 7 µs).
 * The counts of sqlite_stat1, which choose the same indexes, stay.
 */
async function dropPlannerSamples(db: Db): Promise<void> {
  const samples = await sql<{ count: number }>`
    select count(*) as count from sqlite_schema where name = 'sqlite_stat4'
  `.execute(db.kysely);
  if (Number(samples.rows[0]?.count) === 0) return;
  const { numAffectedRows } = await sql`delete from sqlite_stat4`.execute(db.kysely);
  // The statistics are read when the schema is; this reads them again, without the samples.
  if (numAffectedRows) await sql`analyze sqlite_schema`.execute(db.kysely);
}
