import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.js';
import { createAgentsRepo } from '../../src/server/features/agents/agents.repo.js';
import { createCategoriesRepo } from '../../src/server/features/categories/categories.repo.js';
import { factories } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)(
  'on PostgreSQL, hot reads are planned once per connection (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let slug: string;
    let categorySlug: string;

    beforeAll(async () => {
      t = await createTestApp();
      const make = factories(t.app);
      ({ slug: categorySlug } = await make.createCategory());
      ({ slug } = await make.createAgent());
    });
    afterAll(async () => {
      await t?.close();
    });

    it('an agent read twice on one connection is parsed and planned there once, and reads the same', async () => {
      const db = t.app.db;
      await db.kysely.connection().execute(async (connection) => {
        const onOneConnection: Db = { kysely: connection, dialect: db.dialect, close: async () => {} };
        const agents = createAgentsRepo(onOneConnection);
        const first = await agents.findDetail({ slug });
        const second = await agents.findDetail({ slug });
        expect(first?.slug).toBe(slug);
        expect(second).toEqual(first);

        const { rows } = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements where statement like '%"agents"."slug" = $1%'
        `.execute(connection);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.name).toMatch(/^prepared_\d+$/);
      });
    });

    it('a column another instance adds while a connection keeps a plan of its table does not break reads', async () => {
      const db = t.app.db;
      await db.kysely.connection().execute(async (connection) => {
        const onOneConnection: Db = { kysely: connection, dialect: db.dialect, close: async () => {} };
        const categories = createCategoriesRepo(onOneConnection);
        const before = await categories.findBySlug(categorySlug);
        expect(before?.slug).toBe(categorySlug);

        // As a newer release's migration would, on another connection (the pool's other one).
        await sql`alter table categories add column featured_until text`.execute(db.kysely);

        const after = await categories.findBySlug(categorySlug);
        expect(after).toMatchObject({ id: before!.id, slug: categorySlug, name: before!.name });
        expect(await categories.findBySlug(categorySlug)).toEqual(after);
      });
    });
  },
);
