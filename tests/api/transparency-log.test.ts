import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TreeHead } from '../../src/shared/api/tool-record.js';
import { enqueueToolSetObservation } from '../../src/server/features/transparency/transparency-queue.js';
import { logIndexesByLeafHash } from '../../src/server/features/transparency/transparency.repo.js';
import { leafHash, treeHash, verifyConsistency, verifyInclusion } from '../support/rfc9162.js';
import { runCli } from '../support/run-cli.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const SECRET_KEY = 'transparency-test-secret-key-0123456789abcdef';
const EMPTY_TREE = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
/** Tests drain the log themselves; the writer's own schedule never runs behind their back. */
const QUIET = { SECRET_KEY, TRANSPARENCY_INTERVAL_S: '3600' };

const databaseUrl = (t: TestApp) =>
  t.config.database.kind === 'sqlite' ? `file:${t.config.database.file}` : t.config.database.url;

async function json<T>(t: TestApp | string, pathname: string): Promise<T> {
  const response = typeof t === 'string' ? await fetch(new URL(pathname, t)) : await t.request(pathname);
  expect(response.status, `${pathname}: ${response.status}`).toBe(200);
  return (await response.json()) as T;
}

let counter = 0;
async function enqueue(t: TestApp, count: number, prefix = 'agent'): Promise<string[]> {
  const hashes: string[] = [];
  for (let i = 0; i < count; i += 1) {
    counter += 1;
    hashes.push(
      await t.app.db.kysely.transaction().execute((trx) =>
        enqueueToolSetObservation(trx, {
          endpoint: `https://${prefix}-${counter}.example/mcp`,
          observedAt: new Date(Date.UTC(2026, 10, 28, 12, 0, counter)).toISOString(),
          toolSetHash: counter.toString(16).padStart(64, 'a'),
          toolHashes: [counter.toString(16).padStart(64, 'b'), counter.toString(16).padStart(64, 'c')],
        }),
      ),
    );
  }
  return hashes;
}

/** Checks the head's signature against the JWKS as a verifier would; answers the signing kid. */
async function verifyHeadSignature(head: TreeHead, jwks: JSONWebKeySet): Promise<string> {
  const { payload, protectedHeader } = await compactVerify(head.signature, createLocalJWKSet(jwks));
  expect(JSON.parse(new TextDecoder().decode(payload))).toEqual({
    treeSize: head.treeSize,
    rootHash: head.rootHash,
    timestamp: head.timestamp,
  });
  return protectedHeader.kid!;
}

async function allEntries(base: TestApp | string, size: number) {
  const entries: Array<{ index: number; leaf: string; leafHash: string }> = [];
  while (entries.length < size) {
    const page = await json<{ entries: typeof entries }>(
      base,
      `/api/transparency/entries?start=${entries.length}&end=${size - 1}`,
    );
    expect(page.entries.length).toBeGreaterThan(0);
    entries.push(...page.entries);
  }
  return entries;
}

/**
 * What a verifier holding only the JWKS checks: the signature; the root recomputed from the entries
 * (each leaf hashed again from its text); the inclusion proof of every entry. Answers what failed.
 */
async function audit(base: TestApp | string): Promise<{ head: TreeHead; failures: string[] }> {
  const head = await json<TreeHead>(base, '/api/transparency/tree-head');
  const jwks = await json<JSONWebKeySet>(base, '/.well-known/jwks.json');
  await verifyHeadSignature(head, jwks);
  const failures: string[] = [];
  const entries = await allEntries(base, head.treeSize);
  const hashes = entries.map((entry) => leafHash(entry.leaf));
  if (treeHash(hashes).toString('hex') !== head.rootHash) failures.push('root');
  for (const entry of entries) {
    const { auditPath } = await json<{ auditPath: string[] }>(
      base,
      `/api/transparency/proof/inclusion?index=${entry.index}&treeSize=${head.treeSize}`,
    );
    const ok = verifyInclusion({
      index: entry.index,
      treeSize: head.treeSize,
      leafHash: leafHash(entry.leaf),
      auditPath,
      rootHash: head.rootHash,
    });
    if (!ok) failures.push(`inclusion ${entry.index}`);
  }
  return { head, failures };
}

