/**
 * npm run bench:transparency (issue 35): the transparency log at one million leaves.
 *
 * A scratch database (BENCH_ENGINES=sqlite,postgres; default sqlite: a file in bench/data, and for
 * postgres a scratch database on BENCH_POSTGRES_URL's server) is migrated, then filled through the production path: observations
 * (an endpoint, a time, a tool set hash and eight tool hashes, ~800 bytes of leaf) are queued in
 * batches of 1,000 by enqueueToolSetObservation, one transaction a batch as a probe round would, and
 * each batch is appended by the writer's appendQueued (hashes, stored subtrees, a signed ES256 head).
 * The time of every append is kept (per batch and per leaf). At BENCH_LEAVES (1,000,000) leaves,
 * inclusion proofs of random leaves and consistency proofs from random older sizes are timed through
 * the service functions the API calls (no HTTP), and a few are checked with the tests' RFC 9162
 * verifier. Figures go to bench/transparency-results.json (an engine not run keeps its last figures).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createSecretBox } from '../src/server/lib/secret-box.js';
import { createSigningKeysRepo } from '../src/server/features/signing-keys/signing-keys.repo.js';
import { createUnsealedKeyCache } from '../src/server/features/signing-keys/signing-keys.service.js';
import { enqueueToolSetObservation } from '../src/server/features/transparency/transparency-queue.js';
import { createTransparencyRepo } from '../src/server/features/transparency/transparency.repo.js';
import {
  appendQueued,
  consistencyProof,
  inclusionProof,
  latestTreeHead,
  type TransparencyDeps,
} from '../src/server/features/transparency/transparency.service.js';
import { verifyConsistency, verifyInclusion } from '../tests/support/rfc9162.js';
import { postgresUrl } from './postgres.js';
import { dataRoot, root } from './server.js';

const LEAVES = Number(process.env.BENCH_LEAVES ?? 1_000_000);
const BATCH = 1000;
const PROOFS = 1000;
const CONSISTENCY_PROOFS = 300;
const OWNER = 'bench-writer';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const round = (value: number, digits = 3) => Number(value.toFixed(digits));
const summary = (values: number[]) => ({
  p50: round(percentile(values, 50)),
  p99: round(percentile(values, 99)),
  max: round(Math.max(...values)),
  mean: round(values.reduce((a, b) => a + b, 0) / values.length),
});
const hex = (n: number, width = 64) => n.toString(16).padStart(width, '0');

async function run(db: Db, label: string) {
  const deps: TransparencyDeps = {
    db,
    log: createTransparencyRepo(db),
    signing: {
      db,
      keys: createSigningKeysRepo(db),
      secretBox: createSecretBox(Buffer.from('bench-secret-key-0123456789abcdef-0123')),
      unsealed: createUnsealedKeyCache(),
    },
  };
  await deps.log.takeLease({
    owner: OWNER,
    now: new Date().toISOString(),
    until: '9999-01-01T00:00:00.000Z',
  });
  const appendMs: number[] = [];
  const enqueueMs: number[] = [];
  const started = performance.now();
  for (let done = 0; done < LEAVES; done += BATCH) {
    const t0 = performance.now();
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = done; i < done + BATCH; i += 1)
        await enqueueToolSetObservation(trx, {
          endpoint: `https://agent-${i % 10_000}.example.com/mcp`,
          observedAt: new Date(Date.UTC(2026, 0, 1) + i * 900).toISOString(),
          toolSetHash: hex(i),
          toolHashes: Array.from({ length: 8 }, (_, tool) => hex(i * 8 + tool)),
        });
    });
    const t1 = performance.now();
    const result = await appendQueued(deps, { owner: OWNER, leaseMs: 3_600_000, batch: BATCH });
    if ('lostLease' in result || result.appended !== BATCH)
      throw new Error(`append failed: ${JSON.stringify(result)}`);
    enqueueMs.push(t1 - t0);
    appendMs.push(performance.now() - t1);
    if ((done / BATCH) % 100 === 99)
      console.log(
        `${label}: ${done + BATCH} leaves, last 100 appends p50 ${percentile(appendMs.slice(-100), 50).toFixed(1)} ms`,
      );
  }
  const buildS = (performance.now() - started) / 1000;
  const head = await latestTreeHead(deps);
  if (head.treeSize !== LEAVES) throw new Error(`tree has ${head.treeSize} leaves`);

  const inclusionMs: number[] = [];
  const pathLengths: number[] = [];
  for (let i = 0; i < PROOFS; i += 1) {
    const index = Math.floor(Math.random() * LEAVES);
    const t0 = performance.now();
    const { auditPath } = await inclusionProof(deps, { index, treeSize: LEAVES });
    inclusionMs.push(performance.now() - t0);
    pathLengths.push(auditPath.length);
    if (i < 20) {
      const [entry] = (await deps.log.entries(index, index))!;
      const ok = verifyInclusion({
        index,
        treeSize: LEAVES,
        leafHash: entry!.leaf_hash,
        auditPath,
        rootHash: head.rootHash,
      });
      if (!ok) throw new Error(`inclusion proof of ${index} does not verify`);
    }
  }
  const consistencyMs: number[] = [];
  const heads = await db.kysely
    .selectFrom('transparency_tree_heads')
    .select(['tree_size', 'root_hash'])
    .execute();
  const bySize = new Map(heads.map((row) => [row.tree_size, row.root_hash]));
  for (let i = 0; i < CONSISTENCY_PROOFS; i += 1) {
    // Older heads exist at every multiple of the batch; a few arbitrary sizes are proven as well.
    const first =
      i % 3 === 0
        ? 1 + Math.floor(Math.random() * (LEAVES - 1))
        : BATCH * (1 + Math.floor(Math.random() * (LEAVES / BATCH - 1)));
    const t0 = performance.now();
    const { consistencyPath } = await consistencyProof(deps, { first, second: LEAVES });
    consistencyMs.push(performance.now() - t0);
    const firstHash = bySize.get(first);
    if (firstHash && i < 20) {
      const ok = verifyConsistency({
        first,
        second: LEAVES,
        firstHash,
        secondHash: head.rootHash,
        consistencyPath,
      });
      if (!ok) throw new Error(`consistency proof from ${first} does not verify`);
    }
  }
  return {
    leaves: LEAVES,
    batch: BATCH,
    buildSeconds: round(buildS, 1),
    appendPerBatchMs: summary(appendMs),
    appendPerBatchMsFirst100: summary(appendMs.slice(0, 100)),
    appendPerBatchMsLast100: summary(appendMs.slice(-100)),
    appendPerLeafUs: round((appendMs.reduce((a, b) => a + b, 0) / LEAVES) * 1000, 1),
    enqueuePerBatchMs: summary(enqueueMs),
    inclusionProofMs: { ...summary(inclusionMs), samples: PROOFS, auditPathLength: summary(pathLengths) },
    consistencyProofMs: { ...summary(consistencyMs), samples: CONSISTENCY_PROOFS },
  };
}

const engines = (process.env.BENCH_ENGINES ?? 'sqlite').split(',');
const resultsFile = path.join(root, 'bench/transparency-results.json');
const results: Record<string, unknown> = {
  ...(fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as object) : {}),
  ranAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
  note: 'Appends through enqueueToolSetObservation + appendQueued (the writer’s path), proofs through the service functions of the API, no HTTP.',
};

if (engines.includes('sqlite')) {
  fs.mkdirSync(dataRoot, { recursive: true });
  const file = path.join(dataRoot, 'transparency-bench.db');
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  const sqlite = createDb({ kind: 'sqlite', file });
  await migrateToLatest(sqlite);
  try {
    results.sqlite = { ...(await run(sqlite, 'sqlite')), databaseMb: 0 };
  } finally {
    await sqlite.close();
  }
  (results.sqlite as { databaseMb: number }).databaseMb = round(fs.statSync(file).size / 1e6, 0);
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
}

if (engines.includes('postgres')) {
  const name = `transparency_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const db = createDb({ kind: 'postgres', url: postgresUrl(name) });
  try {
    await migrateToLatest(db);
    results.postgres = await run(db, 'postgres');
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
console.log('results written to bench/transparency-results.json');
