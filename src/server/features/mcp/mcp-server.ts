import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { MCP_SEARCH_LIMIT_DEFAULT, mcpToolInputs } from '../../../shared/api/mcp.js';
import type { AgentDetail, AgentSummary } from '../../../shared/api/agents.js';
import { AppError } from '../../errors.js';
import { deserialized } from '../../lib/serialized-json.js';
import { getAgent, listAgents, type AgentsServiceDeps } from '../agents/agents.service.js';
import { listCategories, type CategoriesDeps } from '../categories/categories.service.js';
import { agentHealth, type ProbesDeps } from '../probes/probes.service.js';
import { absoluteUrl, paths } from '../../../shared/routes.js';

export interface McpServerDeps {
  agents: AgentsServiceDeps;
  categories: CategoriesDeps;
  probes: ProbesDeps;
  publicUrl: string;
  version: string;
}

const INSTRUCTIONS =
  'AgentAtlas is a directory of AI agents with reviews, reputation scores, ownership claims and live health ' +
  'checks. Search with search_agents, read one agent with get_agent (by the slug search answers), and ' +
  'list_categories names the categories search can be narrowed to.';

/** The answer as MCP carries structured data: the object, and the same as JSON text for older clients. */
function answer(structured: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }],
    structuredContent: structured,
  };
}

/** A tool error the model can read and act on (MCP reports these in the result, not as a protocol error). */
function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function summaryOf(agent: AgentSummary, publicUrl: string) {
  return {
    slug: agent.slug,
    name: agent.name,
    tagline: agent.tagline,
    category: agent.category.slug,
    tags: agent.tags,
    pricing: agent.pricing,
    verified: agent.verified,
    rating: agent.rating,
    reputationScore: agent.reputationScore,
    // Trust at a glance: up or down, the MCP protocol revisions its server speaks, how ownership was shown.
    trust: agent.trust,
    url: absoluteUrl(publicUrl, paths.agent.href(agent.slug)),
  };
}

function detailOf(agent: AgentDetail, publicUrl: string) {
  return {
    slug: agent.slug,
    name: agent.name,
    tagline: agent.tagline,
    description: agent.description,
    category: agent.category,
    tags: agent.tags,
    pricing: agent.pricing,
    verified: agent.verified,
    rating: agent.rating,
    reputationScore: agent.reputationScore,
    favoritesCount: agent.favoritesCount,
    trust: agent.trust,
    websiteUrl: agent.websiteUrl,
    repoUrl: agent.repoUrl,
    docsUrl: agent.docsUrl,
    mcpUrl: agent.mcpUrl,
    agentCardUrl: agent.agentCardUrl,
    owner: agent.owner.displayName,
    listedAt: agent.createdAt,
    updatedAt: agent.updatedAt,
    url: absoluteUrl(publicUrl, paths.agent.href(agent.slug)),
    badge: `${publicUrl}/badge/${agent.slug}.svg`,
  };
}

/**
 * AgentAtlas's own MCP server, built per request for either protocol era: the tools answer from the
 * same services as the API, so an AI agent sees what a person on the site sees.
 */
export function createAtlasMcpServer(deps: McpServerDeps): McpServer {
  const server = new McpServer(
    { name: 'agentatlas', title: 'AgentAtlas', version: deps.version },
    { instructions: INSTRUCTIONS },
  );

  server.registerTool(
    'search_agents',
    {
      title: 'Search agents',
      description:
        'Finds published AI agents by words, best matches first, optionally in one category. Answers each ' +
        'agent’s slug, name, tagline, rating, reputation score (0-100), whether its owner is verified, and its page.',
      inputSchema: z.object(mcpToolInputs.search_agents),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, category, limit, maxRiskSeverity }) => {
      const found = deserialized(
        (
          await listAgents(deps.agents, {
            q: query,
            category,
            maxRiskSeverity,
            page: 1,
            limit: limit ?? MCP_SEARCH_LIMIT_DEFAULT,
          })
        ).json,
      );
      return answer({
        query,
        ...(found.didYouMean ? { searchedFor: found.didYouMean } : {}),
        total: found.totalCount,
        agents: found.agents.map((agent) => summaryOf(agent, deps.publicUrl)),
      });
    },
  );

  server.registerTool(
    'get_agent',
    {
      title: 'Get an agent',
      description:
        'One published agent in full: description, links (website, repository, docs, MCP server, A2A card), ' +
        'rating and its distribution, reputation score, verification and the live health of its endpoints.',
      inputSchema: z.object(mcpToolInputs.get_agent),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ slug }) => {
      let agent: AgentDetail;
      try {
        // A slug, never an id: digits would name another agent by its number.
        if (/^\d+$/.test(slug)) return toolError(`“${slug}” is not a slug; search_agents answers slugs.`);
        agent = await getAgent(deps.agents, slug);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found')
          return toolError(`No published agent has the slug “${slug}”. Try search_agents.`);
        throw error;
      }
      const health = await agentHealth(deps.probes, agent.id);
      return answer({
        ...detailOf(agent, deps.publicUrl),
        health: health.endpoints.map((endpoint) => ({
          kind: endpoint.kind,
          url: endpoint.url,
          status: endpoint.status,
          checkedAt: endpoint.checkedAt,
          uptime30d: endpoint.uptime.d30,
          tools: endpoint.tools.map((tool) => tool.name),
          // MCP: the tool set's hash (a pin: GET /api/tool-hashes/{hash}) and the risk rules' findings.
          ...(endpoint.kind === 'mcp'
            ? {
                toolSetHash: endpoint.toolSetHash,
                maxRiskSeverity: endpoint.maxRiskSeverity,
                findings: [
                  ...endpoint.tools.flatMap((tool) =>
                    tool.findings.map((finding) => ({ tool: tool.name, ...finding })),
                  ),
                  ...endpoint.toolSetFindings.map((finding) => ({ tool: null, ...finding })),
                ],
              }
            : {}),
          // MCP: each protocol revision tried, whether the server spoke it, and where its credentials come from.
          protocols: endpoint.protocols,
          auth: endpoint.auth,
        })),
      });
    },
  );

  server.registerTool(
    'list_categories',
    {
      title: 'List categories',
      description: 'Every category with its slug and number of published agents.',
      inputSchema: z.object(mcpToolInputs.list_categories),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => {
      const { categories } = await listCategories(deps.categories);
      return answer({
        categories: categories.map((category) => ({
          slug: category.slug,
          name: category.name,
          description: category.description,
          agents: category.agentCount,
        })),
      });
    },
  );

  return server;
}