async function consistent(base: TestApp | string, older: TreeHead, newer: TreeHead) {
  if (older.treeSize === 0) return true;
  const { consistencyPath } = await json<{ consistencyPath: string[] }>(
    base,
    `/api/transparency/proof/consistency?first=${older.treeSize}&second=${newer.treeSize}`,
  );
  return verifyConsistency({
    first: older.treeSize,
    second: newer.treeSize,
    firstHash: older.rootHash,
    secondHash: newer.rootHash,
    consistencyPath,
  });
}

describe('one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(QUIET);
  });
  afterAll(() => t.close());

  it('an empty log answers a signed head of size 0 and the empty tree’s hash; the JWKS is cacheable', async () => {
    const head = await json<TreeHead>(t, '/api/transparency/tree-head');
    expect(head).toMatchObject({ treeSize: 0, rootHash: EMPTY_TREE });
    const response = await t.request('/.well-known/jwks.json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const jwks = (await response.json()) as JSONWebKeySet;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(await verifyHeadSignature(head, jwks)).toBe(jwks.keys[0]!.kid);
    expect(decodeProtectedHeader(head.signature)).toMatchObject({
      alg: 'ES256',
      typ: 'agentatlas-tree-head+jws',
    });
  });

  it('appends what was queued, in order; every entry is proven in every head and each head extends the last', async () => {
    const heads: TreeHead[] = [await json<TreeHead>(t, '/api/transparency/tree-head')];
    const queued: string[] = [];
    for (const count of [5, 1, 11]) {
      queued.push(...(await enqueue(t, count)));
      expect(await t.app.transparencyLog.drainNow()).toMatchObject({ outcome: 'drained', appended: count });
      const { head, failures } = await audit(t);
      expect(failures).toEqual([]);
      expect(head.treeSize).toBe(queued.length);
      heads.push(head);
    }
    const entries = await allEntries(t, queued.length);
    expect(entries.map((entry) => entry.leafHash)).toEqual(queued);
    expect(entries.map((entry) => entry.index)).toEqual(queued.map((_, i) => i));
    for (let i = 0; i < heads.length; i += 1)
      for (let j = i; j < heads.length; j += 1) expect(await consistent(t, heads[i]!, heads[j]!)).toBe(true);
    // Older heads' inclusion proofs still hold for what they contained.
    const { auditPath } = await json<{ auditPath: string[] }>(
      t,
      '/api/transparency/proof/inclusion?index=2&treeSize=5',
    );
    expect(
      verifyInclusion({
        index: 2,
        treeSize: 5,
        leafHash: queued[2]!,
        auditPath,
        rootHash: heads[1]!.rootHash,
      }),
    ).toBe(true);
    const indexes = await logIndexesByLeafHash(t.app.db, [queued[0]!, queued[16]!, 'f'.repeat(64)]);
    expect(Object.fromEntries(indexes)).toEqual({ [queued[0]!]: 0, [queued[16]!]: 16 });
  });

  it('docs/verify-transparency-log.mjs verifies a head, an entry and consistency with a saved head', async () => {
    const saved = path.join(t.config.dataDir, 'saved-head.json');
    const script = (...args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, [
          'docs/verify-transparency-log.mjs',
          '--url',
          t.baseUrl,
          ...args,
        ]);
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
        child.on('close', (code) => resolve({ code, out }));
      });
    const { entries } = await json<{ entries: Array<{ leafHash: string }> }>(
      t,
      '/api/transparency/entries?start=3&end=3',
    );
    const first = await script('--index', '3', '--leaf-hash', entries[0]!.leafHash, '--save', saved);
    expect(first.out).toMatch(/^ok {3}tree head of \d+ entries/m);
    expect(first.out).toMatch(/^ok {3}entry 3 is included in the tree head/m);
    expect(first.code, first.out).toBe(0);
    await enqueue(t, 4);
    await t.app.transparencyLog.drainNow();
    const later = await script('--saved', saved, '--index', '0');
    expect(later.out).toMatch(/^ok {3}the log of \d+ entries extends the saved one of \d+: consistent/m);
    expect(later.code, later.out).toBe(0);
    const wrong = await script('--index', '3', '--leaf-hash', 'ab'.repeat(32));
    expect(wrong.out).toMatch(/^FAIL entry 3 is the leaf/m);
    expect(wrong.code).toBe(1);
    // A saved head the log never signed: the proof does not hold.
    const forged = JSON.parse(fs.readFileSync(saved, 'utf8')) as TreeHead;
    fs.writeFileSync(saved, JSON.stringify({ ...forged, rootHash: 'cd'.repeat(32) }));
    const shown = await script('--saved', saved);
    expect(shown.out).toMatch(/^FAIL the log of \d+ entries extends the saved one/m);
    expect(shown.code).toBe(1);
  });

  it('a consistency proof against a head the log never signed fails', async () => {
    const head = await json<TreeHead>(t, '/api/transparency/tree-head');
    const forged = { ...head, treeSize: 3, rootHash: treeHash([leafHash('forged')]).toString('hex') };
    expect(await consistent(t, forged, head)).toBe(false);
  });

  it('answers bad parameters with 400 and a message naming the problem', async () => {
    const size = (await json<TreeHead>(t, '/api/transparency/tree-head')).treeSize;
    const cases: Array<[string, RegExp]> = [
      ['/api/transparency/proof/inclusion?index=abc&treeSize=3', /index must be a whole number/],
      ['/api/transparency/proof/inclusion?index=-1&treeSize=3', /index must be 0 or more/],
      ['/api/transparency/proof/inclusion?index=3&treeSize=3', /index must be smaller than treeSize/],
      ['/api/transparency/proof/inclusion?treeSize=3', /index/],
      [
        `/api/transparency/proof/inclusion?index=0&treeSize=${size + 1}`,
        /treeSize \d+ is larger than the log/,
      ],
      ['/api/transparency/proof/inclusion?index=0&treeSize=1e400', /treeSize/],
      ['/api/transparency/proof/consistency?first=0&second=3', /first must be at least 1/],
      ['/api/transparency/proof/consistency?first=4&second=3', /second must be at least first/],
      [`/api/transparency/proof/consistency?first=1&second=${size + 5}`, /second \d+ is larger than the log/],
      ['/api/transparency/entries?start=5&end=2', /end must be at least start/],
      ['/api/transparency/entries?start=1.5&end=2', /start must be a whole number/],
    ];
    for (const [pathname, message] of cases) {
      const response = await t.request(pathname);
      expect(response.status, pathname).toBe(400);
      expect(((await response.json()) as { message: string }).message, pathname).toMatch(message);
    }
  });

  it('answers at most 1000 entries a call, and none past the latest head', async () => {
    const page = await json<{ entries: unknown[] }>(t, '/api/transparency/entries?start=10&end=5000');
    const size = (await json<TreeHead>(t, '/api/transparency/tree-head')).treeSize;
    expect(page.entries).toHaveLength(size - 10);
    expect(
      (await json<{ entries: unknown[] }>(t, `/api/transparency/entries?start=${size}&end=${size + 3}`))
        .entries,
    ).toEqual([]);
  });

  it('lists the API in the OpenAPI document', async () => {
    const document = await json<{ paths: Record<string, unknown> }>(t, '/api/openapi.json');
    for (const pathname of [
      '/api/transparency/tree-head',
      '/api/transparency/entries',
      '/api/transparency/proof/inclusion',
      '/api/transparency/proof/consistency',
      '/.well-known/jwks.json',
    ])
      expect(document.paths, pathname).toHaveProperty([pathname]);
  });

  it('after npm run keys -- rotate, new heads are signed by the new key and old heads still verify from the JWKS', async () => {
    const before = await json<TreeHead>(t, '/api/transparency/tree-head');
    const oldKid = decodeProtectedHeader(before.signature).kid!;
    const env = { DATABASE_URL: databaseUrl(t), DATA_DIR: t.config.dataDir, SECRET_KEY };
    const rotated = await runCli(
      'src/server/features/signing-keys/keys-cli.ts',
      ['rotate', '--algorithm', 'EdDSA'],
      env,
    );
    expect(rotated.stderr).toBe('');
    expect(rotated.code).toBe(0);
    const newKid = /signing key (\S+) \(EdDSA, generation 2\) signs from now on/.exec(rotated.stdout)?.[1];
    expect(newKid).toBeDefined();
    expect(rotated.stdout).toContain(`key ${oldKid} retired; it stays in the JWKS until`);

    // An idle log's latest head is signed again by the new key, at the same size.
    await t.app.transparencyLog.drainNow();
    const resigned = await json<TreeHead>(t, '/api/transparency/tree-head');
    expect(resigned).toMatchObject({ treeSize: before.treeSize, rootHash: before.rootHash });
    await enqueue(t, 3);
    await t.app.transparencyLog.drainNow();
    const after = await json<TreeHead>(t, '/api/transparency/tree-head');
    const jwks = await json<JSONWebKeySet>(t, '/.well-known/jwks.json');
    expect(jwks.keys.map((key) => key.kid)).toEqual([newKid, oldKid]);
    expect(await verifyHeadSignature(resigned, jwks)).toBe(newKid);
    expect(await verifyHeadSignature(after, jwks)).toBe(newKid);
    expect(await verifyHeadSignature(before, jwks)).toBe(oldKid);
    expect(await consistent(t, before, after)).toBe(true);

    const listed = await runCli('src/server/features/signing-keys/keys-cli.ts', ['list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^2 {2}${newKid} {2}EdDSA .* signing$`, 'm'));
    expect(listed.stdout).toMatch(new RegExp(`^1 {2}${oldKid} {2}ES256 .* in the JWKS until`, 'm'));

    // Dropped at once (a leaked key): its heads no longer verify.
    expect(
      (await runCli('src/server/features/signing-keys/keys-cli.ts', ['rotate', '--keep-days', '0'], env))
        .code,
    ).toBe(0);
    const now = await json<JSONWebKeySet>(t, '/.well-known/jwks.json');
    expect(now.keys.map((key) => key.kid)).not.toContain(newKid);
    await expect(verifyHeadSignature(after, now)).rejects.toThrow();
  }, 60_000);
});

