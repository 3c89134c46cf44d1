import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { ownerMetricsMigration } from '../../src/server/db/migrations/0004-owner-metrics.js';
import { listingFilterIndexesMigration } from '../../src/server/db/migrations/0005-listing-filter-indexes.js';
import { searchChangeLogMigration } from '../../src/server/db/migrations/0006-search-change-log.js';
import { endpointProbesMigration } from '../../src/server/db/migrations/0007-endpoint-probes.js';
import { ownershipClaimsMigration } from '../../src/server/db/migrations/0008-ownership-claims.js';
import { webhooksMigration } from '../../src/server/db/migrations/0009-webhooks.js';
import { importsMigration } from '../../src/server/db/migrations/0010-imports.js';
import { probeProtocolsMigration } from '../../src/server/db/migrations/0011-probe-protocols.js';
import { trustEvidenceMigration } from '../../src/server/db/migrations/0012-trust-evidence.js';
import { endpointConformanceMigration } from '../../src/server/db/migrations/0013-endpoint-conformance.js';
import { toolRecordMigration } from '../../src/server/db/migrations/0014-tool-record.js';
import { transparencyLogMigration } from '../../src/server/db/migrations/0015-transparency-log.js';
import { agentStatementsMigration } from '../../src/server/db/migrations/0016-agent-statements.js';
import { advisoriesMigration } from '../../src/server/db/migrations/0017-advisories.js';
import { policyViewsMigration } from '../../src/server/db/migrations/0018-policy-views.js';
import type { AgentListResponse } from '../../src/shared/api/agents.js';
import { factories } from '../support/factories.js';
import { createPostgresDatabase } from '../support/postgres-schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let ownDatabase: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
beforeAll(async () => {
  // This file undoes migrations (drops tables): on PostgreSQL in a database no other file migrates in.
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) ownDatabase = await createPostgresDatabase(postgresUrl, 'migrations');
  t = await createTestApp(ownDatabase ? { DATABASE_URL: ownDatabase.databaseUrl } : {});
});
afterAll(async () => {
  await t.close();
  await ownDatabase?.drop();
});

it('an existing database with a repository listed twice migrates, keeping the older listing’s key', async () => {
  const f = factories(t.app);
  const db = t.app.db.kysely;
  // The database as it was before 0003, when two submissions could race past the service's check
  // (the later migrations are undone too: migrations run in order).
  await policyViewsMigration(t.app.db.dialect).down!(db);
  await sql`delete from kysely_migration where name = '0018-policy-views'`.execute(db);
  await advisoriesMigration(t.app.db.dialect).down!(db);
  await sql`delete from kysely_migration where name = '0017-advisories'`.execute(db);
  await agentStatementsMigration(t.app.db.dialect).down!(db);
  await sql`delete from kysely_migration where name = '0016-agent-statements'`.execute(db);
  await transparencyLogMigration(t.app.db.dialect).down!(db);
  await sql`delete from kysely_migration where name = '0015-transparency-log'`.execute(db);
  await toolRecordMigration(t.app.db.dialect).down!(db);
  await sql`delete from kysely_migration where name = '0014-tool-record'`.execute(db);
  await endpointConformanceMigration.down!(db);
  await sql`delete from kysely_migration where name = '0013-endpoint-conformance'`.execute(db);
  await trustEvidenceMigration.down!(db);
  await sql`delete from kysely_migration where name = '0012-trust-evidence'`.execute(db);
  await probeProtocolsMigration.down!(db);
  await sql`delete from kysely_migration where name = '0011-probe-protocols'`.execute(db);
  await importsMigration(t.app.db.dialect).down!(db);
  await sql`delete from kysely_migration where name = '0010-imports'`.execute(db);
  await webhooksMigration(t.app.db.dialect).down!(db);
  await sql`delete from kysely_migration where name = '0009-webhooks'`.execute(db);
  await ownershipClaimsMigration(t.app.db.dialect).down!(db);
  await sql`delete from kysely_migration where name = '0008-ownership-claims'`.execute(db);
  await endpointProbesMigration(t.app.db.dialect).down!(db);
  await sql`delete from kysely_migration where name = '0007-endpoint-probes'`.execute(db);
  await searchChangeLogMigration(t.app.db.dialect).down!(db);
  await sql`delete from kysely_migration where name = '0006-search-change-log'`.execute(db);
  await listingFilterIndexesMigration.down!(db);
  await sql`delete from kysely_migration where name = '0005-listing-filter-indexes'`.execute(db);
  await ownerMetricsMigration.down!(db);
  await sql`delete from kysely_migration where name = '0004-owner-metrics'`.execute(db);
  await db.schema.dropIndex('agents_github_repo_live_unique').execute();
  await sql`delete from kysely_migration where name = '0003-one-live-listing-per-repository'`.execute(db);
  const older = await f.createAgent({ github_repo: 'acme/twice', status: 'published' });
  const newer = await f.createAgent({ github_repo: 'acme/twice', status: 'pending' });
  const rejected = await f.createAgent({ github_repo: 'acme/twice', status: 'rejected' });

  expect(await migrateToLatest(t.app.db)).toEqual([
    '0003-one-live-listing-per-repository',
    '0004-owner-metrics',
    '0005-listing-filter-indexes',
    '0006-search-change-log',
    '0007-endpoint-probes',
    '0008-ownership-claims',
    '0009-webhooks',
    '0010-imports',
    '0011-probe-protocols',
    '0012-trust-evidence',
    '0013-endpoint-conformance',
    '0014-tool-record',
    '0015-transparency-log',
    '0016-agent-statements',
    '0017-advisories',
    '0018-policy-views',
  ]);
  const keys = await db
    .selectFrom('agents')
    .select('github_repo')
    .where('id', 'in', [older.id, newer.id, rejected.id])
    .orderBy('id')
    .execute();
  expect(keys.map((row) => row.github_repo)).toEqual(['acme/twice', null, 'acme/twice']);
});

it('after the search change log comes back, a listing published is found by search', async () => {
  const word = `migrix${Date.now().toString(36)}`;
  const agent = await factories(t.app).createAgent({ name: `${word} Agent`, status: 'published' });
  const found = (await (await t.request(`/api/agents?q=${word}`)).json()) as AgentListResponse;
  expect(found.agents.map((card) => card.id)).toEqual([agent.id]);
});

it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'an analysed SQLite database keeps its table statistics but no value samples, which made every query plan anew',
  async () => {
    const db = t.app.db.kysely;
    const f = factories(t.app);
    for (let n = 0; n < 30; n += 1) await f.createAgent({ status: 'published' });
    await sql`analyze`.execute(db);
    const count = async (table: string) =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n,
      );
    expect(await count('sqlite_stat4')).toBeGreaterThan(0);

    await migrateToLatest(t.app.db);
    expect(await count('sqlite_stat4')).toBe(0);
    expect(await count('sqlite_stat1')).toBeGreaterThan(0);
    // The catalogue still answers from the indexes the counts choose.
    const listing = await t.request('/api/agents?sort=newest&limit=5');
    expect(listing.status).toBe(200);
    expect(((await listing.json()) as AgentListResponse).agents).toHaveLength(5);
  },
);
