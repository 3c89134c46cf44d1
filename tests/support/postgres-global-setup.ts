import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Test apps on PostgreSQL each get a schema; they are dropped here, once every test file has finished,
 * not as each app closes. Kysely's migrator reads the whole catalogue, and a schema that another worker
 * drops during that read fails it with "schema … does not exist".
 */
export default function setup() {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (!postgresUrl) return undefined;
  const run = randomBytes(4).toString('hex');
  // Workers are started after this and inherit the environment.
  process.env.TEST_SCHEMA_PREFIX = `test_${run}`;
  return async () => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ nspname: string }>(
        `SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`,
        [`test\\_${run}\\_%`],
      );
      for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
    } finally {
      await client.end();
    }
  };
}
