import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (as an outage would) and waits until it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** True when a PING on the port is answered PONG. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

/**
 * A throwaway `redis-server` on a free port, without persistence, for tests that take Redis away
 * (the machine's shared Redis must never be stopped). Killed with the test process at the latest.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  async function start() {
    if (child) return;
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    let exited = false;
    started.once('exit', () => {
      exited = true;
      if (child === started) child = null;
    });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await answersPing(port))) {
      if (exited) throw new Error(`redis-server on port ${port} exited at start`);
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async function stop() {
    const running = child;
    if (!running) return;
    if (running.exitCode !== null || running.signalCode !== null) {
      child = null;
      return;
    }
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
    child = null;
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}