describe('tampering with the stored log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(QUIET);
    await enqueue(t, 13, 'tamper');
    await t.app.transparencyLog.drainNow();
  });
  afterAll(() => t.close());

  const dropAppendOnlyTriggers = async () => {
    const db = t.app.db.kysely;
    if (t.app.db.dialect === 'postgres')
      for (const table of ['transparency_leaves', 'transparency_nodes'])
        await sql`drop trigger ${sql.raw(`${table}_append_only`)} on ${sql.table(table)}`.execute(db);
    else
      for (const table of ['transparency_leaves', 'transparency_nodes'])
        await sql`drop trigger ${sql.raw(`${table}_no_update`)}`.execute(db);
  };

  it('the database refuses to change or delete a leaf or a node', async () => {
    const db = t.app.db.kysely;
    await expect(
      db.updateTable('transparency_leaves').set({ leaf: '{}' }).where('idx', '=', 0).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('transparency_leaves').where('idx', '=', 0).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.updateTable('transparency_nodes').set({ hash: '00' }).execute()).rejects.toThrow(
      /append-only/,
    );
    expect((await audit(t)).failures).toEqual([]);
  });

  it('a leaf rewritten behind the database’s back no longer matches the signed root', async () => {
    await dropAppendOnlyTriggers();
    const db = t.app.db.kysely;
    const row = await db
      .selectFrom('transparency_leaves')
      .selectAll()
      .where('idx', '=', 6)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('transparency_leaves')
      .set({ leaf: row.leaf.replace('tamper', 'tamperd') })
      .where('idx', '=', 6)
      .execute();
    const { failures } = await audit(t);
    expect(failures).toContain('root');
    expect(failures).toContain('inclusion 6');
    await db.updateTable('transparency_leaves').set({ leaf: row.leaf }).where('idx', '=', 6).execute();
    expect((await audit(t)).failures).toEqual([]);
  });

  it('a stored subtree hash rewritten makes the proofs that use it fail', async () => {
    const db = t.app.db.kysely;
    // Leaves 0…3: their sibling subtree in every proof of leaves 4…7, and of 8…12 via 0…7.
    const node = await db
      .selectFrom('transparency_nodes')
      .selectAll()
      .where('level', '=', 2)
      .where('idx', '=', 0)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('transparency_nodes')
      .set({ hash: leafHash('not what was stored').toString('hex') })
      .where('level', '=', 2)
      .where('idx', '=', 0)
      .execute();
    const { failures } = await audit(t);
    expect(failures).toEqual(['inclusion 4', 'inclusion 5', 'inclusion 6', 'inclusion 7']);
    await db
      .updateTable('transparency_nodes')
      .set({ hash: node.hash })
      .where('level', '=', 2)
      .where('idx', '=', 0)
      .execute();
  });
});

