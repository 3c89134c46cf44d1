import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type * as WorkerThreads from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** How often the background connection copies the write-ahead log into the database file. */
const CHECKPOINT_INTERVAL_MS = 500;

/**
 * The log size, in pages, at which a commit on the request thread checkpoints by itself: SQLite's
 * own rule, kept as a backstop ten times further out than its default of 1,000, reached only if
 * the background checkpoints stop or fall behind (40 MB of log).
 */
const BACKSTOP_CHECKPOINT_PAGES = 10_000;

export interface WalCheckpoints {
  /** Ends the background connection; resolves once it is closed. */
  stop(): Promise<void>;
}

/**
 * The worker's whole program, passed as source (`eval`) so the same code runs from the compiled
 * server and under the test runner's transform, without a build entry of its own. It is CommonJS:
 * an evaluated worker script has `require`, and nothing from the module around it.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- an evaluated worker script loads with require */
function checkpointLoop() {
  const { workerData, parentPort } = require('node:worker_threads') as typeof WorkerThreads;
  const { driverPath, file, intervalMs } = workerData as {
    driverPath: string;
    file: string;
    intervalMs: number;
  };
  const Database = require(driverPath) as typeof BetterSqlite3;
  const db = new Database(file, { fileMustExist: true });
  // The connection only copies pages: a page cache of its own would be memory for nothing.
  db.pragma('cache_size = -256');
  // PASSIVE never waits for a reader or a writer; what it cannot copy now, it copies next time.
  const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), intervalMs);
  parentPort!.once('message', () => {
    clearInterval(timer);
    db.close();
    parentPort!.close();
  });
}
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * Checkpoints an SQLite database in WAL mode from a worker thread (decision 0023). A checkpoint syncs
 * the log and writes its pages into the database file; run by the commit that passes SQLite's
 * threshold, it held the event loop, and every request with it, for up to 24 ms. `main` is the
 * request thread's connection: it keeps a far backstop, used again at once if the worker fails.
 */
export function startWalCheckpoints(main: { pragma(source: string): unknown }, file: string): WalCheckpoints {
  main.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  const worker = new Worker(`(${checkpointLoop.toString()})()`, {
    eval: true,
    workerData: {
      driverPath: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      intervalMs: CHECKPOINT_INTERVAL_MS,
    },
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopping = false;
  worker.on('error', (error) => {
    if (stopping) return;
    // SQLite's default again: the commit that fills 1,000 pages of log checkpoints, on the request thread.
    main.pragma('wal_autocheckpoint = 1000');
    console.error(
      JSON.stringify({
        level: 40,
        msg: 'background WAL checkpoints stopped; commits checkpoint instead',
        err: String(error),
      }),
    );
  });
  return {
    async stop() {
      stopping = true;
      // Held while it closes: a process with nothing else to do would otherwise end before it has.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
