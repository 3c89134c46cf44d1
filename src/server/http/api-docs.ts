import type { AgentDetail, AgentListResponse } from '../../shared/api/agents.js';
import type { CategoryList } from '../../shared/api/categories.js';
import type { ImportRequest } from '../../shared/api/imports.js';
import type { CreateReview, ReviewListResponse } from '../../shared/api/reviews.js';
import type { ImportDraftResponse } from '../../shared/api/submissions.js';
import type { CreatedWebhook, CreateWebhookInput, WebhookDeliveryList } from '../../shared/api/webhooks.js';

/**
 * What /api/docs shows besides the routes' own schemas: the features the operations are grouped by,
 * in order, and worked examples of the calls integrators make most. The examples are typed with the
 * shared API types, so one that drifts from the contract does not compile.
 */

export const apiTags = [
  {
    name: 'catalogue',
    description: 'Agents, search, categories and the home page: public, cached, no sign-in.',
  },
  { name: 'reviews', description: 'Ratings and reviews of an agent, helpful votes and owners’ replies.' },
  { name: 'probes', description: 'Health of the endpoints a listing names, checked by AgentAtlas.' },
  { name: 'record', description: 'An agent’s public record: incidents, ownership evidence, appeals.' },
  {
    name: 'transparency',
    description:
      'The transparency log of observed tool sets (RFC 9162): signed tree heads, entries, inclusion and consistency proofs, and the JWKS of AgentAtlas’s signatures.',
  },
  {
    name: 'tool record',
    description: 'Every MCP tool as served, hashed: the pins a gateway checks before it trusts a tool.',
  },
  {
    name: 'registry',
    description:
      'The MCP registry API v0.1: every listed MCP server as server.json with AgentAtlas’s evidence in _meta, for IDEs and gateways that allow only servers from a registry.',
  },
  {
    name: 'statements',
    description:
      'Signed statements: a short-lived JWS of what AgentAtlas vouches for about an agent, checked offline with /.well-known/jwks.json, revoked through a W3C Bitstring Status List.',
  },
  {
    name: 'advisories',
    description:
      'Security advisories about listed agents in OSV 1.6 format (ecosystem AgentAtlas, the slug as package), with an Atom feed; admins publish and withdraw them.',
  },
  {
    name: 'policies',
    description:
      'Policy views: an organisation’s MCP registry computed from evidence (rules, approval queue, pinned tool sets), served at /p/{slug}/v0.1/servers with a signed changelog.',
  },
  { name: 'badges', description: 'Embeddable SVG badges.' },
  { name: 'feeds', description: 'Atom feeds of new agents, of a category and of an agent’s reviews.' },
  { name: 'mcp', description: 'AgentAtlas as an MCP server (Streamable HTTP) for AI agents.' },
  { name: 'auth', description: 'Accounts, sessions (a cookie), e-mail verification and passwords.' },
  { name: 'favorites', description: 'The signed-in person’s favorites.' },
  { name: 'notifications', description: 'In-app notifications (also pushed over /ws).' },
  {
    name: 'drafts',
    description: 'Submitting an agent: drafts saved while typing, then submitted for review.',
  },
  {
    name: 'imports',
    description: 'Drafts filled from the MCP registry, a server.json or an A2A card; the registry sync.',
  },
  { name: 'github', description: 'The GitHub connection used to import a repository and prove ownership.' },
  { name: 'owners', description: 'An owner’s listings, edits and their status.' },
  { name: 'claims', description: 'Ownership claims by DNS, a well-known file or GitHub.' },
  { name: 'metrics', description: 'Owners’ figures: views, searches, favorites, reviews, score.' },
  { name: 'history', description: 'The signed-in person’s activity.' },
  { name: 'webhooks', description: 'Signed webhooks (Standard Webhooks) for an owner’s agents.' },
  { name: 'storage', description: 'Uploaded logos.' },
  { name: 'admin', description: 'Moderation, categories, storage and figures. Admins only.' },
  { name: 'newsletter', description: 'The newsletter sign-up.' },
  { name: 'health', description: 'Liveness and readiness of the server.' },
  { name: 'demo', description: 'The demo agent’s own MCP server.' },
];

const at = '2026-11-20T09:30:00.000Z';