describe('two instances sharing one database', () => {
  let a: TestApp;
  let child: ChildProcessWithoutNullStreams;
  let b = '';
  let lines: AsyncIterator<string>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-tlog-b-'));

  beforeAll(async () => {
    a = await createTestApp({ SECRET_KEY, TRANSPARENCY_INTERVAL_S: '0.1' });
    // The other instance runs in a process of its own, as on another machine (or beside it, on SQLite).
    child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/transparency-instance.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl(a),
        DATA_DIR: dataDir,
        SECRET_KEY,
        LOG_LEVEL: 'silent',
        SEED: 'none',
        PROBES: 'off',
        PORT: '0',
        TRANSPARENCY_INTERVAL_S: '0.1',
      },
    });
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const ready = (await lines.next()).value as string;
    b = ready.replace(/^ready /, '');
    expect(b).toMatch(/^http:/);
  });
  afterAll(async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.write('close\n');
    // A process that does not close within 10 s is stopped.
    const stop = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(stop);
    await a.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('both queueing at once make one log whose proofs both answer alike', async () => {
    child.stdin.write('enqueue 60 other\n');
    const [fromA] = await Promise.all([enqueue(a, 60, 'here'), lines.next()]);
    expect(fromA).toHaveLength(60);
    // Both writers tick every 100 ms; the lease lets one of them append.
    let head = await json<TreeHead>(a, '/api/transparency/tree-head');
    for (let tries = 0; head.treeSize < 120 && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      head = await json<TreeHead>(a, '/api/transparency/tree-head');
    }
    expect(head.treeSize).toBe(120);

    const entries = await allEntries(a, 120);
    expect(new Set(entries.map((entry) => entry.leafHash)).size).toBe(120);
    expect(entries.filter((entry) => entry.leaf.includes('other.example'))).toHaveLength(60);
    expect(await json<TreeHead>(b, '/api/transparency/tree-head')).toEqual(head);
    const { failures } = await audit(b);
    expect(failures).toEqual([]);
    for (const index of [0, 1, 59, 60, 77, 119]) {
      const pathname = `/api/transparency/proof/inclusion?index=${index}&treeSize=120`;
      expect(await json(b, pathname)).toEqual(await json(a, pathname));
    }
    // Every head either instance signed extends the one before it.
    const heads = await a.app.db.kysely
      .selectFrom('transparency_tree_heads')
      .select(['tree_size', 'root_hash'])
      .orderBy('tree_size')
      .orderBy('id')
      .execute();
    for (let i = 1; i < heads.length; i += 1) {
      const older = { treeSize: heads[i - 1]!.tree_size, rootHash: heads[i - 1]!.root_hash } as TreeHead;
      const newer = { treeSize: heads[i]!.tree_size, rootHash: heads[i]!.root_hash } as TreeHead;
      expect(await consistent(b, older, newer), `${older.treeSize} → ${newer.treeSize}`).toBe(true);
    }
  });
});
