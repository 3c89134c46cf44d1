import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';

/** Records a fake DNS server answers: A and AAAA addresses and TXT strings, by name. */
export interface DnsRecords {
  a?: Record<string, string[]>;
  aaaa?: Record<string, string[]>;
  txt?: Record<string, string[]>;
}

/**
 * A DNS server on UDP (RFC 1035 messages, encoded by dns-packet) that answers from `records`, which
 * the test may change while it runs; names it does not know get NXDOMAIN. The app reaches it through
 * DNS_SERVERS=127.0.0.1:<port>, as it would a real resolver. Closed, the app's resolver is refused
 * (an outage on AgentAtlas's side); started again on the same `port`, it answers again.
 */
export async function startFakeDns(records: DnsRecords, options: { port?: number } = {}) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, remote) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase();
    const answers: dnsPacket.Answer[] = [];
    if (question.type === 'A')
      for (const data of records.a?.[name] ?? [])
        answers.push({ type: 'A', name: question.name, ttl: 1, data });
    if (question.type === 'AAAA')
      for (const data of records.aaaa?.[name] ?? [])
        answers.push({ type: 'AAAA', name: question.name, ttl: 1, data });
    if (question.type === 'TXT')
      for (const data of records.txt?.[name] ?? [])
        answers.push({ type: 'TXT', name: question.name, ttl: 1, data: [data] });
    const known = [records.a, records.aaaa, records.txt].some((table) => table && name in table);
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (known ? 0 : 3),
      questions: [question],
      answers,
    });
    socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    server: `127.0.0.1:${port}`,
    port,
    records,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
