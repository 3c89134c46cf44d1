import http from 'node:http';
import net from 'node:net';

/** Where a pinned proxy lets its client go: one host and port, at the address checked for it. */
export interface PinnedTarget {
  /** The name the client asks for (its TLS name and Host header stay the client's own). */
  hostname: string;
  port: number;
  /** The address the outbound guard resolved and checked: the only one connected to. */
  address: string;
}

/**
 * A local HTTP CONNECT proxy on 127.0.0.1 for a child process that connects on its own (the
 * conformance suite): it tunnels to `target.hostname:target.port` only, and always to
 * `target.address`, so the child never resolves the name itself and a DNS answer changed after the
 * guard's check (DNS rebinding) cannot send it elsewhere. TLS runs end to end through the tunnel: the
 * child still checks the server's certificate for the name. Any other destination gets 403.
 */
export async function startPinnedProxy(target: PinnedTarget) {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const state = { tunnels: 0, refused: [] as string[] };
  const server = http.createServer((_request, response) => {
    // Plain requests are not forwarded: only tunnels to the one destination.
    response.writeHead(405, { allow: 'CONNECT' }).end();
  });
  server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    track(client);
    client.on('error', () => client.destroy());
    const authority = request.url ?? '';
    const separator = authority.lastIndexOf(':');
    const hostname = authority
      .slice(0, separator)
      .replace(/^\[|\]$/g, '')
      .toLowerCase();
    const port = Number(authority.slice(separator + 1));
    if (separator < 0 || hostname !== target.hostname.toLowerCase() || port !== target.port) {
      state.refused.push(authority);
      client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const upstream = net.connect({ host: target.address, port: target.port });
    track(upstream);
    upstream.once('connect', () => {
      state.tunnels += 1;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      if (client.writable && !upstream.readyState.startsWith('open'))
        client.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n');
      else client.destroy();
    });
    client.once('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Tunnels opened, and the destinations refused (host:port as asked). */
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
