/**
 * npm run bench:uploads: starts the production server on a fresh SQLite database, signs one person in,
 * and uploads 10, then 20 concurrent 4096×4096 PNGs (made here with sharp, under the 1 MB limit): RGB
 * 8-bit (48 MB of pixels), then the heaviest kind the limits let through, RGBA 16-bit (128 MB), then 40
 * RGB at once, more than the image queue holds. The server's RSS (VmRSS in /proc/<pid>/status) is
 * sampled every 100 ms: its peak during each round and what is left after 60 s idle, with the status
 * codes seen. Writes bench/uploads-results.json.
 *
 *   npm run bench:uploads                      this tree, with the production flags of scripts/server-flags.mjs
 *   npm run bench:uploads -- --before main     also a git ref (exported with git archive to a temporary
 *                                              directory and built there), with that ref's own flags
 *   npm run bench:uploads -- --variants        also this tree without MALLOC_ARENA_MAX, and with the old heap cap
 *   npm run bench:uploads -- --no-build        this tree's dist/server as it is
 *
 * Runs of other labels already in bench/uploads-results.json are kept, each with its date.
 * BENCH_ROUNDS (default "rgb8:10,rgb8:20,rgba16:20,rgb8:40") and BENCH_IDLE_S (default 60) change the
 * rounds and the idle wait.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { serverEnv, serverNodeFlags } from '../scripts/server-flags.mjs';
import { waitFor } from './wait-for.js';

const root = path.resolve(import.meta.dirname, '..');
const port = 3980;
const base = `http://127.0.0.1:${port}`;
type ImageKind = 'rgb8' | 'rgba16';
const rounds = (process.env.BENCH_ROUNDS ?? 'rgb8:10,rgb8:20,rgba16:20,rgb8:40').split(',').map((round) => {
  const [image, count] = round.split(':');
  if ((image !== 'rgb8' && image !== 'rgba16') || !Number(count)) throw new Error(`bad round ${round}`);
  return { image: image as ImageKind, concurrent: Number(count) };
});
const idleSeconds = Number(process.env.BENCH_IDLE_S ?? 60);
const SIDE = 4096;
const BUDGET_MB = 300;

interface Target {
  label: string;
  /** A checkout holding src/, scripts/ and node_modules (built into dist/server here). */
  dir: string;
  nodeFlags: string[];
  env: Record<string, string>;
}

interface Round {
  image: ImageKind;
  concurrent: number;
  statuses: Record<string, number>;
  seconds: number;
  peakMb: number;
  /** The server's RSS when the last answer arrived. */
  answeredMb: number;
  /** The server's RSS after BENCH_IDLE_S seconds without requests. */
  idleAfterMb: number;
}

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A 4096×4096 gradient, well under 1 MB as a PNG: RGB 8-bit decodes to 48 MB of pixels, RGBA 16-bit
 * (the most a PNG within the limits can hold) to 128 MB.
 */
async function makePng(kind: ImageKind): Promise<Buffer> {
  let image: sharp.Sharp;
  if (kind === 'rgb8') {
    const raw = Buffer.alloc(SIDE * SIDE * 3);
    for (let y = 0; y < SIDE; y += 1) {
      for (let x = 0; x < SIDE; x += 1) {
        const i = (y * SIDE + x) * 3;
        raw[i] = x >> 4;
        raw[i + 1] = y >> 4;
        raw[i + 2] = 128;
      }
    }
    image = sharp(raw, { raw: { width: SIDE, height: SIDE, channels: 3 } });
  } else {
    const raw = new Uint16Array(SIDE * SIDE * 4);
    for (let y = 0; y < SIDE; y += 1) {
      for (let x = 0; x < SIDE; x += 1) {
        const i = (y * SIDE + x) * 4;
        raw[i] = (x >> 6) << 8;
        raw[i + 1] = (y >> 6) << 8;
        raw[i + 2] = 30_000;
        raw[i + 3] = 65_535;
      }
    }
    // A Uint16Array is read as 16-bit samples.
    image = sharp(raw, { raw: { width: SIDE, height: SIDE, channels: 4 } }).toColourspace('rgb16');
  }
  const png = await image.png({ compressionLevel: 9 }).toBuffer();
  if (png.length > 1024 * 1024) throw new Error(`the ${kind} test image is ${png.length} bytes, over 1 MB`);
  const { depth, channels } = await sharp(png).metadata();
  if (depth !== (kind === 'rgb8' ? 'uchar' : 'ushort') || channels !== (kind === 'rgb8' ? 3 : 4))
    throw new Error(`the ${kind} test image came out as ${channels} channels of ${depth}`);
  return png;
}

