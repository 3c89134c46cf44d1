/**
 * npm run bench:probes (issue 12): 10,000 MCP endpoints probed against local fakes.
 *
 * 1. A copy of the 10,000-agent bench database gets an mcp_url on every agent, spread round-robin over
 *    BENCH_PROBE_HOSTS (64) fake MCP servers on 127.0.0.1, one port each (bench/mcp-fakes.ts, its own
 *    process). The server starts with PROBES=on and PROBE_CONCURRENCY (32); the round is timed from the
 *    server's start to the last endpoint's checked_at, read from the database (read-only).
 * 2. While the round runs flat out (an interval short enough that the scheduler's pace does not hold
 *    it back), the mixed read load of bench/mixed.ts (reads only) runs in back-to-back windows of
 *    BENCH_DURATION seconds; the windows that ended before the round did are "flat-out".
 * 3. On a fresh copy, the server probes at production's pace (PROBE_INTERVAL_S's default) while the
 *    same reads run OFF_WINDOWS_MAX windows; then it restarts with PROBES=off for as many windows.
 *    Every figure comes from one run: the machine is noisy.
 * 4. CPU per probe: the server's CPU over the flat-out round per probe made, gross and less the reads
 *    it answered meanwhile (at the per-read cost of the probes-off half). The load average before and
 *    after the run says how busy the shared machine was.
 *
 * The fleet mixes the protocol eras (bench/mcp-fakes.ts), so both are probed. BENCH_PORT moves the
 * server off 3930. Everything lands in bench/probes-results.json.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { load, pathMaker, type LoadResult } from './mixed.js';
import type { FakeHost, FakeMode } from './mcp-fakes.js';
import { dataRoot, ensureBenchDatabase, root, startServer, stop } from './server.js';

const AGENTS = 10_000;
const HOSTS = Number(process.env.BENCH_PROBE_HOSTS ?? 64);
const CONCURRENCY = Number(process.env.PROBE_CONCURRENCY ?? 32);
/** The scheduler's own per-host cap (probe-scheduler.ts); printed, not set. */
const PER_HOST = 2;
const CONNECTIONS = 10;
const WINDOW_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 3;
const OFF_WINDOWS_MAX = 12;
/** The run gives up on a round that takes longer than this. */
const ROUND_LIMIT_S = Number(process.env.BENCH_ROUND_LIMIT ?? 420);
const port = Number(process.env.BENCH_PORT ?? 3930);
const base = `http://127.0.0.1:${port}`;

/** What each fake mode should leave in agent_endpoints.status. */
const EXPECTED: Record<FakeMode, (host: FakeHost) => string> = {
  healthy: () => 'up',
  modern: () => 'up',
  dual: () => 'up',
  slow: (host) => ((host.slowMs ?? 0) * 3 > 2000 ? 'degraded' : 'up'),
  // A 401 that names no protected-resource metadata: credentials asked for, nowhere to get them.
  auth: () => 'non_conformant',
  // A 401 naming RFC 9728 metadata, whose authorization server's metadata loads.
  oauth: () => 'needs_auth',
  garbage: () => 'non_conformant',
  error: () => 'down',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (value: number) => Math.round(value * 10) / 10;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
}

function percentile(sorted: number[], q: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}

/**
 * How many probes were in flight over the round, from each endpoint's checked_at and latency (a probe
 * ran from checked_at - latency_ms to checked_at): the mean, and the share of the time when at most
 * `few` were, i.e. when most slots stood idle.
 */
function inFlight(
  rows: Array<{ checked_at: string; latency_ms: number | null }>,
  from: number,
  to: number,
  few: number,
) {
  const events: Array<[number, number]> = [];
  for (const row of rows) {
    const end = Date.parse(row.checked_at);
    events.push([end - (row.latency_ms ?? 0), 1], [end, -1]);
  }
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let level = 0;
  let at = from;
  let weighted = 0;
  let fewMs = 0;
  for (const [time, change] of events) {
    const clamped = Math.min(Math.max(time, from), to);
    if (clamped > at) {
      weighted += level * (clamped - at);
      if (level <= few) fewMs += clamped - at;
      at = clamped;
    }
    level += change;
  }
  return { mean: round1(weighted / (to - from)), fewShare: round3(fewMs / (to - from)) };
}

