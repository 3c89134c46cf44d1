import type { Db } from '../../db/database.js';

/**
 * The ids of the advisories open (published, not withdrawn) against each of these agents, oldest
 * first: what the registry API's evidence, signed statements and policy views report. The advisories
 * feature fills this in; until its table exists no agent has one.
 */
export async function openAdvisoryIdsByAgentId(
  _db: Db,
  agentIds: readonly number[],
): Promise<Map<number, string[]>> {
  return new Map(agentIds.map((id) => [id, []]));
}
