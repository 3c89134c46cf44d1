import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import type * as WorkerThreads from 'node:worker_threads';
import zlib from 'node:zlib';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Pack, Parser, type ReadEntry, type WriteEntry } from 'tar';
import { z } from 'zod';
import type { Config } from '../config.js';
import { createDb } from '../db/database.js';
import { knownMigrationNames, migrateToLatest } from '../db/migrate.js';
import { isStorageKey } from '../storage/storage-driver.js';

/**
 * Online backups and their restore (npm run backup / npm run restore, and scheduled backups). An
 * archive is a gzip'd tar, written and read with node-tar: the database (a SQLite backup-API copy, or
 * a pg_dump in custom format), the uploaded files, the secret key when the data directory holds it,
 * and last a manifest with the SHA-256 of every other file. A restore checks every checksum before it
 * writes anything.
 */

const execFileAsync = promisify(execFile);

const MANIFEST = 'manifest.json';
const SQLITE_ENTRY = 'database/agentatlas.db';
const POSTGRES_ENTRY = 'database/agentatlas.pgdump';
/** Kept with the data when SECRET_KEY is unset (lib/secret-box.ts): without it, stored tokens and webhook secrets are unreadable. */
const SECRET_KEY_ENTRY = 'secret.key';
const UPLOADS_PREFIX = 'uploads/';
const FORMAT = 'agentatlas-backup/1';
/** One backup step copies every page: steps in between would start over at each commit of the server. */
const ALL_PAGES = 0x7fffffff;
/** pg_dump's and pg_restore's messages can be long; their output goes to files. */
const TOOL_OUTPUT_BYTES = 16 * 1024 * 1024;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  appVersion: z.string(),
  /** The last migration applied in the backed-up database; null when it had none. */
  migration: z.string().nullable(),
  database: z.enum(['sqlite', 'postgres']),
  /** The PostgreSQL schema the data lives in: a restore puts it back into a schema of the same name. */
  postgresSchema: z.string().optional(),
  createdAt: z.string(),
  files: z.array(
    z.object({
      path: z.string(),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** A refusal or a damaged archive, said to the operator as it is. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

function appVersion(): string {
  const file = path.resolve(import.meta.dirname, '../../../package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');
const secretKeyFile = (config: Config) => path.join(config.dataDir, SECRET_KEY_ENTRY);

function describeError(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  return stderr || (error instanceof Error ? error.message : String(error));
}

/**
 * How pg_dump and pg_restore are told the database: libpq reads a '+' in the URL's query as itself,
 * where node-postgres (and URLSearchParams, which wrote it) mean a space; and the password goes in
 * the environment, not on a command line every user of the machine can list.
 */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  parsed.search = [...parsed.searchParams]
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** The schema the connection's search_path names first (where the app's tables are). */
async function searchPathSchema(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ search_path: string }>('show search_path');
  const first = (rows[0]?.search_path ?? '')
    .split(',')
    .map((name) => name.trim())
    .find((name) => name !== '"$user"' && name !== '');
  if (!first) throw new BackupError('DATABASE_URL names no schema in its search_path');
  return first.startsWith('"') ? first.slice(1, -1).replace(/""/g, '"') : first;
}

async function lastMigration(query: () => Promise<string | undefined>): Promise<string | null> {
  try {
    return (await query()) ?? null;
  } catch {
    return null; // no migrations table: an empty database
  }
}

/**
 * The backup worker's whole program, passed as source (`eval`) as db/wal-checkpoints.ts does, so it
 * runs from the compiled server and under the test runner alike. CommonJS: an evaluated worker has
 * `require` and nothing from this module.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- an evaluated worker script loads with require */
function sqliteBackupWorker() {
  const { workerData, parentPort } = require('node:worker_threads') as typeof WorkerThreads;
  const { driverPath, source, target, pages } = workerData as {
    driverPath: string;
    source: string;
    target: string;
    pages: number;
  };
  const Database = require(driverPath) as typeof SqliteDatabase;
  const db = new Database(source, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.backup(target, { progress: () => pages }).then(
    () => {
      db.close();
      parentPort!.postMessage(null);
    },
    (error: unknown) => {
      db.close();
      parentPort!.postMessage(error instanceof Error ? error.message : String(error));
    },
  );
}
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * Copies a live SQLite database with the backup API on a worker thread: the copy is one step (a
 * step copies synchronously), which on the request thread would hold every request for as long as
 * reading the whole file takes.
 */
async function copySqliteInWorker(source: string, target: string): Promise<void> {
  // tsx and the test runner keep function names with a __name helper the evaluated source lacks.
  const worker = new Worker(`const __name = (fn) => fn; (${sqliteBackupWorker.toString()})()`, {
    eval: true,
    workerData: {
      driverPath: createRequire(import.meta.url).resolve('better-sqlite3'),
      source,
      target,
      pages: ALL_PAGES,
    },
  });
  const failure = await new Promise<string | null>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the backup worker stopped (${code})`)));
  });
  await worker.terminate();
  if (failure !== null) throw new BackupError(`the SQLite backup failed: ${failure}`);
}

interface Snapshot {
  file: string;
  entry: string;
  migration: string | null;
  postgresSchema?: string;
}

/** A consistent copy of the database as of now, while the app goes on writing to it. */
async function snapshotDatabase(config: Config, staging: string): Promise<Snapshot> {
  const database = config.database;
  if (database.kind === 'sqlite') {
    if (!fs.existsSync(database.file)) throw new BackupError(`there is no database at ${database.file}`);
    const file = path.join(staging, 'agentatlas.db');
    await copySqliteInWorker(database.file, file);
    const copy = new SqliteDatabase(file, { readonly: true });
    try {
      const migration = await lastMigration(
        async () =>
          copy.prepare('select name from kysely_migration order by name desc limit 1').pluck().get() as
            string | undefined,
      );
      return { file, entry: SQLITE_ENTRY, migration };
    } finally {
      copy.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let schema: string;
  let migration: string | null;
  try {
    schema = await searchPathSchema(client);
    // Read before the dump: a migration applied meanwhile is in the dump, and a restore applies
    // what is missing anyway.
    migration = await lastMigration(
      async () =>
        (await client.query<{ name: string }>('select name from kysely_migration order by name desc limit 1'))
          .rows[0]?.name,
    );
  } finally {
    await client.end();
  }
  const file = path.join(staging, 'agentatlas.pgdump');
  const connection = libpqConnection(database.url);
  try {
    // A dump is one repeatable-read snapshot: the app goes on writing while it is taken.
    await execFileAsync(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--schema="${schema.replace(/"/g, '""')}"`,
        `--file=${file}`,
        `--dbname=${connection.dbname}`,
      ],
      { maxBuffer: TOOL_OUTPUT_BYTES, env: connection.env },
    );
  } catch (error) {
    throw new BackupError(`pg_dump failed: ${describeError(error)}`);
  }
  return { file, entry: POSTGRES_ENTRY, migration, postgresSchema: schema };
}

