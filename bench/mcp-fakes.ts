/**
 * The MCP servers probed by `npm run bench:probes`, run in their own process (forked by
 * bench/probes-bench.ts) so their work is not in the benchmark driver's event loop. Each host is an
 * http server on 127.0.0.1 with its own port, built with the official SDK over Streamable HTTP
 * (stateless): tests/support/fake-mcp.ts, the tests' own fake. Most hosts are healthy; a few behave as some real ones do.
 *
 * Messages: the parent sends { hosts }, this process answers { ports, modes } once every host listens;
 * the parent sends 'stats' and this process answers { requests, cpuMs }.
 */
import { startFakeMcp, type FakeMcpMode } from '../tests/support/fake-mcp.js';

/** healthy; slow: each POST waits slowMs (a handshake is 3 POSTs); auth: 401; garbage: not JSON; error: 503. */
export type FakeMode = Extract<FakeMcpMode, 'healthy' | 'slow' | 'auth' | 'garbage' | 'error'>;
export interface FakeHost {
  mode: FakeMode;
  slowMs?: number;
}

/**
 * The fleet: the last six hosts are one a bit slow (up), one slow enough to be degraded (over 2 s),
 * two asking for credentials, one answering garbage and one down (503); every other host is healthy.
 */
function fleet(hosts: number): FakeHost[] {
  const odd: FakeHost[] = [
    { mode: 'slow', slowMs: 150 },
    { mode: 'slow', slowMs: 750 },
    { mode: 'auth' },
    { mode: 'auth' },
    { mode: 'garbage' },
    { mode: 'error' },
  ];
  if (hosts < odd.length + 2) throw new Error(`at least ${odd.length + 2} hosts`);
  return [...Array.from({ length: hosts - odd.length }, () => ({ mode: 'healthy' as const })), ...odd];
}

const TOOLS = ['search', 'fetch', 'summarize', 'translate'];
const servers: Array<Awaited<ReturnType<typeof startFakeMcp>>> = [];

/** One host: the tests' fake MCP server (the official SDK over Streamable HTTP), in this mode. */
async function listen(host: FakeHost): Promise<number> {
  const server = await startFakeMcp({ mode: host.mode, tools: TOOLS, slowMs: host.slowMs ?? 500 });
  servers.push(server);
  return server.port;
}

// The bench went away (finished or crashed): so do the fakes.
process.on('disconnect', () => process.exit(0));
process.on('message', (message: unknown) => {
  if (message === 'stats') {
    const { user, system } = process.cpuUsage();
    process.send?.({
      requests: servers.reduce((sum, server) => sum + server.state.requests, 0),
      cpuMs: Math.round((user + system) / 1000),
    });
    return;
  }
  const { hosts } = message as { hosts: number };
  const modes = fleet(hosts);
  void Promise.all(modes.map(listen)).then((ports) => process.send?.({ ports, modes }));
});
