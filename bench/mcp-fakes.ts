/**
 * The MCP servers probed by `npm run bench:probes`, run in their own process (forked by
 * bench/probes-bench.ts) so their work is not in the benchmark driver's event loop. Each host is an
 * http server on 127.0.0.1 with its own port, built with the official SDKs over Streamable HTTP
 * (stateless): tests/support/fake-mcp.ts, the tests' own fake. Most hosts are healthy, in both protocol
 * eras' shapes (legacy-only v1, modern-only v2, dual v2); a few behave as some real ones do.
 *
 * Messages: the parent sends { hosts }, this process answers { ports, modes } once every host listens;
 * the parent sends 'stats' and this process answers { requests, cpuMs }.
 */
import { startFakeMcp, type FakeMcpMode } from '../tests/support/fake-mcp.js';

/**
 * healthy: 2025 era only (v1 SDK); modern: 2026-07-28 only (v2 SDK, legacy rejected); dual: both (v2
 * SDK); slow: healthy, each POST waits slowMs; auth: a bare 401; oauth: a 401 with RFC 9728 metadata
 * naming an authorization server whose metadata loads; garbage: not JSON; error: 503.
 */
export type FakeMode = Extract<
  FakeMcpMode,
  'healthy' | 'modern' | 'dual' | 'slow' | 'auth' | 'oauth' | 'garbage' | 'error'
>;
export interface FakeHost {
  mode: FakeMode;
  slowMs?: number;
}

/** The healthy hosts take turns among the eras' three shapes: legacy-only, modern-only, dual. */
const HEALTHY: FakeMode[] = ['healthy', 'modern', 'dual'];

/**
 * The fleet: the last six hosts are one a bit slow (up), one slow enough to be degraded (over 2 s), one
 * login wall (a bare 401), one auth-gated MCP server with its metadata (proven auth), one answering
 * garbage and one down (503); every other host is healthy, a third in each era's shape.
 */
function fleet(hosts: number): FakeHost[] {
  const odd: FakeHost[] = [
    { mode: 'slow', slowMs: 150 },
    { mode: 'slow', slowMs: 750 },
    { mode: 'auth' },
    { mode: 'oauth' },
    { mode: 'garbage' },
    { mode: 'error' },
  ];
  if (hosts < odd.length + 2) throw new Error(`at least ${odd.length + 2} hosts`);
  return [
    ...Array.from({ length: hosts - odd.length }, (_, index) => ({
      mode: HEALTHY[index % HEALTHY.length]!,
    })),
    ...odd,
  ];
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
