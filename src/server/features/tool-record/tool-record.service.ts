import type { ToolHashPin } from '../../../shared/api/tool-record.js';
import { notFound } from '../../errors.js';
import type { ProbesRepo } from '../probes/probes.repo.js';

export interface ToolRecordDeps {
  probes: ProbesRepo;
}

/**
 * The pin of a tool or tool set hash (GET /api/tool-hashes/{hash}): when any endpoint was first and
 * last seen serving it, whether one still does, and the published listings it was seen on.
 */
export async function findToolHashPin(deps: ToolRecordDeps, hash: string): Promise<ToolHashPin> {
  const sightings = await deps.probes.pinSightings(hash);
  const first = sightings[0];
  if (!first) throw notFound('This hash was never seen on a listed MCP server');
  const endpoints = new Map<string, { agentSlug: string; url: string }>();
  for (const sighting of sightings)
    if (sighting.slug !== null)
      endpoints.set(`${sighting.slug}\n${sighting.url}`, { agentSlug: sighting.slug, url: sighting.url });
  return {
    hash,
    kind: first.kind,
    firstSeenAt: first.first_seen_at,
    lastSeenAt: sightings.reduce((last, one) => (one.last_seen_at > last ? one.last_seen_at : last), ''),
    servedNow: sightings.some((one) => Number(one.served) === 1),
    endpoints: [...endpoints.values()],
  };
}