const agentList = {
  agents: [
    {
      id: 12,
      slug: 'paper-pilot',
      name: 'Paper Pilot',
      tagline: 'Reads research papers and answers with citations.',
      category: { slug: 'research', name: 'Research' },
      tags: ['papers', 'citations'],
      pricing: 'freemium',
      logoUrl: '/uploads/9fQ2x7.webp',
      verified: true,
      rating: { average: 4.6, count: 38 },
      reputationScore: 4.41,
      favoritesCount: 120,
      createdAt: at,
      trust: { health: 'up', protocols: ['2026-07-28', '2025-11-25'], ownership: ['dns'] },
    },
  ],
  totalCount: 1,
  totalPages: 1,
  currentPage: 1,
} satisfies AgentListResponse;

const agentDetail = {
  id: 12,
  slug: 'paper-pilot',
  name: 'Paper Pilot',
  tagline: 'Reads research papers and answers with citations.',
  description: '## What it does\n\nReads papers in full and cites the page of every answer.',
  category: { slug: 'research', name: 'Research' },
  tags: ['papers', 'citations'],
  websiteUrl: 'https://paper-pilot.example.com',
  repoUrl: 'https://github.com/acme/paper-pilot',
  docsUrl: null,
  mcpUrl: 'https://paper-pilot.example.com/mcp',
  agentCardUrl: null,
  pricing: 'freemium',
  logoUrl: '/uploads/9fQ2x7.webp',
  verified: true,
  owner: { displayName: 'Ada L.' },
  rating: { average: 4.6, count: 38, distribution: { 1: 1, 2: 0, 3: 2, 4: 9, 5: 26 } },
  reputationScore: 4.41,
  favoritesCount: 120,
  viewsCount: 5400,
  status: 'published',
  createdAt: at,
  updatedAt: at,
  trust: { health: 'up', protocols: ['2026-07-28', '2025-11-25'], ownership: ['dns'] },
} satisfies AgentDetail;

const categories = {
  categories: [
    {
      id: 3,
      slug: 'research',
      name: 'Research',
      description: 'Agents that read, search and summarize.',
      icon: 'book-open',
      agentCount: 42,
    },
  ],
} satisfies CategoryList;

const reviews = {
  reviews: [
    {
      id: 501,
      agentId: 12,
      rating: 5,
      title: 'Cites its sources',
      body: 'Every answer comes with the page it was found on. Saved me hours.',
      author: { displayName: 'Grace H.' },
      helpfulCount: 7,
      ownerReply: { body: 'Thank you!', createdAt: at },
      createdAt: at,
      updatedAt: at,
    },
  ],
  totalCount: 1,
  totalPages: 1,
  currentPage: 1,
} satisfies ReviewListResponse;

const importExamples = {
  registry: { source: 'mcp-registry', name: 'io.github.acme/paper-pilot' },
  serverJsonUrl: { source: 'server-json', url: 'https://paper-pilot.example.com/server.json' },
  serverJsonPasted: {
    source: 'server-json',
    json: { name: 'io.github.acme/paper-pilot', description: 'Reads papers.', version: '1.4.0' },
  },
  agentCard: { source: 'agent-card', url: 'https://paper-pilot.example.com/.well-known/agent-card.json' },
} satisfies Record<string, ImportRequest>;

const fetchedFromRegistry = {
  source: 'mcp-registry',
  url: 'https://registry.modelcontextprotocol.io/v0.1/servers/io.github.acme%2Fpaper-pilot/versions/latest',
  fetchedAt: at,
} as const;

const importedDraft = {
  id: 77,
  name: 'Paper Pilot',
  tagline: 'Reads research papers and answers with citations.',
  description: 'Reads research papers and answers with citations. Cites the page of every answer.',
  category: null,
  tags: ['mcp', 'remote'],
  websiteUrl: 'https://paper-pilot.example.com',
  repoUrl: 'https://github.com/acme/paper-pilot',
  docsUrl: null,
  mcpUrl: 'https://paper-pilot.example.com/mcp',
  agentCardUrl: null,
  pricing: null,
  logoFileId: 310,
  logoUrl: '/uploads/Xk3d9a.webp',
  githubRepo: 'acme/paper-pilot',
  license: null,
  githubStars: null,
  version: '1.4.0',
  provenance: {
    name: fetchedFromRegistry,
    tagline: fetchedFromRegistry,
    description: fetchedFromRegistry,
    websiteUrl: fetchedFromRegistry,
    repoUrl: fetchedFromRegistry,
    mcpUrl: fetchedFromRegistry,
    logoFileId: fetchedFromRegistry,
    version: fetchedFromRegistry,
    tags: fetchedFromRegistry,
  },
  importedFrom: {
    source: 'mcp-registry',
    url: fetchedFromRegistry.url,
    registryName: 'io.github.acme/paper-pilot',
    version: '1.4.0',
    fetchedAt: at,
  },
  createdAt: at,
  updatedAt: at,
  warnings: [],
} satisfies ImportDraftResponse;