/** Builds dist/server when it is missing or older than a source file it is built from. */
function ensureServerBuilt() {
  const main = path.join(root, 'dist/server/main.js');
  const built = fs.existsSync(main) ? fs.statSync(main).mtimeMs : 0;
  const newest = ['src/server', 'src/shared']
    .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .reduce(
      (latest, entry) => Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
      0,
    );
  if (built >= newest) return;
  console.log('building dist/server...');
  const build = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
}

/** CPU seconds a process has used so far (user + system), from /proc; 0 once it is gone. */
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
}

/** Busy CPU seconds of the whole machine so far, every core, from /proc/stat. */
function machineBusySeconds(): number {
  const fields = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / clockTicks;
}

/**
 * CPU seconds from now until the returned function is called: the server (its whole life: it starts
 * after this), the fakes, this process (autocannon) and everything else on the machine, so that a
 * half slowed by another process's work says so.
 */
function cpuMeter(fakesPid: number | undefined) {
  const startedAt = Date.now();
  const machine = machineBusySeconds();
  const fakes = cpuSeconds(fakesPid);
  const driver = process.cpuUsage();
  return (serverPid: number | undefined) => {
    const serverS = cpuSeconds(serverPid);
    const fakesS = cpuSeconds(fakesPid) - fakes;
    const { user, system } = process.cpuUsage(driver);
    const driverS = (user + system) / 1e6;
    return {
      overS: round1((Date.now() - startedAt) / 1000),
      serverS: round1(serverS),
      fakesS: round1(fakesS),
      driverS: round1(driverS),
      elsewhereS: round1(Math.max(0, machineBusySeconds() - machine - serverS - fakesS - driverS)),
    };
  };
}

interface Fakes {
  child: ChildProcess;
  ports: number[];
  modes: FakeHost[];
  stats(): Promise<{ requests: number; cpuMs: number }>;
}

async function startFakes(hosts: number): Promise<Fakes> {
  const child = fork(path.join(import.meta.dirname, 'mcp-fakes.ts'), [], { stdio: 'inherit' });
  const ready = await new Promise<{ ports: number[]; modes: FakeHost[] }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { ports: number[]; modes: FakeHost[] }));
    child.once('exit', (code) => reject(new Error(`the fake MCP servers exited (${code})`)));
    child.send({ hosts });
  });
  return {
    child,
    ...ready,
    stats: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message as { requests: number; cpuMs: number }));
        child.send('stats');
      }),
  };
}

/**
 * A fresh copy of the seeded database with every published agent's mcp_url on one of the fakes
 * (round-robin by id), and no endpoints yet: the server's first sync creates them. Answers the
 * copy's path and the statuses the fakes should produce.
 */
function prepareDatabase(seeded: string, fakes: Fakes) {
  const copy = path.join(dataRoot, 'probes', 'agentatlas.db');
  fs.mkdirSync(path.dirname(copy), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${copy}${suffix}`, { force: true });
  fs.copyFileSync(seeded, copy);
  const sqlite = new SqliteDatabase(copy);
  sqlite.pragma('journal_mode = WAL');
  const ids = sqlite
    .prepare(`SELECT id FROM agents WHERE status = 'published' ORDER BY id`)
    .pluck()
    .all() as number[];
  const setUrl = sqlite.prepare('UPDATE agents SET mcp_url = ? WHERE id = ?');
  const expected: Record<string, number> = {};
  sqlite.transaction(() => {
    for (const table of ['endpoint_changes', 'probe_results', 'agent_endpoints'])
      sqlite.prepare(`DELETE FROM ${table}`).run();
    ids.forEach((id, index) => {
      const host = index % fakes.ports.length;
      setUrl.run(`http://127.0.0.1:${fakes.ports[host]}/mcp`, id);
      const mode = fakes.modes[host]!;
      const status = EXPECTED[mode.mode](mode);
      expected[status] = (expected[status] ?? 0) + 1;
    });
  })();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return { copy, endpoints: ids.length, expected };
}

