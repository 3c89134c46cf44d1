import { z } from 'zod';

/**
 * Advisories (DESIGN section 11): what admins publish about listed agents, in OSV 1.6 format
 * (https://ossf.github.io/osv-schema/), ecosystem "AgentAtlas", the agent's slug as the package name.
 * An advisory is open against an agent until it is withdrawn; with tool set hashes it is open only
 * while the agent's MCP server serves one of them.
 */

export const advisorySeverities = ['low', 'medium', 'high', 'critical'] as const;
export type AdvisorySeverity = (typeof advisorySeverities)[number];
export const advisorySeverityLabels: Record<AdvisorySeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export const OSV_SCHEMA_VERSION = '1.6.0';
export const ADVISORY_ECOSYSTEM = 'AgentAtlas';
/** AGENTATLAS-<year>-<number of the year, at least 4 digits>. */
export const ADVISORY_ID_PATTERN = /^AGENTATLAS-\d{4}-\d{4,}$/;
export const ADVISORY_SUMMARY_MAX = 200;
export const ADVISORY_DETAILS_MAX = 20_000;
export const ADVISORY_AFFECTED_MAX = 50;
export const ADVISORIES_LISTED_MAX = 100;
/** As long as an agent reference in a path may be (agentIdOrSlugParamsSchema). */
const SLUG_MAX = 120;

export const advisoryIdParamsSchema = z.object({
  id: z.string().max(40, 'Not an advisory id').describe('An advisory id, like AGENTATLAS-2026-0001'),
});

export const advisoryListQuerySchema = z.object({
  affects: z
    .string()
    .trim()
    .min(1, 'affects must be an agent slug')
    .max(SLUG_MAX, 'affects must be an agent slug')
    .optional()
    .describe('Only advisories about this agent (its slug); without it, the newest of all'),
});

const words = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can have at most ${max} characters`);

/** POST /api/admin/advisories and PUT /api/admin/advisories/{id}. */
export const advisoryInputSchema = z.strictObject({
  summary: words('The summary', ADVISORY_SUMMARY_MAX),
  details: words('The details', ADVISORY_DETAILS_MAX),
  severity: z.enum(advisorySeverities, { error: `severity must be one of ${advisorySeverities.join(', ')}` }),
  affected: z
    .array(
      z.strictObject({
        slug: z
          .string({ error: 'Each affected agent needs its slug' })
          .trim()
          .toLowerCase()
          .min(1, 'Each affected agent needs its slug')
          .max(SLUG_MAX, 'Not an agent slug'),
        versions: z
          .array(z.string().trim().min(1).max(255), { error: 'versions must be a list of versions' })
          .max(50, 'At most 50 versions')
          .optional(),
        toolSetHashes: z
          .array(z.string().regex(/^[0-9a-f]{64}$/, 'A tool set hash is 64 hex digits'), {
            error: 'toolSetHashes must be a list of tool set hashes',
          })
          .max(50, 'At most 50 tool set hashes')
          .optional(),
      }),
      { error: 'affected must be a list of agents' },
    )
    .min(1, 'Name at least one affected agent')
    .max(ADVISORY_AFFECTED_MAX, `At most ${ADVISORY_AFFECTED_MAX} affected agents`),
});
export type AdvisoryInput = z.infer<typeof advisoryInputSchema>;

/** An OSV 1.6 record as AgentAtlas publishes it. */
export const osvAdvisorySchema = z.object({
  schema_version: z.literal(OSV_SCHEMA_VERSION),
  id: z.string(),
  modified: z.string(),
  published: z.string(),
  withdrawn: z.string().optional(),
  summary: z.string(),
  details: z.string(),
  affected: z.array(
    z.object({
      package: z.object({ ecosystem: z.literal(ADVISORY_ECOSYSTEM), name: z.string() }),
      versions: z.array(z.string()).optional(),
      database_specific: z.object({ toolSetHashes: z.array(z.string()) }).optional(),
    }),
  ),
  references: z.array(z.object({ type: z.literal('WEB'), url: z.string() })),
  // OSV's own `severity` holds scored vectors (CVSS, Ubuntu priorities); a word goes here, as GitHub's does.
  database_specific: z.object({ severity: z.enum(advisorySeverities) }),
});
export type OsvAdvisory = z.infer<typeof osvAdvisorySchema>;

export const advisoryListSchema = z.object({ advisories: z.array(osvAdvisorySchema) });
export type AdvisoryList = z.infer<typeof advisoryListSchema>;

export function advisoryPath(id: string): `/${string}` {
  return `/api/advisories/${encodeURIComponent(id)}`;
}