const webhookRequest = {
  url: 'https://hooks.example.com/agentatlas',
  events: ['review.created', 'agent.health_changed'],
  agentId: 12,
} satisfies CreateWebhookInput;

const createdWebhook = {
  id: 4,
  url: webhookRequest.url,
  events: ['review.created', 'agent.health_changed'],
  agent: { id: 12, slug: 'paper-pilot', name: 'Paper Pilot' },
  status: 'active',
  disabledReason: null,
  failingSince: null,
  createdAt: at,
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
} satisfies CreatedWebhook;

const deliveries = {
  deliveries: [
    {
      id: 90,
      messageId: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
      event: 'review.created',
      status: 'delivered',
      nextAttemptAt: null,
      createdAt: at,
      deliveredAt: at,
      attempts: [
        { at, statusCode: 500, durationMs: 84, error: null },
        { at, statusCode: 200, durationMs: 61, error: null },
      ],
    },
  ],
} satisfies WebhookDeliveryList;

const review = {
  rating: 5,
  title: 'Cites its sources',
  body: 'Every answer comes with the page it was found on.',
} satisfies CreateReview;

interface OperationExamples {
  request?: Record<string, { summary: string; value: unknown }>;
  response?: { status: number; value: unknown };
}

/** Keyed "METHOD /path" as the OpenAPI document spells the path. */
export const operationExamples: Record<string, OperationExamples> = {
  'GET /api/agents': { response: { status: 200, value: agentList } },
  'GET /api/agents/{id}': { response: { status: 200, value: agentDetail } },
  'GET /api/categories': { response: { status: 200, value: categories } },
  'GET /api/agents/{id}/reviews': { response: { status: 200, value: reviews } },
  'POST /api/agents/{id}/reviews': {
    request: { review: { summary: 'A five-star review', value: review } },
  },
  'POST /api/drafts/import': {
    request: {
      registry: { summary: 'From the official MCP registry, by server name', value: importExamples.registry },
      serverJsonUrl: { summary: 'From a server.json at an address', value: importExamples.serverJsonUrl },
      serverJsonPasted: { summary: 'From a pasted server.json', value: importExamples.serverJsonPasted },
      agentCard: { summary: 'From an A2A agent card', value: importExamples.agentCard },
    },
    response: { status: 201, value: importedDraft },
  },
  'POST /api/user/webhooks': {
    request: { webhook: { summary: 'Reviews and health of one agent', value: webhookRequest } },
    response: { status: 201, value: createdWebhook },
  },
  'GET /api/user/webhooks/{id}/deliveries': { response: { status: 200, value: deliveries } },
  'POST /mcp': {
    request: {
      search: {
        summary: 'Call the search_agents tool (JSON-RPC; send Accept: application/json, text/event-stream)',
        value: {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search_agents', arguments: { query: 'research papers', limit: 5 } },
        },
      },
    },
  },
};

interface OpenApiOperation {
  tags?: string[];
  requestBody?: { content?: Record<string, { schema?: unknown; examples?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

/** Puts the examples into the generated document (swagger's transformObject). */
export function withExamples<T extends object>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, OpenApiOperation> | undefined> }).paths;
  for (const [key, examples] of Object.entries(operationExamples)) {
    const [method, path] = key.split(' ') as [string, string];
    const operation = paths?.[path]?.[method.toLowerCase()];
    if (!operation) continue;
    if (examples.request) {
      // An operation whose body the route does not parse itself (POST /mcp: the SDK does) gets one here.
      operation.requestBody ??= { content: {} };
      operation.requestBody.content ??= {};
      operation.requestBody.content['application/json'] ??= { schema: { type: 'object' } };
      operation.requestBody.content['application/json'].examples = examples.request;
    }
    if (examples.response) {
      const responseMedia =
        operation.responses?.[String(examples.response.status)]?.content?.['application/json'];
      if (responseMedia) responseMedia.example = examples.response.value;
    }
  }
  return document;
}
