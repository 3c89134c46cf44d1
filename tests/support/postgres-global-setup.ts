import { randomBytes } from 'node:crypto';
import { createPostgresDatabase } from './postgres-schema.js';

/**
 * A run of the API tests on PostgreSQL gets a database of its own, and each test app a schema in it.
 * Kysely's migrator reads the catalogue of every schema of its database, and a schema dropped during
 * that read fails it with "schema … does not exist": in a database shared with other runs on the same
 * server (another engineer's, a browser test server's), any of them ending could fail a migration here.
 * The schemas are dropped with the database, once every test file has finished, not as each app closes.
 */
export default async function setup() {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (!postgresUrl) return undefined;
  const run = randomBytes(4).toString('hex');
  const database = await createPostgresDatabase(postgresUrl, `test_${run}`);
  // Workers are started after this and inherit the environment.
  process.env.TEST_DATABASE_URL = database.databaseUrl;
  process.env.TEST_SCHEMA_PREFIX = `test_${run}`;
  return async () => {
    await database.drop();
    process.env.TEST_DATABASE_URL = postgresUrl;
  };
}
