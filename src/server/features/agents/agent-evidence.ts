import type { AgentEvidence } from '../../../shared/api/evidence.js';
import { riskSeverities } from '../../../shared/api/probes.js';
import { isMcpRevision } from '../../../shared/rules/trust-summary.js';
import { absoluteUrl, paths } from '../../../shared/routes.js';
import type { Db } from '../../db/database.js';
import type { AgentsTable } from '../../db/schema.js';
import { openAdvisoryIdsByAgentId } from '../advisories/open-advisories.js';
import { NO_TRUST, presentTrust } from './agents.presenter.js';
import type { AgentsRepo } from './agents.repo.js';

export interface AgentEvidenceDeps {
  db: Db;
  agents: Pick<AgentsRepo, 'findTrustParts'>;
  publicUrl: string;
}

export type EvidenceSubject = Pick<AgentsTable, 'slug' | 'reputation_score' | 'verified'> & { id: number };

const knownSeverity = (value: string | null) => riskSeverities.find((severity) => severity === value) ?? null;

/**
 * The evidence about each of these agents, by id: the one way the registry API, signed statements
 * and policy views read it (two indexed reads for the trust, one for advisories, for any number).
 */
export async function agentEvidence(
  deps: AgentEvidenceDeps,
  subjects: readonly EvidenceSubject[],
): Promise<Map<number, AgentEvidence>> {
  const ids = subjects.map((subject) => subject.id);
  const [parts, advisories] = await Promise.all([
    deps.agents.findTrustParts(ids),
    openAdvisoryIdsByAgentId(deps.db, ids),
  ]);
  const trust = presentTrust(parts);
  const mcpEndpoints = new Map(
    parts.endpoints
      .filter((endpoint) => endpoint.kind === 'mcp')
      .map((endpoint) => [endpoint.agent_id, endpoint]),
  );
  return new Map(
    subjects.map((subject) => {
      const { health, protocols, ownership } = trust.get(subject.id) ?? NO_TRUST;
      const mcp = mcpEndpoints.get(subject.id);
      const evidence: AgentEvidence = {
        url: absoluteUrl(deps.publicUrl, paths.agent.href(subject.slug)),
        score: Math.round(subject.reputation_score * 10) / 10,
        verified: subject.verified === 1,
        claims: ownership,
        health,
        protocols: protocols.filter(isMcpRevision),
        toolSetHash: mcp?.tool_set_hash ?? null,
        maxRiskSeverity: knownSeverity(mcp?.max_risk_severity ?? null),
        advisories: advisories.get(subject.id) ?? [],
      };
      return [subject.id, evidence];
    }),
  );
}
