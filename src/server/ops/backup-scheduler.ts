import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Config } from '../config.js';
import { createBackup } from './backup.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when BACKUP_DIR is. */
    backupScheduler: BackupScheduler | null;
  }
}

/** How often an instance looks whether a backup is due (and whether it is the one to take it). */
const TICK_MS = 60_000;
const ARCHIVE_NAME = /^agentatlas-(\d{8}T\d{6}Z)\.tar\.gz$/;
const LOCK_FILE = '.scheduler.lock';

/** agentatlas-20261128T145200Z.tar.gz: sorted by name is sorted by time. */
export function archiveName(at: number): string {
  const stamp = new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `agentatlas-${stamp}.tar.gz`;
}

function timeOf(name: string): number {
  const stamp = ARCHIVE_NAME.exec(name)![1]!;
  return Date.parse(
    `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
  );
}

/**
 * Which instance takes the scheduled backups: on PostgreSQL, the one holding a session advisory
 * lock (per schema) on a connection it keeps, so another takes over when it stops or dies; on SQLite
 * (one machine), the process named in BACKUP_DIR's lock file while that process lives.
 */
interface Leadership {
  hold(): Promise<boolean>;
  release(): Promise<void>;
}

function postgresLeadership(url: string): Leadership {
  let client: pg.Client | undefined;
  return {
    async hold() {
      if (client) return true;
      const candidate = new pg.Client({ connectionString: url });
      // A broken connection loses the lock; the next tick asks again.
      candidate.on('error', () => {
        if (client === candidate) client = undefined;
      });
      await candidate.connect();
      try {
        const { rows } = await candidate.query<{ held: boolean }>(
          `select pg_try_advisory_lock(hashtext(current_schema() || ':agentatlas-scheduled-backups')) as held`,
        );
        if (rows[0]?.held) {
          client = candidate;
          return true;
        }
      } catch {
        // fall through: not the leader this time
      }
      await candidate.end().catch(() => {});
      return false;
    },
    async release() {
      const held = client;
      client = undefined;
      await held?.end().catch(() => {});
    },
  };
}

function fileLeadership(dir: string, instanceId: string): Leadership {
  const file = path.join(dir, LOCK_FILE);
  const mine = `${process.pid} ${instanceId}`;
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  return {
    async hold() {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        try {
          await fs.promises.writeFile(file, mine, { flag: 'wx' });
          return true;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
        const holder = (await fs.promises.readFile(file, 'utf8').catch(() => '')).trim();
        if (holder === mine) return true;
        const pid = Number(holder.split(' ')[0]);
        if (Number.isInteger(pid) && pid > 0 && alive(pid)) return false;
        await fs.promises.rm(file, { force: true }); // left by a process that is gone
      }
      return false;
    },
    async release() {
      const holder = (await fs.promises.readFile(file, 'utf8').catch(() => '')).trim();
      if (holder === mine) await fs.promises.rm(file, { force: true });
    },
  };
}

export type ScheduledRun =
  { outcome: 'taken'; file: string; removed: string[] } | { outcome: 'not-due' | 'not-leader' | 'busy' };

/**
 * Takes a backup into BACKUP_DIR every BACKUP_INTERVAL_H hours and keeps the newest BACKUP_KEEP, on
 * one instance of several. A backup is due when the newest archive in the folder is that old. `runOnce(now)`
 * takes the clock, so tests can move it.
 */
export class BackupScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ScheduledRun> | undefined;
  private readonly leadership: Leadership;
  private readonly dir: string;

  constructor(
    private readonly config: Config,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  ) {
    this.dir = config.backups.dir!;
    this.leadership =
      config.database.kind === 'postgres'
        ? postgresLeadership(config.database.url)
        : fileLeadership(this.dir, randomUUID());
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) => this.log.error({ err: error }, 'scheduled backup failed'));
    }, TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
    await this.leadership.release();
  }

  /** The archives in BACKUP_DIR, oldest first. */
  async archives(): Promise<string[]> {
    const names = await fs.promises.readdir(this.dir).catch(() => []);
    return names.filter((name) => ARCHIVE_NAME.test(name)).sort();
  }

  runOnce(now: number = Date.now()): Promise<ScheduledRun> {
    if (this.running) return Promise.resolve({ outcome: 'busy' });
    const run = this.run(now).finally(() => {
      this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async run(now: number): Promise<ScheduledRun> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    if (!(await this.leadership.hold())) return { outcome: 'not-leader' };
    const newest = (await this.archives()).at(-1);
    if (newest && now - timeOf(newest) < this.config.backups.intervalH * 3_600_000)
      return { outcome: 'not-due' };
    const file = path.join(this.dir, archiveName(now));
    const manifest = await createBackup({ config: this.config, file });
    const removed: string[] = [];
    const archives = await this.archives();
    for (const name of archives.slice(0, Math.max(0, archives.length - this.config.backups.keep))) {
      await fs.promises.rm(path.join(this.dir, name), { force: true });
      removed.push(name);
    }
    this.log.info(
      { file, migration: manifest.migration, files: manifest.files.length, removed },
      'scheduled backup taken',
    );
    return { outcome: 'taken', file, removed };
  }
}

/** With BACKUP_DIR set, this instance takes part in the scheduled backups. */
async function scheduledBackups(app: FastifyInstance) {
  const scheduler = app.config.backups.dir ? new BackupScheduler(app.config, app.log) : null;
  app.decorate('backupScheduler', scheduler);
  if (!scheduler) return;
  scheduler.start();
  app.addHook('onClose', () => scheduler.stop());
}

export default fp(scheduledBackups, { name: 'scheduled-backups' });
