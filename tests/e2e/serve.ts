// Starts the built app for the browser tests on a database of its own, seeded with the demo
// catalogue (a fresh SQLite file, or a fresh PostgreSQL database when TEST_DATABASE_URL is set),
// next to a local fake GitHub and a fake MCP registry that the app is configured to use.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeGithub } from '../support/fake-github.js';
import { pngIcon, startFakeRegistry } from '../support/fake-registry.js';
import { createPostgresDatabase } from '../support/postgres-schema.js';

const root = path.resolve(import.meta.dirname, '../..');
const port = process.env.E2E_PORT ?? '3100';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-e2e-'));
const postgresUrl = process.env.TEST_DATABASE_URL;
let databaseUrl = `file:${path.join(dataDir, 'e2e.db')}`;
let dropDatabase: (() => Promise<void>) | undefined;

if (postgresUrl) {
  // A database of its own, not a schema of the shared one: the migrator lists every schema of its database,
  // and another run dropping its schema during that listing fails it ("schema … does not exist").
  ({ databaseUrl, drop: dropDatabase } = await createPostgresDatabase(postgresUrl, 'e2e'));
}

const github = await startFakeGithub({ port: Number(process.env.E2E_GITHUB_PORT ?? 3101) });
const registry = await startFakeRegistry({ port: Number(process.env.E2E_REGISTRY_PORT ?? 3102) });
registry.files.set('/icons/e2e.png', { type: 'image/png', body: await pngIcon() });

const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MULTIPLIER: '100',
    // The webhook tests' receiver listens on 127.0.0.1.
    OUTBOUND_ALLOW_PRIVATE: 'true',
    ADMIN_EMAILS: 'admin-e2e@example.com',
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_WEB_URL: github.url,
    GITHUB_API_URL: github.url,
    GITHUB_APP_SLUG: 'agentatlas-e2e',
    MCP_REGISTRY_URL: registry.origin,
  },
});
// Browser tests read the outbox of this data folder to follow e-mailed links.
fs.writeFileSync(
  path.join(os.tmpdir(), `agentatlas-e2e-${port}.json`),
  JSON.stringify({ dataDir, github: github.url, registry: registry.origin, databaseUrl }),
);

async function cleanUp() {
  await github.close();
  await registry.close();
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  void cleanUp().finally(() => process.exit(code ?? 0));
});
