import { z } from 'zod';
import { agentHealthStates, mcpRevisions } from '../rules/trust-summary.js';
import { claimMethods } from '../trust.js';
import { riskSeverities } from './probes.js';

/**
 * What AgentAtlas found about an agent, as the registry API's `_meta["io.agentatlas/evidence"]`,
 * signed statements and policy views (DESIGN section 11) all state it: the same evidence as its page.
 */
export const agentEvidenceSchema = z.object({
  url: z.string().describe("The agent's page on AgentAtlas"),
  score: z.number().describe('Reputation score, 0-100'),
  verified: z.boolean(),
  claims: z.array(z.enum(claimMethods)).describe('How the owner proved control, by active claims'),
  health: z.enum(agentHealthStates),
  protocols: z.array(z.enum(mcpRevisions)).describe('MCP revisions the endpoint was last found to speak'),
  toolSetHash: z.string().nullable().describe('RFC 8785 hash of the MCP tool set last served'),
  maxRiskSeverity: z.enum(riskSeverities).nullable().describe('Highest tool-risk finding (null: not read)'),
  advisories: z.array(z.string()).describe('Ids of open advisories against the agent'),
});
export type AgentEvidence = z.infer<typeof agentEvidenceSchema>;
