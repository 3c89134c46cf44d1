#!/usr/bin/env node
// Starts the built app for the browser tests on a database of its own, seeded with the demo
// catalogue: a fresh SQLite file, or a fresh PostgreSQL schema when TEST_DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-e2e-'));
const postgresUrl = process.env.TEST_DATABASE_URL;
let databaseUrl = `file:${path.join(dataDir, 'e2e.db')}`;
let schema;

if (postgresUrl) {
  schema = `e2e_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  databaseUrl = url.toString();
}

const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MULTIPLIER: '100',
  },
});

async function cleanUp() {
  if (schema) {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => {
  cleanUp().finally(() => process.exit(code ?? 0));
});
