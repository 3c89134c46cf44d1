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
