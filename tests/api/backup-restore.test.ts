import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { uploadPng } from '../support/uploads.js';
import { create as createTar, type WriteEntry } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { knownMigrationNames } from '../../src/server/db/migrate.js';
import { BackupError, createBackup, restoreBackup, verifyBackup } from '../../src/server/ops/backup.js';
import type { FavoriteList } from '../../src/shared/api/favorites.js';
import { factories } from '../support/factories.js';
import { createPostgresDatabase } from '../support/postgres-schema.js';
import { runCli } from '../support/run-cli.js';
import { signUpPerson } from '../support/sessions.js';
import { createTestApp, TEST_CHANNEL_PREFIX, type TestApp } from '../support/test-app.js';

const postgresUrl = process.env.TEST_DATABASE_URL;
/** Favorites and reviews, alternately, this many a second. */
const WRITES_PER_SECOND = 50;
/** The migration a backup of an up-to-date database is at: the last this version has. */
const latestMigration = () => knownMigrationNames(t.config.database.kind).at(-1)!;

let t: TestApp;
const cleanups: Array<() => Promise<void> | void> = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-backup-test-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** The variables the CLIs get for the test app's own data. */
function sourceEnv(): Record<string, string> {
  const { database } = t.config;
  return {
    DATA_DIR: t.config.dataDir,
    DATABASE_URL: database.kind === 'sqlite' ? `file:${database.file}` : database.url,
  };
}

