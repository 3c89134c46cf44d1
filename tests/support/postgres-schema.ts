import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Creates a fresh schema for one test app and answers a DATABASE_URL whose search_path points at it. */
export async function createPostgresSchema(postgresUrl: string, prefix: string) {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { schema, databaseUrl: url.toString() };
}

export async function dropPostgresSchema(postgresUrl: string, schema: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/**
 * A database of its own, for a test that drops tables while other test files migrate: Kysely's
 * migrator lists the tables of every schema of its database, and a table dropped in the middle of
 * that listing fails it ("relation … does not exist"). Other databases are never listed.
 */
export async function createPostgresDatabase(postgresUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async drop() {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
