import { createInterface } from 'node:readline';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { enqueueToolSetObservation } from '../../src/server/features/transparency/transparency-queue.js';

/**
 * Another AgentAtlas instance in a process of its own, on the database the test names (as behind a
 * load balancer; on SQLite, two processes on one file as on one machine). It prints "ready <url>",
 * then for each line "enqueue <count> <prefix>" queues that many observations, one transaction each,
 * and prints "enqueued"; its log writer runs on its own schedule (TRANSPARENCY_INTERVAL_S).
 */
const app = await buildApp(loadConfig());
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('not listening on a TCP port');
console.log(`ready http://127.0.0.1:${address.port}`);

for await (const line of createInterface({ input: process.stdin })) {
  const [command, count, prefix] = line.trim().split(' ');
  if (command === 'close') break;
  if (command !== 'enqueue') continue;
  for (let i = 0; i < Number(count); i += 1) {
    await app.db.kysely.transaction().execute((trx) =>
      enqueueToolSetObservation(trx, {
        endpoint: `https://${prefix}.example/mcp`,
        observedAt: new Date().toISOString(),
        toolSetHash: `${prefix}-${i}`.padEnd(64, '0'),
        toolHashes: [`${prefix}-${i}`],
      }),
    );
    // Let the writer and the other instance interleave with these.
    await new Promise((resolve) => setImmediate(resolve));
  }
  console.log('enqueued');
}
await app.close();
// Nothing else should keep the process: end it even if a handle lingers.
process.exit(0);