/** An empty place to restore into: a fresh DATA_DIR, and on PostgreSQL a database of its own. */
async function emptyTarget(): Promise<Record<string, string>> {
  const dataDir = tempDir();
  if (t.config.database.kind === 'sqlite')
    return { DATA_DIR: dataDir, DATABASE_URL: `file:${path.join(dataDir, 'agentatlas.db')}` };
  // The dump puts its tables back into a schema of the same name.
  const schema = new URL(t.config.database.url).searchParams.get('options')!.replace('-c search_path=', '');
  const database = await createPostgresDatabase(postgresUrl!, 'restore');
  cleanups.push(() => database.drop());
  const url = new URL(database.databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

async function startApp(env: Record<string, string>): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED: 'none',
    PROBES: 'off',
    RATE_LIMIT_MULTIPLIER: '1000',
    PUBLIC_URL: 'http://localhost:3000',
    REDIS_CHANNEL_PREFIX: TEST_CHANNEL_PREFIX,
    ...env,
  });
  const app = await buildApp(config, { migrate: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { app, baseUrl: `http://127.0.0.1:${address.port}` };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Write {
  kind: 'favorite' | 'review';
  user: number;
  agentId: number;
  ackedAt: number;
  id: number;
}

describe('npm run backup and npm run restore', () => {
  let archive: string;
  let people: Array<Awaited<ReturnType<typeof signUpPerson>>>;
  let acked: Write[];
  /**
   * The writes whose answer the client had when the backup began: the list as it stood then, not a
   * comparison of millisecond clocks (a write answered in the backup's first millisecond tied with it).
   */
  let ackedBeforeBackup: Write[];
  let backupBegan: number;
  let backupEnded: number;
  let logoUrl: string;
  let logoBytes: Buffer;

  it(`takes a backup during ${WRITES_PER_SECOND} writes a second`, async () => {
    const f = factories(t.app);
    people = [];
    for (let i = 0; i < 8; i += 1) people.push(await signUpPerson(t));
    const agents: Array<{ id: number }> = [];
    for (let i = 0; i < 40; i += 1) agents.push(await f.createAgent({ status: 'published' }));
    logoUrl = (await uploadPng(t, people[0]!.cookie)).url;
    logoBytes = Buffer.from(await (await t.request(logoUrl)).arrayBuffer());

    acked = [];
    const failures: string[] = [];
    const inFlight = new Set<Promise<void>>();
    let index = 0;
    let loading = true;
    const write = async (n: number) => {
      const pair = Math.floor(n / 2);
      const user = pair % people.length;
      const agentId = agents[Math.floor(pair / people.length) % agents.length]!.id;
      const kind = n % 2 === 0 ? 'favorite' : 'review';
      const response =
        kind === 'favorite'
          ? await t.request('/api/favorites', {
              method: 'POST',
              headers: { cookie: people[user]!.cookie },
              json: { agentId },
            })
          : await t.request(`/api/agents/${agentId}/reviews`, {
              method: 'POST',
              headers: { cookie: people[user]!.cookie },
              json: {
                rating: 1 + (n % 5),
                title: `Write ${n}`,
                body: `Review number ${n}, written under load.`,
              },
            });
      const ackedAt = Date.now();
      if (response.status !== 201) failures.push(`${kind} ${n}: ${response.status} ${await response.text()}`);
      else acked.push({ kind, user, agentId, ackedAt, id: ((await response.json()) as { id: number }).id });
    };
    const load = (async () => {
      const started = Date.now();
      while (loading) {
        const due = started + (index * 1000) / WRITES_PER_SECOND;
        if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
        const request = write(index);
        index += 1;
        inFlight.add(request);
        void request.finally(() => inFlight.delete(request));
      }
      await Promise.all(inFlight);
    })();

    // Conditions, not delays: the machine may be slow.
    const until = async (done: () => boolean) => {
      while (!done() && failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await until(() => acked.length >= 50);
    archive = path.join(tempDir(), 'backup.tar.gz');
    backupBegan = Date.now();
    ackedBeforeBackup = [...acked];
    const backup = await runCli('src/server/ops/backup-cli.ts', [archive], sourceEnv());
    backupEnded = Date.now();
    await until(() => acked.filter((w) => w.kind === 'review' && w.ackedAt > backupEnded).length >= 5);
    loading = false;
    await load;

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      new RegExp(`^backup written to .* at migration ${latestMigration()}, \\d+ files`),
    );
    expect(failures).toEqual([]);
    expect(ackedBeforeBackup.length).toBeGreaterThanOrEqual(50);
    // Writes went on while the backup ran.
    expect(acked.some((w) => w.ackedAt > backupBegan && w.ackedAt < backupEnded)).toBe(true);

    const manifest = await verifyBackup(archive);
    expect(manifest).toMatchObject({
      format: 'agentatlas-backup/1',
      appVersion: '0.1.0',
      migration: latestMigration(),
      database: t.config.database.kind,
    });
    expect(manifest.files.map((file) => file.path)).toEqual([
      t.config.database.kind === 'sqlite' ? 'database/agentatlas.db' : 'database/agentatlas.pgdump',
      'secret.key',
      `uploads/${path.basename(logoUrl)}`,
    ]);
  });

  it('restores it elsewhere: the site is ready and serves every write acknowledged before the backup began', async () => {
    const target = await emptyTarget();
    const restore = await runCli('src/server/ops/restore-cli.ts', [archive], target);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^restored 3 files from a backup of .*no migration was needed/);

    const restored = await startApp(target);
    try {
      const get = (pathname: string, cookie?: string) =>
        fetch(new URL(pathname, restored.baseUrl), { headers: cookie ? { cookie } : {} });
      expect((await get('/readyz')).status).toBe(200);
      const before = ackedBeforeBackup;
      // Sessions are data too: each person is still signed in on the restored site.
      for (const [user, person] of people.entries()) {
        const response = await get('/api/favorites', person.cookie);
        expect(response.status).toBe(200);
        const held = new Set(((await response.json()) as FavoriteList).favorites.map((fav) => fav.agent.id));
        for (const w of before.filter((w) => w.kind === 'favorite' && w.user === user))
          expect(held.has(w.agentId), `favorite ${w.id}`).toBe(true);
      }
      const reviewIds = new Set(
        (await restored.app.db.kysely.selectFrom('reviews').select('id').execute()).map((row) => row.id),
      );
      for (const w of before.filter((w) => w.kind === 'review'))
        expect(reviewIds.has(w.id), `review ${w.id}`).toBe(true);
      // A snapshot: what was written after the backup ended is not in it.
      const after = acked.filter((w) => w.kind === 'review' && w.ackedAt > backupEnded);
      // (A write committed before the dump's snapshot may be answered after the CLI ended, on a
      // loaded machine: not all of them are missing, but not all are there.)
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((w) => reviewIds.has(w.id))).toBe(false);
      // The uploaded logo, byte for byte.
      const logo = await get(logoUrl);
      expect(logo.status).toBe(200);
      expect(Buffer.from(await logo.arrayBuffer()).equals(logoBytes)).toBe(true);
    } finally {
      await restored.app.close();
    }
  });

  it('refuses a target that holds data, unless --force', async () => {
    const target = await emptyTarget();
    expect((await runCli('src/server/ops/restore-cli.ts', [archive], target)).code).toBe(0);
    const again = await runCli('src/server/ops/restore-cli.ts', [archive], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty .*add --force/);
    const forced = await runCli('src/server/ops/restore-cli.ts', [archive, '--force'], target);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
  });

  it('refuses an archive with a flipped byte before writing anything', async () => {
    const bytes = fs.readFileSync(archive);
    const flippedFile = path.join(tempDir(), 'flipped.tar.gz');
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0x01;
    fs.writeFileSync(flippedFile, flipped);

    // The same archive recompressed with one byte of the database changed: gzip's own check passes,
    // so only the manifest's SHA-256 can tell.
    const tar = gunzipSync(bytes);
    tar[databaseByteIn(tar)]! ^= 0x01;
    const alteredFile = path.join(tempDir(), 'altered.tar.gz');
    fs.writeFileSync(alteredFile, gzipSync(tar));

    for (const [file, message] of [
      [flippedFile, /is damaged/],
      [alteredFile, /database\/agentatlas\.(db|pgdump) does not match its checksum/],
    ] as const) {
      const target = await emptyTarget();
      const config = loadConfig(target);
      const refused = await restoreBackup({ config, file }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BackupError);
      expect((refused as Error).message).toMatch(message);
      expect(fs.readdirSync(target.DATA_DIR!)).toEqual([]);
    }
  });
});

/**
 * The offset of a byte inside the database entry's data in an uncompressed tar (ustar headers: the
 * name in bytes 0-99, the size in octal in bytes 124-135, the data in 512-byte blocks after them), so
 * the altered byte is one the manifest's checksum covers, wherever the entries lie.
 */
function databaseByteIn(tar: Buffer): number {
  for (let offset = 0; offset + 512 <= tar.length;) {
    const name = tar.toString('utf8', offset, offset + 100).replace(/\0.*$/s, '');
    if (name === '') break;
    const size = parseInt(
      tar
        .toString('utf8', offset + 124, offset + 136)
        .replace(/\0.*$/s, '')
        .trim(),
      8,
    );
    if (/^database\/agentatlas\.(db|pgdump)$/.test(name) && size > 0)
      return offset + 512 + Math.min(7, size - 1);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error('the backup holds no database entry');
}

/**
 * A gzip'd tar made with node-tar whose manifest lists every entry with its true checksum, so only the
 * entry's name or type can be why it is refused. `make` lays the files out in `dir`; `names` gives each
 * its name in the archive.
 */
async function craftArchive(make: (dir: string) => void, names: Record<string, string>): Promise<string> {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'db'), 'not really a database');
  make(dir);
  const sha256 = (file: string) => {
    const stat = fs.lstatSync(file);
    const bytes = stat.isFile() ? fs.readFileSync(file) : Buffer.alloc(0);
    return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  };
  const all = {
    db: t.config.database.kind === 'sqlite' ? 'database/agentatlas.db' : 'database/agentatlas.pgdump',
    ...names,
  };
  const manifest = {
    format: 'agentatlas-backup/1',
    appVersion: '0.1.0',
    migration: null,
    database: t.config.database.kind,
    createdAt: new Date().toISOString(),
    files: Object.entries(all).map(([file, name]) => ({ path: name, ...sha256(path.join(dir, file)) })),
  };
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  const file = path.join(tempDir(), 'crafted.tar.gz');
  await createTar(
    {
      gzip: true,
      file,
      cwd: dir,
      onWriteEntry(entry: WriteEntry) {
        const name = all[entry.path.replace(/\/$/, '') as keyof typeof all];
        if (name !== undefined) entry.path = name;
      },
    },
    [...Object.keys(all), 'manifest.json'],
  );
  return file;
}