interface Window extends LoadResult {
  startedAt: number;
  endedAt: number;
  /** Endpoints checked when the window started and ended (probing half only). */
  checkedFrom?: number;
  checkedTo?: number;
}

function summarize(windows: Window[]) {
  return {
    reqPerSec: Math.round(windows.reduce((sum, window) => sum + window.reqPerSec, 0) / windows.length),
    p50Ms: median(windows.map((window) => window.p50Ms)),
    p99Ms: median(windows.map((window) => window.p99Ms)),
    p99MaxMs: Math.max(...windows.map((window) => window.p99Ms)),
    errors: windows.reduce((sum, window) => sum + window.errors, 0),
    windows: windows.length,
  };
}

function printWindow(label: string, window: Window) {
  console.log(
    `${label.padEnd(22)} ${String(window.reqPerSec).padStart(6)} req/s  p50 ${String(window.p50Ms).padStart(2)} ms  p99 ${String(window.p99Ms).padStart(3)} ms${window.errors ? `  (${window.errors} errors)` : ''}`,
  );
}

/** The round with PROBES=on: read windows back to back until every endpoint has a checked_at. */
async function probingHalf(dbFile: string, endpoints: number, fakes: Fakes) {
  const fakesBefore = await fakes.stats();
  const meter = cpuMeter(fakes.child.pid);
  const serverStartedAt = Date.now();
  const server = await startServer(dbFile, port, {
    PROBES: 'on',
    OUTBOUND_ALLOW_PRIVATE: 'true',
    PROBE_CONCURRENCY: String(CONCURRENCY),
    // Short enough that the scheduler's pace (every endpoint once per interval, a quarter to spare:
    // 208 starts/s here) never holds it back: the round shows what probing can do flat out. Nothing
    // probed is due again before every endpoint has been probed once (never-probed ones sort first).
    PROBE_INTERVAL_S: '60',
  });
  try {
    return await watchRound(server, dbFile, endpoints, fakes, serverStartedAt, {
      fakesRequests: fakesBefore.requests,
      meter,
    });
  } finally {
    await stop(server);
  }
}