function build(dir: string) {
  const result = spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { cwd: dir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`server build failed in ${dir}`);
}

/** The git ref's tree in a temporary directory, sharing this checkout's node_modules, built. */
async function checkout(ref: string): Promise<Target> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-uploads-before-'));
  const archive = spawnSync('git', ['archive', '--format=tar', ref], { cwd: root, maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${ref} failed: ${String(archive.stderr)}`);
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`could not unpack ${ref}`);
  fs.symlinkSync(fs.realpathSync(path.join(root, 'node_modules')), path.join(dir, 'node_modules'));
  console.log(`building ${ref} in ${dir}...`);
  build(dir);
  const flags = (await import(pathToFileURL(path.join(dir, 'scripts/server-flags.mjs')).href)) as {
    serverNodeFlags: string[];
    serverEnv?: Record<string, string>;
  };
  return { label: ref, dir, nodeFlags: flags.serverNodeFlags, env: flags.serverEnv ?? {} };
}

async function startServer(target: Target, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...target.nodeFlags, path.join(target.dir, 'dist/server/main.js')], {
    cwd: target.dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...target.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '100000',
    },
  });
  await waitFor(`${base}/healthz`);
  return child;
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function signIn(): Promise<string> {
  const email = 'bench@example.com';
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'Bench-Uploads-4096',
      organizationType: 'individual',
      username: 'bench',
      userType: 'developer',
    }),
  });
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

/** The answer's status, or the code of the network error (ECONNRESET…) when there was none. */
async function upload(cookie: string, png: Buffer, name: string): Promise<number | string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  try {
    const response = await fetch(`${base}/api/uploads`, { method: 'POST', body: form, headers: { cookie } });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? 'network error';
  }
}

async function measure(target: Target, pngs: Record<ImageKind, Buffer>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-uploads-bench-'));
  const server = await startServer(target, dataDir);
  const pid = server.pid!;
  let exited: string | undefined;
  server.once('exit', (code, signal) => (exited = `the server exited (code ${code}, signal ${signal})`));
  const alive = () => {
    if (exited) throw new Error(`${target.label}: ${exited}`);
  };
  try {
    const cookie = await signIn();
    await sleep(2000);
    const idleMb = rssMb(pid);
    // One image first: the first decode loads libvips' code and starts its threads, which stay.
    const warmUp = await upload(cookie, pngs.rgb8, 'warm-up.png');
    if (warmUp !== 201) throw new Error(`the warm-up upload answered ${warmUp}`);
    await sleep(5000);
    const warmIdleMb = rssMb(pid);
    console.log(
      `\n${target.label}: idle ${idleMb.toFixed(0)} MB, ${warmIdleMb.toFixed(0)} MB after one upload`,
    );
    const results: Round[] = [];
    for (const { image, concurrent } of rounds) {
      let peak = rssMb(pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
      const started = performance.now();
      const codes = await Promise.all(
        Array.from({ length: concurrent }, (_, i) =>
          upload(cookie, pngs[image], `${image}-${concurrent}-${i}.png`),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      const answeredMb = rssMb(pid);
      await sleep(idleSeconds * 1000);
      clearInterval(sampler);
      alive();
      const statuses: Record<string, number> = {};
      for (const code of codes) statuses[code] = (statuses[code] ?? 0) + 1;
      const round: Round = {
        image,
        concurrent,
        statuses,
        seconds: Math.round(seconds * 10) / 10,
        peakMb: Math.round(peak),
        answeredMb: Math.round(answeredMb),
        idleAfterMb: Math.round(rssMb(pid)),
      };
      results.push(round);
      console.log(
        `${String(concurrent).padStart(3)} concurrent ${image.padEnd(6)}: ${JSON.stringify(statuses)} in ${round.seconds} s; RSS peak ${round.peakMb} MB, ${round.answeredMb} MB when answered, ${round.idleAfterMb} MB after ${idleSeconds} s idle`,
      );
    }
    return {
      label: target.label,
      measuredAt: new Date().toISOString(),
      nodeFlags: target.nodeFlags,
      env: target.env,
      idleMb: Math.round(idleMb),
      warmIdleMb: Math.round(warmIdleMb),
      rounds: results,
    };
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const beforeRef = args.includes('--before') ? args[args.indexOf('--before') + 1] : undefined;
  if (args.includes('--before') && !beforeRef) throw new Error('--before needs a git ref');

  if (!args.includes('--no-build')) build(root);
  const pngs = { rgb8: await makePng('rgb8'), rgba16: await makePng('rgba16') };
  console.log(
    `test images: ${SIDE}×${SIDE} PNG, RGB 8-bit ${(pngs.rgb8.length / 1024).toFixed(0)} KB, RGBA 16-bit ${(pngs.rgba16.length / 1024).toFixed(0)} KB`,
  );
  const current: Target = { label: 'this tree', dir: root, nodeFlags: serverNodeFlags, env: serverEnv };
  const targets: Target[] = [current];
  if (args.includes('--variants')) {
    targets.push(
      { ...current, label: 'this tree without MALLOC_ARENA_MAX', env: {} },
      {
        ...current,
        label: 'this tree with --max-old-space-size=160',
        nodeFlags: [...serverNodeFlags, '--max-old-space-size=160'],
      },
    );
  }
  const before = beforeRef ? await checkout(beforeRef) : undefined;
  const measured: Array<Awaited<ReturnType<typeof measure>> & { before?: boolean }> = [];
  try {
    if (before) measured.push({ ...(await measure(before, pngs)), before: true });
    for (const target of targets) measured.push(await measure(target, pngs));
  } finally {
    if (before) fs.rmSync(before.dir, { recursive: true, force: true });
  }

  // Runs measured earlier under other labels (main, the variants) are kept, each with its date.
  const file = path.join(root, 'bench/uploads-results.json');
  const earlier = fs.existsSync(file)
    ? ((JSON.parse(fs.readFileSync(file, 'utf8')) as { runs?: typeof measured }).runs ?? [])
    : [];
  const kept = earlier.filter((run) => !measured.some((now) => now.label === run.label));
  const results = {
    images: {
      rgb8: { width: SIDE, height: SIDE, bytes: pngs.rgb8.length },
      rgba16: { width: SIDE, height: SIDE, bytes: pngs.rgba16.length },
    },
    idleSeconds,
    budgetMb: BUDGET_MB,
    runs: [...kept, ...measured],
  };
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);

  console.log(
    '\nrun                                          image   concurrent  statuses                 peak  idle after',
  );
  for (const run of results.runs) {
    for (const round of run.rounds) {
      console.log(
        `${run.label.padEnd(44)} ${round.image.padEnd(7)} ${String(round.concurrent).padStart(10)}  ${JSON.stringify(round.statuses).padEnd(23)} ${String(round.peakMb).padStart(5)}  ${String(round.idleAfterMb).padStart(5)} MB`,
      );
    }
  }
  const ours = results.runs.find((run) => run.label === 'this tree')!;
  const worst = Math.max(...ours.rounds.map((round) => round.peakMb));
  const settled = Math.max(...ours.rounds.map((round) => round.idleAfterMb - ours.warmIdleMb));
  console.log(
    `this tree: RSS peak ${worst} MB (target < ${BUDGET_MB}) ${worst < BUDGET_MB ? 'met' : 'MISSED'}; at most ` +
      `${settled} MB above the warm idle ${idleSeconds} s after a round; results written to bench/uploads-results.json`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
