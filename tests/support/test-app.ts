import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { createPostgresSchema } from './postgres-schema.js';

/**
 * The Redis channel prefix of every app this test file builds (each file loads this module afresh):
 * test runs sharing the machine's Redis never hear each other's notifications or session ends, while
 * two instances built in one file, as behind a load balancer, hear each other.
 */
export const TEST_CHANNEL_PREFIX = `test-${process.pid}-${randomBytes(4).toString('hex')}:`;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  baseUrl: string;
  /** fetch against the running app over real HTTP; relative paths resolve against baseUrl. */
  request(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Builds the real app on a database of its own and listens on a free port.
 * SQLite by default; with TEST_DATABASE_URL=postgres://… every app gets a fresh schema there.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** Settings no variable sets, e.g. a built client of the test's own (clientDir). */
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-test-'));
  const postgresUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl = `file:${path.join(dataDir, 'test.db')}`;
  if (postgresUrl) {
    // Dropped by tests/support/postgres-global-setup.ts after the run, never while other files migrate.
    ({ databaseUrl } = await createPostgresSchema(postgresUrl, process.env.TEST_SCHEMA_PREFIX ?? 'test'));
  }
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      SEED: 'none',
      RATE_LIMIT_MULTIPLIER: '1000',
      PUBLIC_URL: 'http://localhost:3000',
      REDIS_CHANNEL_PREFIX: TEST_CHANNEL_PREFIX,
      // Tests run probe rounds themselves (app.probeScheduler.runRound), so none runs behind their back.
      PROBES: 'off',
      ...env,
    }),
    ...overrides,
  };
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('test app is not listening on a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    app,
    config,
    baseUrl,
    request(pathname, init = {}) {
      const { json, headers, ...rest } = init;
      return fetch(new URL(pathname, baseUrl), {
        ...rest,
        headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
    },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
