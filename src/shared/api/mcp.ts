import { z } from 'zod';
import { SEARCH_QUERY_MAX_LENGTH } from '../limits.js';
import { riskFilterSeverities } from '../agent-list-filters.js';

/** Where AgentAtlas's own MCP server answers: Streamable HTTP, no session. */
export const MCP_SERVER_PATH = '/mcp';

export const MCP_SEARCH_LIMIT_DEFAULT = 10;
export const MCP_SEARCH_LIMIT_MAX = 50;

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The tools' arguments: raw shapes, as the MCP SDK takes them and lists them to clients. */
export const mcpToolInputs = {
  search_agents: {
    query: z
      .string()
      .trim()
      .min(1, 'query must not be empty')
      .max(SEARCH_QUERY_MAX_LENGTH, 'query is too long')
      .describe('Words to search for in agents’ names, taglines, descriptions and tags'),
    category: z
      .string()
      .regex(slugPattern, 'category must be a category slug (see list_categories)')
      .max(80)
      .optional()
      .describe('Only agents in this category (a slug from list_categories)'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MCP_SEARCH_LIMIT_MAX)
      .optional()
      .describe(`How many agents at most (default ${MCP_SEARCH_LIMIT_DEFAULT})`),
    maxRiskSeverity: z
      .enum(riskFilterSeverities)
      .optional()
      .describe(
        'Leave out agents whose MCP server has a tool risk finding above this severity (warning: no danger findings)',
      ),
  },
  get_agent: {
    slug: z
      .string()
      .trim()
      .min(1)
      .max(120)
      .describe('The agent’s slug, as search_agents answers it (the last part of its page address)'),
  },
  list_categories: {},
} as const;

export type McpToolName = keyof typeof mcpToolInputs;