async function watchRound(
  server: ChildProcess,
  dbFile: string,
  endpoints: number,
  fakes: Fakes,
  serverStartedAt: number,
  before: { fakesRequests: number; meter: ReturnType<typeof cpuMeter> },
) {
  const reader = new SqliteDatabase(dbFile, { readonly: true, fileMustExist: true });
  const countChecked = reader.prepare(
    'SELECT count(*) AS total, count(checked_at) AS checked FROM agent_endpoints',
  );
  let progress = { total: 0, checked: 0 };
  const poll = () => (progress = countChecked.get() as { total: number; checked: number });
  const done = () => {
    poll();
    return progress.total >= endpoints && progress.checked >= progress.total;
  };
  const limit = serverStartedAt + ROUND_LIMIT_S * 1000;

  while (poll().checked === 0) {
    if (Date.now() > limit) throw new Error('no endpoint was probed');
    await sleep(200);
  }
  const firstSeenS = (Date.now() - serverStartedAt) / 1000;
  console.log(`first endpoints checked ${firstSeenS.toFixed(1)} s after the server started; reads start now`);
  const paths = pathMaker(AGENTS, 7);
  const warmup = await load(base, paths.mixed, { connections: CONNECTIONS, durationS: WARMUP_S });
  const windows: Window[] = [];
  while (!done() && Date.now() < limit) {
    const checkedFrom = progress.checked;
    const startedAt = Date.now();
    const result = await load(base, paths.mixed, { connections: CONNECTIONS, durationS: WINDOW_S });
    const window = { ...result, startedAt, endedAt: Date.now(), checkedFrom, checkedTo: poll().checked };
    windows.push(window);
    printWindow(`reads, ${window.checkedTo}/${progress.total} checked`, window);
  }
  // Whatever is left of the round after the last window runs without reads.
  while (!done() && Date.now() < limit) await sleep(250);
  const cpu = before.meter(server.pid);
  if (!done()) throw new Error(`the round did not finish in ${ROUND_LIMIT_S} s: ${JSON.stringify(progress)}`);

  const times = reader
    .prepare(
      `SELECT min(created_at) AS synced, min(checked_at) AS first, max(checked_at) AS last FROM agent_endpoints`,
    )
    .get() as { synced: string; first: string; last: string };
  const statuses = Object.fromEntries(
    (
      reader
        .prepare('SELECT status, count(*) AS n FROM agent_endpoints GROUP BY status ORDER BY n DESC')
        .all() as Array<{ status: string; n: number }>
    ).map((row) => [row.status, row.n]),
  );
  const latencies = reader
    .prepare(`SELECT latency_ms FROM agent_endpoints WHERE latency_ms IS NOT NULL ORDER BY latency_ms`)
    .pluck()
    .all() as number[];
  const timeline = reader.prepare('SELECT checked_at, latency_ms FROM agent_endpoints').all() as Array<{
    checked_at: string;
    latency_ms: number | null;
  }>;
  const upLatencies = reader
    .prepare(`SELECT latency_ms FROM agent_endpoints WHERE status = 'up' ORDER BY latency_ms`)
    .pluck()
    .all() as number[];
  const results = (reader.prepare('SELECT count(*) FROM probe_results').pluck().get() as number) ?? 0;
  const transparencyLog = await logFigures(reader);
  reader.close();
  const fakesAfter = await fakes.stats();

  const synced = Date.parse(times.synced);
  const last = Date.parse(times.last);
  const syncToLastS = (last - synced) / 1000;
  // Probe time summed over every probe with a latency (down ones have none), over the time the
  // CONCURRENCY slots were available: how busy the slots were kept.
  const slotUseShare = latencies.reduce((sum, ms) => sum + ms, 0) / (CONCURRENCY * (last - synced));
  const inRound = windows.filter((window) => window.endedAt <= last);
  return {
    round: {
      fromServerStartS: round1((last - serverStartedAt) / 1000),
      serverStartToSyncS: round1((synced - serverStartedAt) / 1000),
      syncToLastS: round1(syncToLastS),
      firstToLastS: round1((last - Date.parse(times.first)) / 1000),
      endpointsPerSecond: Math.round(endpoints / syncToLastS),
      statuses,
      probeResults: results,
      latencyMs: { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) },
      upLatencyMs: { p50: percentile(upLatencies, 0.5), p99: percentile(upLatencies, 0.99) },
      slotUseShare: round3(slotUseShare),
      /** Probes in flight: the mean, and the share of the round with at most 2 (a batch's stragglers). */
      inFlight: inFlight(timeline, synced, last, 2),
      fakeRequestsPerProbe: round1((fakesAfter.requests - before.fakesRequests) / endpoints),
      cpuSeconds: cpu,
      transparencyLog,
      /** Reads the server answered while its CPU was metered (the warm-up and every window). */
      readRequests: warmup.requests + windows.reduce((sum, window) => sum + window.requests, 0),
    },
    windows,
    inRound,
  };
}

/**
 * Probing at the pace production runs it (PROBE_INTERVAL_S's default, 900 s: every endpoint once per
 * interval, so about 14 starts a second for 10,000) while the same reads run for `count` windows.
 */
