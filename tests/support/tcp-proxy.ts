import net from 'node:net';

export type ProxyMode = 'forward' | 'refuse' | 'blackhole';

/**
 * A TCP proxy in front of a server (PostgreSQL in the outage tests), to cut and restore the way to it
 * without touching the server itself. `forward` passes bytes both ways; `refuse` stops listening, so a
 * new connection is refused, and ends every open one; `blackhole` accepts connections and never
 * answers, as a server that hangs or a network that drops packets would. Leaving `forward` ends
 * every connection open at that moment.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let mode: ProxyMode = 'forward';

  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    if (mode === 'blackhole') return;
    const upstream = net.connect(target.port, target.host);
    open.add(upstream);
    upstream.on('close', () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy is not listening on a TCP port');
  const port = address.port;

  function endAll() {
    for (const socket of open) socket.destroy();
    open.clear();
  }

  return {
    port,
    async setMode(next: ProxyMode) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      endAll();
      if (next === 'refuse') await new Promise<void>((resolve) => server.close(() => resolve()));
      else if (previous === 'refuse') await listen(port);
    },
    async close() {
      mode = 'refuse';
      endAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
