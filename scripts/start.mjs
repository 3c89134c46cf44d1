#!/usr/bin/env node
// npm start: builds whatever is missing or older than its sources, then runs the server
// (which migrates the database and seeds the demo catalogue into an empty one).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverEnv, serverNodeFlags } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

function run(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (isStale(path.join(root, 'dist/server/main.js'), ['src/server', 'src/shared'])) {
  console.log('Building the server...');
  run('build:server');
  fs.utimesSync(path.join(root, 'dist/server/main.js'), new Date(), new Date());
}
if (isStale(path.join(root, 'dist/client/index.html'), ['src/client', 'src/shared'])) {
  console.log('Building the web client...');
  run('build:client');
}

const server = spawn(process.execPath, [...serverNodeFlags, path.join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...serverEnv, ...process.env },
});
// The server drains and closes on these signals; this wrapper only passes them on and waits.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
