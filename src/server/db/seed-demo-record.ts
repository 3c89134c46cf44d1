import type { Transaction } from 'kysely';
import { createRandom } from '../lib/random.js';
import type { Database } from './schema.js';
import { CLAIM_RECHECK_MS } from '../../shared/trust.js';

const DAY_MS = 86_400_000;

export interface DemoRecordAgent {
  id: number;
  publishedAt: number;
  verified: boolean;
  websiteUrl: string | null;
  owned: boolean;
}

/**
 * The public record and ownership claims of the demo catalogue: each listing's publication; each
 * verified one an active DNS claim on its website's domain, checked daily; and one owned listing a
 * claim that lapsed, so the demo owner can see a lapse and try an appeal.
 */
export async function seedDemoRecord(
  trx: Transaction<Database>,
  input: { now: number; agents: DemoRecordAgent[] },
): Promise<void> {
  const random = createRandom(20261124);
  const iso = (ms: number) => new Date(ms).toISOString();
  const domainOf = (url: string | null) => (url ? new URL(url).hostname : null);
  const token = () => Array.from({ length: 32 }, () => '0123456789abcdef'[random.int(0, 15)]).join('');
  let lapsedShown = false;

  for (const agent of input.agents) {
    await trx
      .insertInto('agent_events')
      .values({
        agent_id: agent.id,
        kind: 'approved',
        actor: 'admin',
        actor_id: null,
        message: null,
        created_at: iso(agent.publishedAt),
      })
      .execute();
    const domain = domainOf(agent.websiteUrl);
    if (!domain) continue;

    if (agent.verified) {
      const verifiedAt = agent.publishedAt + random.int(1, 3) * DAY_MS;
      const checkedAt = input.now - random.int(1, 20) * 60 * 60 * 1000;
      await trx
        .insertInto('ownership_claims')
        .values({
          agent_id: agent.id,
          method: 'dns',
          subject: domain,
          token: token(),
          status: 'active',
          verified_at: iso(verifiedAt),
          checked_at: iso(checkedAt),
          next_check_at: iso(checkedAt + CLAIM_RECHECK_MS),
          detail: `${domain} has the TXT record agentatlas-verification=…`,
          created_at: iso(verifiedAt - 60 * 60 * 1000),
        })
        .execute();
      await trx
        .insertInto('agent_events')
        .values([
          {
            agent_id: agent.id,
            kind: 'claim_verified',
            actor: 'system',
            actor_id: null,
            message: `Ownership shown by the DNS TXT record on ${domain}.`,
            created_at: iso(verifiedAt),
          },
          {
            agent_id: agent.id,
            kind: 'verified',
            actor: 'admin',
            actor_id: null,
            message: `Ownership shown by the DNS TXT record on ${domain}.`,
            created_at: iso(verifiedAt + 2 * 60 * 60 * 1000),
          },
        ])
        .execute();
    } else if (agent.owned && !lapsedShown) {
      lapsedShown = true;
      const lapsedAt = input.now - 4 * DAY_MS;
      const event = await trx
        .insertInto('agent_events')
        .values({
          agent_id: agent.id,
          kind: 'claim_lapsed',
          actor: 'system',
          actor_id: null,
          message: `The ownership claim by the well-known file on ${domain} failed 3 checks in a row and lapsed.`,
          created_at: iso(lapsedAt),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('ownership_claims')
        .values({
          agent_id: agent.id,
          method: 'well-known',
          subject: domain,
          token: token(),
          status: 'lapsed',
          verified_at: iso(agent.publishedAt + DAY_MS),
          checked_at: iso(lapsedAt),
          next_check_at: null,
          consecutive_failures: 3,
          detail: `https://${domain}/.well-known/agentatlas-verification.txt answered HTTP 404.`,
          lapse_event_id: event.id,
          created_at: iso(agent.publishedAt + DAY_MS - 60 * 60 * 1000),
        })
        .execute();
    }
  }
}