async function listUploads(config: Config): Promise<string[]> {
  try {
    // Files being written are dot-named until renamed (storage/local-driver.ts): never keys.
    return (await fs.promises.readdir(uploadsDir(config))).filter(isStorageKey).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Where one entry's bytes go as they are read. */
interface EntrySink {
  data(chunk: Buffer): void;
  end(): void;
}

/**
 * Reads a gzip'd tar to its end, handing each entry's bytes to the sink `onEntry` gives for it. node-tar
 * parses it strictly (a bad header checksum or a cut-off archive is an error); anything but a regular
 * file (a directory, a link, a device) is refused here, so no entry can point outside where it is put.
 */
async function readArchive(
  file: string,
  onEntry: (entry: { name: string; size: number }) => EntrySink,
): Promise<void> {
  let failure: unknown;
  let fail = (error: unknown) => {
    failure ??= error;
  };
  const parser = new Parser({
    strict: true,
    onReadEntry(entry: ReadEntry) {
      let sink: EntrySink;
      try {
        if (failure !== undefined) throw failure;
        if (entry.type !== 'File' && entry.type !== 'OldFile')
          throw new BackupError(`${entry.path} is a ${entry.type}, and a backup holds only files`);
        sink = onEntry({ name: entry.path, size: entry.size });
      } catch (error) {
        fail(error);
        entry.resume();
        return;
      }
      // A sink that throws stops the read: the error is the archive's, not the process's.
      entry.on('data', (chunk: Buffer) => {
        if (failure === undefined)
          try {
            sink.data(chunk);
          } catch (error) {
            fail(error);
          }
      });
      entry.on('end', () => {
        if (failure === undefined)
          try {
            sink.end();
          } catch (error) {
            fail(error);
          }
      });
    },
  });
  const parsed = new Promise<void>((resolve, reject) => {
    fail = (error: unknown) => {
      failure ??= error;
      reject(failure as Error);
    };
    parser.on('error', fail);
    parser.on('end', () => (failure === undefined ? resolve() : reject(failure as Error)));
  });
  const feed = async () => {
    const gunzip = zlib.createGunzip();
    const input = fs.createReadStream(file).pipe(gunzip);
    try {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        if (failure !== undefined) break;
        if (!parser.write(chunk)) await new Promise((resolve) => parser.once('drain', resolve));
      }
    } catch (error) {
      fail(error);
    }
    input.destroy();
    parser.end();
  };
  await Promise.all([parsed, feed()]);
}

/** A Map that remembers nothing: node-tar writes a file with other hard links as a link to the first. */
class NoLinks extends Map<`${number}:${number}`, string> {
  override set(): this {
    return this;
  }
}

/**
 * Writes a backup of the running site to `file` (which must not exist): the database first, then the
 * uploads, so every file the copied database names is in the archive. The archive is written aside
 * and renamed when whole, so a crash never leaves half of one under the name.
 */
export async function createBackup(options: { config: Config; file: string }): Promise<BackupManifest> {
  const { config } = options;
  const target = path.resolve(options.file);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists: name a new file`);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const staging = await fs.promises.mkdtemp(path.join(path.dirname(target), '.agentatlas-backup-'));
  try {
    const createdAt = new Date().toISOString();
    const snapshot = await snapshotDatabase(config, staging);
    const partial = path.join(staging, 'archive.tar.gz');

    // The files live in three places (the staging copy, DATA_DIR, its uploads): each is added by its
    // absolute path (kept as given, not stripped with a warning) and renamed to its name in the
    // archive as node-tar writes its header.
    const names = new Map<string, string>();
    const pack = new Pack({
      cwd: staging,
      portable: true,
      strict: true,
      preservePaths: true,
      // A link is archived as the file it names, as a restore writes only files.
      follow: true,
      linkCache: new NoLinks(),
      onWriteEntry(entry: WriteEntry) {
        entry.path = names.get(entry.absolute) ?? entry.path;
      },
    });
    // The manifest's checksums are taken from the very bytes written: the tar stream is read back
    // by a parser on its way to gzip.
    const hashed = new Map<string, { size: number; sha256: string }>();
    const waiting = new Map<string, () => void>();
    let unfit: BackupError | undefined;
    const check = new Parser({
      strict: true,
      onReadEntry(entry: ReadEntry) {
        // A restore refuses anything else: better no backup than one that cannot be restored.
        if (entry.type !== 'File')
          unfit ??= new BackupError(`${entry.path} is a ${entry.type}, not a file: it cannot be backed up`);
        const hash = createHash('sha256');
        let size = 0;
        entry.on('data', (chunk: Buffer) => {
          size += chunk.length;
          hash.update(chunk);
        });
        entry.on('end', () => {
          hashed.set(entry.path, { size, sha256: hash.digest('hex') });
          waiting.get(entry.path)?.();
        });
      },
    });
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        check.write(chunk);
        done(unfit ?? null, chunk);
      },
      flush(done) {
        check.end();
        done();
      },
    });
    const stop = new AbortController();
    const written = pipeline(
      Readable.from(pack),
      tee,
      zlib.createGzip(),
      fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
      { signal: stop.signal },
    );
    const stopped = written.then(() => {
      throw new Error('the archive ended before every file was in it');
    });
    // One file at a time: an upload deleted since it was listed is left out, not a failed backup.
    const add = async (name: string, file: string) => {
      names.set(file, name);
      const done = new Promise<void>((resolve) => waiting.set(name, resolve));
      pack.add(file);
      await Promise.race([done, stopped]);
      return { path: name, ...hashed.get(name)! };
    };
    const writing = async (): Promise<BackupManifest> => {
      try {
        return await writeEntries();
      } catch (error) {
        // Closes the partial file; the pack itself is left to be collected, as an entry it is still
        // reading would throw on writing to a destroyed one.
        stop.abort(error);
        throw error;
      }
    };
    const writeEntries = async (): Promise<BackupManifest> => {
      const files: BackupManifest['files'] = [];
      files.push(await add(snapshot.entry, snapshot.file));
      await fs.promises.rm(snapshot.file);
      if (fs.existsSync(secretKeyFile(config)))
        files.push(await add(SECRET_KEY_ENTRY, secretKeyFile(config)));
      for (const key of await listUploads(config)) {
        const file = path.join(uploadsDir(config), key);
        // Deleted since it was listed: the copied database may not name it either way.
        if (fs.existsSync(file)) files.push(await add(UPLOADS_PREFIX + key, file));
      }
      const manifest: BackupManifest = {
        format: FORMAT,
        appVersion: appVersion(),
        migration: snapshot.migration,
        database: config.database.kind,
        ...(snapshot.postgresSchema !== undefined ? { postgresSchema: snapshot.postgresSchema } : {}),
        createdAt,
        files,
      };
      const manifestFile = path.join(staging, MANIFEST);
      await fs.promises.writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o644 });
      await add(MANIFEST, manifestFile);
      pack.end();
      return manifest;
    };
    const [manifest] = await Promise.all([writing(), written]);
    await syncFile(partial);
    await fs.promises.rename(partial, target);
    return manifest;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/** The names a restore writes: anything else in an archive is refused, so none can reach outside. */
function isKnownEntry(name: string): boolean {
  if (name === SQLITE_ENTRY || name === POSTGRES_ENTRY || name === SECRET_KEY_ENTRY) return true;
  return name.startsWith(UPLOADS_PREFIX) && isStorageKey(name.slice(UPLOADS_PREFIX.length));
}

/**
 * Reads the whole archive and answers its manifest when every file it lists is there with its size
 * and SHA-256, and nothing else is; otherwise throws a BackupError naming what is wrong.
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  const found = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  try {
    await readArchive(file, ({ name }) => {
      if (found.has(name) || (name === MANIFEST && manifestText !== undefined))
        throw new BackupError(`${name} is in the archive twice`);
      const hash = createHash('sha256');
      const kept: Buffer[] | undefined = name === MANIFEST ? [] : undefined;
      let size = 0;
      return {
        data(chunk) {
          size += chunk.length;
          if (kept) kept.push(chunk);
          else hash.update(chunk);
        },
        end() {
          if (kept) manifestText = Buffer.concat(kept).toString('utf8');
          else found.set(name, { size, sha256: hash.digest('hex') });
        },
      };
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is damaged: ${describeError(error)}`);
  }
  if (manifestText === undefined)
    throw new BackupError(`${file} has no ${MANIFEST}: it is not a whole backup`);
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText));
  } catch {
    throw new BackupError(`${file}'s ${MANIFEST} is not an AgentAtlas backup manifest`);
  }
  const listed = new Set<string>();
  for (const entry of manifest.files) {
    const actual = found.get(entry.path);
    if (!actual)
      throw new BackupError(`${entry.path} is listed in the manifest but missing from the archive`);
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256)
      throw new BackupError(`${entry.path} does not match its checksum: the archive is damaged`);
    if (!isKnownEntry(entry.path)) throw new BackupError(`${entry.path} is not a file a backup holds`);
    listed.add(entry.path);
  }
  for (const name of found.keys())
    if (!listed.has(name)) throw new BackupError(`${name} is in the archive but not in its manifest`);
  const databaseEntry = manifest.database === 'sqlite' ? SQLITE_ENTRY : POSTGRES_ENTRY;
  if (!listed.has(databaseEntry)) throw new BackupError(`the archive holds no ${manifest.database} database`);
  return manifest;
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

