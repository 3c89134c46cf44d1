import { z } from 'zod';
import { riskFilterSeverities } from '../agent-list-filters.js';
import { mcpRevisions } from '../rules/trust-summary.js';
import { claimMethods } from '../trust.js';
import { REGISTRY_NAME_MAX, REGISTRY_NAME_PATTERN } from './imports.js';

/**
 * Policy views (DESIGN section 11): an organisation's registry, computed from evidence. A view's
 * rules decide which of the catalogue's MCP servers it admits; it is served at /p/{slug}/v0.1/servers
 * and every addition, drop and approval is in its signed changelog.
 */

export const POLICY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const POLICY_SLUG_MAX = 60;
export const POLICY_NAME_MAX = 100;
export const POLICY_LIST_MAX = 200;
export const policyApprovals = ['automatic', 'manual'] as const;
export const changelogActions = ['added', 'dropped', 'approved', 'pinned'] as const;
export type ChangelogAction = (typeof changelogActions)[number];
/** How often every view is evaluated again: well within one probe interval (15 minutes). */
export const POLICY_EVALUATION_INTERVAL_S = 60;
/** The JWS `typ` of a changelog entry. */
export const CHANGELOG_JWS_TYPE = 'agentatlas-policy-changelog+jws';

const serverNames = (label: string) =>
  z
    .array(
      z
        .string()
        .max(REGISTRY_NAME_MAX)
        .regex(REGISTRY_NAME_PATTERN, `Each entry of ${label} must be a server name like com.example/server`),
      { error: `${label} must be a list of server names` },
    )
    .max(POLICY_LIST_MAX, `${label} can name at most ${POLICY_LIST_MAX} servers`);

export const policyRulesSchema = z.strictObject({
  minScore: z.number({ error: 'minScore must be a number' }).min(0).max(100).optional(),
  verifiedOnly: z.boolean({ error: 'verifiedOnly must be true or false' }).optional(),
  claimMethods: z
    .array(z.enum(claimMethods, { error: `claimMethods may hold ${claimMethods.join(', ')}` }))
    .min(1, 'claimMethods needs at least one method')
    .optional()
    .describe('Admit only servers whose owner proved control by one of these'),
  requireHealthy: z.boolean({ error: 'requireHealthy must be true or false' }).optional(),
  protocols: z
    .array(z.enum(mcpRevisions, { error: `protocols may hold ${mcpRevisions.join(', ')}` }))
    .min(1, 'protocols needs at least one revision')
    .optional()
    .describe('Admit only servers last found to speak one of these MCP revisions'),
  maxRiskSeverity: z
    .enum(riskFilterSeverities, {
      error: `maxRiskSeverity must be one of ${riskFilterSeverities.join(', ')}`,
    })
    .optional(),
  pinToolSets: z.boolean({ error: 'pinToolSets must be true or false' }).optional(),
  noAdvisories: z.boolean({ error: 'noAdvisories must be true or false' }).optional(),
  categories: z
    .array(z.string().max(60).regex(POLICY_SLUG_PATTERN, 'Each category must be a category slug'), {
      error: 'categories must be a list of category slugs',
    })
    .min(1, 'categories needs at least one category')
    .max(50)
    .optional(),
  include: serverNames('include')
    .optional()
    .describe('When given, only these servers (still checked by the rules)'),
  exclude: serverNames('exclude').optional().describe('Never these servers'),
});
export type PolicyRules = z.infer<typeof policyRulesSchema>;

const viewFields = {
  name: z
    .string({ error: 'A name is required' })
    .trim()
    .min(1, 'A name is required')
    .max(POLICY_NAME_MAX, `The name can have at most ${POLICY_NAME_MAX} characters`),
  rules: policyRulesSchema,
  approval: z.enum(policyApprovals, { error: 'approval must be automatic or manual' }),
};

export const createPolicySchema = z.strictObject({
  slug: z
    .string({ error: 'A slug is required' })
    .trim()
    .toLowerCase()
    .min(2, 'The slug needs at least 2 characters')
    .max(POLICY_SLUG_MAX, `The slug can have at most ${POLICY_SLUG_MAX} characters`)
    .regex(POLICY_SLUG_PATTERN, 'The slug may hold lower-case letters, digits and single hyphens'),
  ...viewFields,
});
export type CreatePolicyInput = z.infer<typeof createPolicySchema>;
export const updatePolicySchema = z.strictObject(viewFields);
export type UpdatePolicyInput = z.infer<typeof updatePolicySchema>;

export const policySlugParamsSchema = z.object({ slug: z.string().max(POLICY_SLUG_MAX + 20) });
export const approveServerSchema = z.strictObject({
  serverName: z.string({ error: 'serverName is required' }).max(REGISTRY_NAME_MAX),
});

export const policySchema = z.object({
  slug: z.string(),
  name: z.string(),
  rules: policyRulesSchema,
  approval: z.enum(policyApprovals),
  createdAt: z.string(),
  updatedAt: z.string(),
  evaluatedAt: z.string().nullable(),
  registryUrl: z.string().describe('Point a client’s MCP registry setting here'),
  changelogUrl: z.string(),
  admitted: z.number().int(),
  queued: z.number().int(),
});
export type Policy = z.infer<typeof policySchema>;
export const policyListSchema = z.object({ policies: z.array(policySchema) });

/** Where a server stands in a view, and why. */
export const previewEntrySchema = z.object({
  name: z.string(),
  title: z.string(),
  agentUrl: z.string(),
  state: z.enum(['admitted', 'queued', 'excluded']),
  reasons: z.array(z.string()).describe('Why it is excluded or waiting; empty when admitted'),
});
export type PreviewEntry = z.infer<typeof previewEntrySchema>;
export const policyPreviewSchema = z.object({
  admitted: z.number().int(),
  queued: z.number().int(),
  excluded: z.number().int(),
  servers: z.array(previewEntrySchema).describe('Admitted and queued first, then excluded; at most 500'),
});
export type PolicyPreview = z.infer<typeof policyPreviewSchema>;

export const changelogEntrySchema = z.object({
  at: z.string(),
  serverName: z.string(),
  action: z.enum(changelogActions),
  reason: z.string(),
  jws: z
    .string()
    .describe('Compact JWS of {view, at, serverName, action, reason} (RFC 8785), kid in the JWKS'),
});
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;
export const changelogSchema = z.object({ entries: z.array(changelogEntrySchema) });
export type Changelog = z.infer<typeof changelogSchema>;

export function policyRegistryPath(slug: string): `/${string}` {
  return `/p/${encodeURIComponent(slug)}`;
}
export function policyChangelogPath(slug: string): `/${string}` {
  return `/p/${encodeURIComponent(slug)}/changelog`;
}
