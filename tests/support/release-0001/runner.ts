import { connectRelease } from './connection.js';
import { releaseQueries } from './release.js';

/**
 * The first release, still serving: runs every query of release.ts in rounds against DATABASE_URL,
 * on a connection of its own, until its stdin closes. The test writes each migration's name to stdin
 * once it is applied; a round is tagged with the last name read before it started, so a round tagged
 * with a migration surely ran after it. Each round prints one JSON line:
 * { round, level, failures: { [query]: message } }.
 */
const connection = await connectRelease(process.env.DATABASE_URL!);

let stopping = false;
let level: string | null = null;
let pending = '';
process.stdin.on('data', (chunk: Buffer) => {
  pending += chunk.toString('utf8');
  const lines = pending.split('\n');
  pending = lines.pop()!;
  if (lines.length > 0) level = lines.at(-1)!;
});
process.stdin.on('end', () => (stopping = true));

for (let round = 0; !stopping; round += 1) {
  const startedAt = level;
  const failures: Record<string, string> = {};
  for (const query of releaseQueries) {
    try {
      for (const statement of query.statements(connection.dialect, round)) await connection.run(statement);
    } catch (error) {
      failures[query.name] = error instanceof Error ? error.message : String(error);
    }
  }
  process.stdout.write(`${JSON.stringify({ round, level: startedAt, failures })}\n`);
  await new Promise((resolve) => setTimeout(resolve, 5));
}
await connection.close();