/** Empties the target, or refuses when it holds anything and force is not given. */
async function prepareTarget(config: Config, manifest: BackupManifest, force: boolean): Promise<void> {
  const refuse = (where: string, what: string) => {
    throw new BackupError(
      `${where} is not empty (${what}): restore into an empty one, or add --force to replace what is there`,
    );
  };
  const archivedKey = manifest.files.find((entry) => entry.path === SECRET_KEY_ENTRY);
  const keyFile = secretKeyFile(config);
  const uploads = await listUploads(config);
  const keyDiffers =
    archivedKey !== undefined && fs.existsSync(keyFile) && (await hashFile(keyFile)) !== archivedKey.sha256;
  const database = config.database;
  if (database.kind === 'sqlite') {
    const held: string[] = [];
    if (fs.existsSync(database.file) && fs.statSync(database.file).size > 0) held.push(database.file);
    if (uploads.length > 0) held.push(`${uploads.length} uploaded files`);
    if (keyDiffers) held.push('another secret.key');
    if (held.length > 0 && !force) refuse(config.dataDir, held.join(', '));
    for (const suffix of ['', '-wal', '-shm'])
      await fs.promises.rm(`${database.file}${suffix}`, { force: true });
  } else {
    if (manifest.database !== 'postgres' || manifest.postgresSchema === undefined)
      throw new BackupError('the manifest names no PostgreSQL schema');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const schema = await searchPathSchema(client);
      if (schema !== manifest.postgresSchema)
        throw new BackupError(
          `the backup holds schema ${manifest.postgresSchema}, but DATABASE_URL's search_path names ${schema}: ` +
            `point it at ${manifest.postgresSchema} (options=-c search_path=${manifest.postgresSchema})`,
        );
      const { rows } = await client.query<{ count: number }>(
        'select count(*)::int as count from information_schema.tables where table_schema = $1',
        [schema],
      );
      const tables = rows[0]?.count ?? 0;
      const held = [
        ...(tables > 0 ? [`${tables} tables`] : []),
        ...(uploads.length > 0 ? [`${uploads.length} uploaded files in ${uploadsDir(config)}`] : []),
        ...(keyDiffers ? [`another ${keyFile}`] : []),
      ];
      if (held.length > 0 && !force) refuse(`schema ${schema}`, held.join(', '));
      const quoted = `"${schema.replace(/"/g, '""')}"`;
      if (tables > 0) await client.query(`drop schema ${quoted} cascade`);
      await client.query(`create schema if not exists ${quoted}`);
    } finally {
      await client.end();
    }
  }
  for (const key of uploads) await fs.promises.rm(path.join(uploadsDir(config), key), { force: true });
}