async function pacedHalf(dbFile: string, count: number, fakesPid: number | undefined) {
  const meter = cpuMeter(fakesPid);
  const server = await startServer(dbFile, port, {
    PROBES: 'on',
    OUTBOUND_ALLOW_PRIVATE: 'true',
    PROBE_CONCURRENCY: String(CONCURRENCY),
  });
  const reader = new SqliteDatabase(dbFile, { readonly: true, fileMustExist: true });
  const checked = () =>
    (reader.prepare('SELECT count(*) FROM probe_results').pluck().get() as number | undefined) ?? 0;
  try {
    while (checked() === 0) await sleep(200);
    const paths = pathMaker(AGENTS, 7);
    await load(base, paths.mixed, { connections: CONNECTIONS, durationS: WARMUP_S });
    const windows: Window[] = [];
    const firstChecked = checked();
    const startedAll = Date.now();
    for (let index = 0; index < count; index += 1) {
      const checkedFrom = checked();
      const startedAt = Date.now();
      const result = await load(base, paths.mixed, { connections: CONNECTIONS, durationS: WINDOW_S });
      const window = { ...result, startedAt, endedAt: Date.now(), checkedFrom, checkedTo: checked() };
      windows.push(window);
      printWindow(`reads, paced probing, ${window.checkedTo - window.checkedFrom} probes`, window);
    }
    const probesPerSecond = round1((checked() - firstChecked) / ((Date.now() - startedAll) / 1000));
    return { windows, cpu: meter(server.pid), probesPerSecond };
  } finally {
    reader.close();
    await stop(server);
  }
}

/** The same reads on the same database with PROBES=off. */
async function offHalf(dbFile: string, count: number, fakesPid: number | undefined) {
  const meter = cpuMeter(fakesPid);
  const server = await startServer(dbFile, port, { PROBES: 'off' });
  const paths = pathMaker(AGENTS, 7);
  const warmup = await load(base, paths.mixed, { connections: CONNECTIONS, durationS: WARMUP_S });
  const windows: Window[] = [];
  for (let index = 0; index < count; index += 1) {
    const startedAt = Date.now();
    const result = await load(base, paths.mixed, { connections: CONNECTIONS, durationS: WINDOW_S });
    const window = { ...result, startedAt, endedAt: Date.now() };
    windows.push(window);
    printWindow('reads, probes off', window);
  }
  const cpu = meter(server.pid);
  await stop(server);
  const requests = warmup.requests + windows.reduce((sum, window) => sum + window.requests, 0);
  return { windows, cpu, requests };
}

/** The machine's load averages (1, 5, 15 min): other work on a shared machine shows here. */
const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').trim();

/**
 * The transparency log after the round (issue 35): every endpoint's first tool set is a leaf. Waits
 * for the log's writer to drain its queue (it appends every TRANSPARENCY_INTERVAL_S), then measures
 * the append latency of each leaf: from the probe that observed it to its place in the log.
 * Null for a build without the log.
 */