describe('an archive with an entry that could reach outside where it is put', () => {
  const key = 'aaaaaaaa-evil.png';
  it.each([
    [
      'a parent folder in its path',
      { evil: '../secret.key' },
      /\.\.\/secret\.key is not a file a backup holds/,
    ],
    ['a parent folder after uploads/', { evil: 'uploads/../../escaped.png' }, /is not a file a backup holds/],
    ['an absolute path', { evil: '/tmp/agentatlas-escaped.png' }, /is not a file a backup holds/],
    [
      'a symbolic link',
      { link: `uploads/${key}` },
      /uploads\/aaaaaaaa-evil\.png is a SymbolicLink, and a backup holds only files/,
    ],
    ['a hard link', { hard: `uploads/${key}` }, /is a Link, and a backup holds only files/],
    ['a directory', { folder: 'uploads' }, /uploads\/? is a Directory, and a backup holds only files/],
  ] as const)('is refused, with nothing written, when it has %s', async (_, names, message) => {
    const file = await craftArchive((dir) => {
      fs.writeFileSync(path.join(dir, 'evil'), 'written where it should not be');
      fs.symlinkSync('/etc/passwd', path.join(dir, 'link'));
      fs.linkSync(path.join(dir, 'db'), path.join(dir, 'hard'));
      fs.mkdirSync(path.join(dir, 'folder'));
    }, names);
    const target = await emptyTarget();
    const refused = await restoreBackup({ config: loadConfig(target), file }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(message);
    expect(fs.readdirSync(target.DATA_DIR!)).toEqual([]);
    expect(fs.existsSync(path.join(target.DATA_DIR!, '..', 'secret.key'))).toBe(false);
    expect(fs.existsSync('/tmp/agentatlas-escaped.png')).toBe(false);
  });
});

describe('a backup that could not be restored', () => {
  it('is not written: a folder among the uploads fails it, and an existing file is never replaced', async () => {
    const site = await createTestApp();
    const folder = path.join(site.config.dataDir, 'uploads', 'aaaaaaaa-folder.png');
    try {
      fs.mkdirSync(folder, { recursive: true });
      const dir = tempDir();
      const file = path.join(dir, 'backup.tar.gz');
      const refused = await createBackup({ config: site.config, file }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BackupError);
      expect((refused as Error).message).toMatch(
        /uploads\/aaaaaaaa-folder\.png\/? is a Directory, not a file: it cannot be backed up/,
      );
      expect(fs.readdirSync(dir)).toEqual([]);

      fs.rmdirSync(folder);
      fs.writeFileSync(file, 'an older backup');
      const existing = await createBackup({ config: site.config, file }).catch((error: unknown) => error);
      expect((existing as Error).message).toMatch(/exists: name a new file/);
      expect(fs.readFileSync(file, 'utf8')).toBe('an older backup');
    } finally {
      await site.close();
    }
  });
});

describe('a backup of a newer version', () => {
  it('is refused before anything is written', async () => {
    const newer = await createTestApp();
    try {
      await sql`insert into kysely_migration (name, timestamp) values (${'9999-from-the-future'}, ${new Date().toISOString()})`.execute(
        newer.app.db.kysely,
      );
      const file = path.join(tempDir(), 'newer.tar.gz');
      expect((await createBackup({ config: newer.config, file })).migration).toBe('9999-from-the-future');
      const target = await emptyTarget();
      const refused = await restoreBackup({ config: loadConfig(target), file }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(BackupError);
      expect((refused as Error).message).toMatch(
        /made by a newer version \(0\.1\.0, migration 9999-from-the-future\)/,
      );
      expect(fs.readdirSync(target.DATA_DIR!)).toEqual([]);
    } finally {
      await newer.close();
    }
  });
});

describe('scheduled backups (BACKUP_DIR, BACKUP_INTERVAL_H, BACKUP_KEEP)', () => {
  it('are taken by one instance of two, when due, keeping the newest; another takes over when it stops', async () => {
    const dir = tempDir();
    const settings = { BACKUP_DIR: dir, BACKUP_INTERVAL_H: '1', BACKUP_KEEP: '2' };
    const first = await createTestApp(settings);
    const { database } = first.config;
    // A second instance on the same database and data, as behind a load balancer.
    const second = await createTestApp({
      ...settings,
      DATA_DIR: first.config.dataDir,
      DATABASE_URL: database.kind === 'sqlite' ? `file:${database.file}` : database.url,
    });
    try {
      const hour = 3_600_000;
      const t0 = Date.parse('2026-11-28T10:00:00Z');
      const one = first.app.backupScheduler!;
      const other = second.app.backupScheduler!;
      expect(await one.runOnce(t0)).toMatchObject({ outcome: 'taken', removed: [] });
      expect(await other.runOnce(t0 + 2 * hour)).toEqual({ outcome: 'not-leader' });
      expect(await one.runOnce(t0 + hour / 2)).toEqual({ outcome: 'not-due' });
      expect(await one.runOnce(t0 + hour)).toMatchObject({ outcome: 'taken', removed: [] });
      expect(await one.runOnce(t0 + 2 * hour)).toMatchObject({
        outcome: 'taken',
        removed: ['agentatlas-20261128T100000Z.tar.gz'],
      });
      expect(await one.archives()).toEqual([
        'agentatlas-20261128T110000Z.tar.gz',
        'agentatlas-20261128T120000Z.tar.gz',
      ]);
      const manifest = await verifyBackup(path.join(dir, 'agentatlas-20261128T120000Z.tar.gz'));
      expect(manifest.migration).toBe(latestMigration());

      // The first instance stops (its files stay: the second uses them).
      await first.app.close();
      expect(await other.runOnce(t0 + 3 * hour)).toMatchObject({
        outcome: 'taken',
        removed: ['agentatlas-20261128T110000Z.tar.gz'],
      });
    } finally {
      await second.close();
      await first.close().catch(() => {}); // closed already; this removes its files
    }
  });
});
