import type { Db } from '../../db/database.js';
import { createAdvisoriesRepo } from './advisories.repo.js';

/**
 * The ids of the advisories open against each of these agents, oldest first: published, not
 * withdrawn, and, for one limited to tool set hashes, while the agent's MCP server serves one of
 * them. What the registry API's evidence, signed statements and policy views report.
 */
export async function openAdvisoryIdsByAgentId(
  db: Db,
  agentIds: readonly number[],
): Promise<Map<number, string[]>> {
  const open = new Map(agentIds.map((id): [number, string[]] => [id, []]));
  for (const row of await createAdvisoriesRepo(db).findOpenNaming(agentIds)) {
    if (
      row.toolSetHashes.length > 0 &&
      (row.servedHash === null || !row.toolSetHashes.includes(row.servedHash))
    )
      continue;
    open.get(row.agentId)?.push(row.osvId);
  }
  return open;
}