async function logFigures(reader: SqliteDatabase.Database) {
  const hasLog = reader
    .prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'transparency_leaves'`)
    .pluck()
    .get() as number;
  if (!hasLog) return null;
  const queued = reader.prepare('SELECT count(*) FROM transparency_queue').pluck();
  const waitUntil = Date.now() + 60_000;
  while ((queued.get() as number) > 0 && Date.now() < waitUntil) await sleep(500);
  const leaves = reader.prepare('SELECT leaf, appended_at FROM transparency_leaves').all() as Array<{
    leaf: string;
    appended_at: string;
  }>;
  const latencies = leaves
    .map(
      (row) =>
        Date.parse(row.appended_at) - Date.parse((JSON.parse(row.leaf) as { observedAt: string }).observedAt),
    )
    .sort((a, b) => a - b);
  return {
    leaves: leaves.length,
    stillQueued: queued.get() as number,
    treeHeads: reader.prepare('SELECT count(*) FROM transparency_tree_heads').pluck().get() as number,
    /** From the probe's observation to the leaf's append (the writer's interval bounds most of it). */
    appendLatencyMs: {
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? 0,
    },
  };
}

/**
 * The server's CPU per probe in the flat-out round. Gross: all its CPU over the round (start-up, the
 * first sync and the reads included) over the probes made. Net: less the reads, at what a read cost
 * the server with probes off (its CPU over that half per read answered), which leaves start-up, sync
 * and probing.
 */
function cpuPerProbe(
  round: { cpuSeconds: { serverS: number }; readRequests: number; probeResults: number },
  off: { cpu: { serverS: number }; requests: number },
) {
  const perRead = off.cpu.serverS / off.requests;
  const readsS = round.readRequests * perRead;
  return {
    probes: round.probeResults,
    grossMs: round3((round.cpuSeconds.serverS * 1000) / round.probeResults),
    readMs: round3(perRead * 1000),
    readsS: round1(readsS),
    netMs: round3(((round.cpuSeconds.serverS - readsS) * 1000) / round.probeResults),
  };
}

async function main() {
  const loadBefore = loadAverage();
  ensureServerBuilt();
  const seeded = ensureBenchDatabase(AGENTS);
  const fakes = await startFakes(HOSTS);
  try {
    const { copy, endpoints, expected } = prepareDatabase(seeded, fakes);
    const modeCounts: Record<string, number> = {};
    for (const host of fakes.modes) {
      const name = host.mode === 'slow' ? `slow ${host.slowMs} ms/request` : host.mode;
      modeCounts[name] = (modeCounts[name] ?? 0) + 1;
    }
    console.log(
      `${endpoints} MCP endpoints on ${HOSTS} fake hosts (127.0.0.1, one port each; ${Object.entries(
        modeCounts,
      )
        .map(([mode, n]) => `${n} ${mode}`)
        .join(
          ', ',
        )}), PROBE_CONCURRENCY=${CONCURRENCY}, ${PER_HOST} per host; reads: ${CONNECTIONS} connections, ${WINDOW_S} s windows`,
    );

    console.log('\nPROBES=on: one round, reads while it runs');
    const probing = await probingHalf(copy, endpoints, fakes);
    const { round } = probing;
    console.log(
      `round: ${round.fromServerStartS} s from the server's start (sync at ${round.serverStartToSyncS} s, then ${round.syncToLastS} s to the last checked_at): ${round.endpointsPerSecond} endpoints/s`,
    );
    if (probing.inRound.length === 0)
      console.log('(the round ended before a whole read window did: compared with the partial windows)');
    const during = probing.inRound.length > 0 ? probing.inRound : probing.windows;

    console.log('\nPROBES=on at the default pace (PROBE_INTERVAL_S=900): the same reads');
    prepareDatabase(seeded, fakes);
    const paced = await pacedHalf(copy, OFF_WINDOWS_MAX, fakes.child.pid);

    console.log('\nPROBES=off: the same reads on the same database');
    const offHalfResult = await offHalf(copy, OFF_WINDOWS_MAX, fakes.child.pid);
    const { windows: offWindows, cpu: offCpu } = offHalfResult;
    const fakesCpu = await fakes.stats();
    const perProbe = cpuPerProbe(round, offHalfResult);

    const on = summarize(during);
    const pacedReads = summarize(paced.windows);
    const off = summarize(offWindows);
    const ratioOf = (figures: typeof on) => ({
      reqPerSec: round3(figures.reqPerSec / off.reqPerSec),
      p50: off.p50Ms ? round3(figures.p50Ms / off.p50Ms) : null,
      p99: off.p99Ms ? round3(figures.p99Ms / off.p99Ms) : null,
    });
    const ratio = ratioOf(on);
    const pacedRatio = ratioOf(pacedReads);
    const results = {
      agents: AGENTS,
      endpoints,
      hosts: HOSTS,
      fleet: modeCounts,
      concurrency: CONCURRENCY,
      perHost: PER_HOST,
      readConnections: CONNECTIONS,
      windowS: WINDOW_S,
      loadAverage: { before: loadBefore, after: loadAverage() },
      round: { ...round, expectedStatuses: expected, cpuPerProbe: perProbe },
      reads: {
        probing: {
          ...on,
          perWindow: during.map(({ reqPerSec, p50Ms, p99Ms }) => ({ reqPerSec, p50Ms, p99Ms })),
        },
        pacedProbing: {
          ...pacedReads,
          probesPerSecond: paced.probesPerSecond,
          perWindow: paced.windows.map(({ reqPerSec, p50Ms, p99Ms }) => ({ reqPerSec, p50Ms, p99Ms })),
          cpuSeconds: paced.cpu,
        },
        probesOff: {
          ...off,
          perWindow: offWindows.map(({ reqPerSec, p50Ms, p99Ms }) => ({ reqPerSec, p50Ms, p99Ms })),
          cpuSeconds: offCpu,
        },
        ratio,
        pacedRatio,
      },
      fakesCpuSecondsTotal: round1(fakesCpu.cpuMs / 1000),
    };
    fs.writeFileSync(path.join(root, 'bench/probes-results.json'), `${JSON.stringify(results, null, 2)}\n`);

    const statusLine = (counts: Record<string, number>) =>
      Object.entries(counts)
        .sort((a, b) => b[1] - a[1])
        .map(([status, n]) => `${status} ${n}`)
        .join(', ');
    console.log(`\n${endpoints} endpoints, ${HOSTS} hosts, PROBE_CONCURRENCY=${CONCURRENCY}`);
    console.log(
      `round              ${round.fromServerStartS} s from server start; ${round.syncToLastS} s from sync to last probe; ${round.endpointsPerSecond} endpoints/s`,
    );
    console.log(`statuses           ${statusLine(round.statuses)} (expected ${statusLine(expected)})`);
    console.log(
      `probe latency      p50 ${round.latencyMs.p50} ms, p99 ${round.latencyMs.p99} ms (up: p50 ${round.upLatencyMs.p50} ms, p99 ${round.upLatencyMs.p99} ms); ${round.fakeRequestsPerProbe} HTTP requests per probe`,
    );
    console.log(
      `slots busy         ${(round.slotUseShare * 100).toFixed(0)} % of ${CONCURRENCY} slots × round time: ${round.inFlight.mean} probes in flight on average; at most 2 in flight ${(round.inFlight.fewShare * 100).toFixed(0)} % of the round`,
    );
    const cpuLine = (cpu: ReturnType<ReturnType<typeof cpuMeter>>) =>
      `server ${cpu.serverS} s, fakes ${cpu.fakesS} s, bench driver (autocannon) ${cpu.driverS} s, everything else ${cpu.elsewhereS} s, over ${cpu.overS} s × ${os.availableParallelism()} cores`;
    console.log(`CPU, probing half  ${cpuLine(round.cpuSeconds)}`);
    console.log(
      `CPU per probe      ${perProbe.grossMs} ms of server CPU over ${perProbe.probes} probes; ${perProbe.netMs} ms less ${round.readRequests} reads at ${perProbe.readMs} ms each (probes off)`,
    );
    console.log(
      `load average       before ${results.loadAverage.before}; after ${results.loadAverage.after}`,
    );
    console.log(`CPU, probes off    ${cpuLine(offCpu)}`);
    console.log('\nreads              req/s   p50   p99 (median of windows; max)  windows');
    for (const [name, figures] of [
      ['flat-out round', on],
      [`paced ${paced.probesPerSecond}/s`, pacedReads],
      ['probes off', off],
    ] as const)
      console.log(
        `${name.padEnd(16)} ${String(figures.reqPerSec).padStart(7)}  ${`${figures.p50Ms} ms`.padStart(5)}  ${`${figures.p99Ms} ms`.padStart(5)} (${figures.p99MaxMs} ms)  ${String(figures.windows).padStart(20)}${figures.errors ? `  ${figures.errors} errors` : ''}`,
      );
    for (const [name, figures] of [
      ['flat-out / off', ratio],
      ['paced / off', pacedRatio],
    ] as const)
      console.log(
        `${name.padEnd(16)} ${figures.reqPerSec.toFixed(3).padStart(7)}  ${(figures.p50 ?? 0).toFixed(2).padStart(5)}  ${(figures.p99 ?? 0).toFixed(2).padStart(5)}`,
      );
    console.log('results written to bench/probes-results.json');
  } finally {
    fakes.child.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