/** Writes one archive entry to a file of its own, checking its checksum again as it goes. */
function fileSink(file: string, expected: { sha256: string }, mode = 0o644): EntrySink & { check(): void } {
  const fd = fs.openSync(file, 'wx', mode);
  const hash = createHash('sha256');
  let sha256: string | undefined;
  return {
    data(chunk) {
      hash.update(chunk);
      fs.writeSync(fd, chunk);
    },
    end() {
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      sha256 = hash.digest('hex');
    },
    check() {
      if (sha256 !== expected.sha256) throw new BackupError(`${file} changed while it was restored`);
    },
  };
}

async function restorePostgres(url: string, dump: string): Promise<void> {
  const list = `${dump}.list`;
  const connection = libpqConnection(url);
  try {
    const { stdout } = await execFileAsync('pg_restore', ['--list', dump], { maxBuffer: TOOL_OUTPUT_BYTES });
    // The schema itself exists already (prepareTarget made it, with the target's owner).
    const kept = stdout
      .split('\n')
      .filter((line) => !/ SCHEMA - /.test(line) && !/ COMMENT - SCHEMA /.test(line));
    await fs.promises.writeFile(list, kept.join('\n'));
    await execFileAsync(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--use-list=${list}`,
        `--dbname=${connection.dbname}`,
        dump,
      ],
      { maxBuffer: TOOL_OUTPUT_BYTES, env: connection.env },
    );
  } catch (error) {
    throw new BackupError(`pg_restore failed: ${describeError(error)}`);
  } finally {
    await fs.promises.rm(list, { force: true });
  }
}

/**
 * Restores a backup into the configured DATA_DIR and database: every checksum is checked before
 * anything is written; a target holding data is refused unless `force`; then the migrations this
 * version has and the backup had not are applied. Answers the manifest and the migrations applied.
 */
export async function restoreBackup(options: {
  config: Config;
  file: string;
  force?: boolean;
}): Promise<{ manifest: BackupManifest; applied: string[] }> {
  const { config } = options;
  const file = path.resolve(options.file);
  const manifest = await verifyBackup(file);
  if (manifest.database !== config.database.kind)
    throw new BackupError(
      `this is a ${manifest.database} backup and DATABASE_URL names ${config.database.kind}: restore it into a ${manifest.database} database`,
    );
  if (manifest.migration !== null && !knownMigrationNames(manifest.database).includes(manifest.migration))
    throw new BackupError(
      `this backup was made by a newer version (${manifest.appVersion}, migration ${manifest.migration}): ` +
        'restore it with that version or a later one',
    );
  await prepareTarget(config, manifest, options.force ?? false);

  const expected = new Map(manifest.files.map((entry) => [entry.path, entry]));
  const staging = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'agentatlas-restore-'));
  const restoring = `.restoring-${randomBytes(4).toString('hex')}`;
  const moves: Array<{ from: string; to: string; sink: ReturnType<typeof fileSink> }> = [];
  let dump: string | undefined;
  try {
    await fs.promises.mkdir(uploadsDir(config), { recursive: true });
    await readArchive(file, ({ name }) => {
      const entry = expected.get(name);
      if (!entry) return { data() {}, end() {} }; // the manifest
      let from: string;
      let to: string | undefined;
      let mode = 0o644;
      if (name === SQLITE_ENTRY && config.database.kind === 'sqlite') {
        to = config.database.file;
        from = `${to}${restoring}`;
        fs.mkdirSync(path.dirname(to), { recursive: true });
      } else if (name === POSTGRES_ENTRY) {
        from = dump = path.join(staging, 'agentatlas.pgdump');
      } else if (name === SECRET_KEY_ENTRY) {
        to = secretKeyFile(config);
        from = `${to}${restoring}`;
        mode = 0o600;
      } else {
        const key = name.slice(UPLOADS_PREFIX.length);
        to = path.join(uploadsDir(config), key);
        from = path.join(uploadsDir(config), `.${key}${restoring}`);
      }
      const sink = fileSink(from, entry, mode);
      moves.push({ from, to: to ?? from, sink });
      return sink;
    });
    for (const move of moves) move.sink.check();
    if (dump !== undefined && config.database.kind === 'postgres')
      await restorePostgres(config.database.url, dump);
    for (const move of moves) if (move.from !== move.to) await fs.promises.rename(move.from, move.to);
  } catch (error) {
    for (const move of moves) await fs.promises.rm(move.from, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`restore failed: ${describeError(error)}`);
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }

  const db = createDb(config.database);
  try {
    return { manifest, applied: await migrateToLatest(db) };
  } finally {
    await db.close();
  }
}
