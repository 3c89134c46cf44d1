import { z } from 'zod';
import { ROW_ID_MAX } from '../limits.js';
import { claimMethods, claimStatuses, type ClaimMethod } from '../trust.js';

/**
 * Ownership claims: evidence, checked against the agent's domain or repository,
 * that the owner controls it. Active claims are checked again daily; the verified badge follows them.
 */

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
/** A domain, or (for local setups that allow private addresses; the server decides) host:port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;
const GITHUB_REPO = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

/** What each method's subject is, in the words of its error. */
const subjectRules: Record<ClaimMethod, { pattern: RegExp; message: string }> = {
  dns: { pattern: DOMAIN, message: 'subject must be a domain name, like agent.example.com' },
  'well-known': { pattern: HOST, message: 'subject must be a domain name, like agent.example.com' },
  github: { pattern: GITHUB_REPO, message: 'subject must be a GitHub repository, like owner/name' },
};

/** POST /api/agents/{id}/claims */
export const createClaimSchema = z
  .strictObject({
    method: z.enum(claimMethods, { error: `method must be one of ${claimMethods.join(', ')}` }),
    subject: z
      .string({ error: 'subject is required' })
      .trim()
      .min(1, 'subject is required')
      .max(253, 'subject must be at most 253 characters'),
  })
  .transform((claim) => ({
    ...claim,
    // Domains are case-insensitive and typed with a trailing dot now and then; repositories keep their case.
    subject: claim.method === 'github' ? claim.subject : claim.subject.toLowerCase().replace(/\.$/, ''),
  }))
  .superRefine((claim, context) => {
    const rule = subjectRules[claim.method];
    if (!rule.pattern.test(claim.subject))
      context.addIssue({ code: 'custom', path: ['subject'], message: rule.message });
  });
export type CreateClaimInput = z.input<typeof createClaimSchema>;

export const claimParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(ROW_ID_MAX),
  claimId: z.coerce.number().int().positive().max(ROW_ID_MAX),
});

export const claimSchema = z.object({
  id: z.number().int(),
  method: z.enum(claimMethods),
  subject: z.string(),
  status: z.enum(claimStatuses),
  verifiedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  /** Extra fields: when the claim was made, and what the last check found, in a sentence. */
  createdAt: z.string(),
  detail: z.string().nullable(),
  /** Only for the agent's owner: the token to publish and how. */
  token: z.string().optional(),
  instructions: z.string().optional(),
});
export type Claim = z.infer<typeof claimSchema>;

export const claimsResponseSchema = z.object({ claims: z.array(claimSchema) });
export type ClaimsResponse = z.infer<typeof claimsResponseSchema>;

/** GET /api/admin/agents/{id}/evidence: the claims an admin verifies on. */
export const verificationEvidenceSchema = z.object({
  agentId: z.number().int(),
  claims: z.array(claimSchema),
  /** At least one claim is active: the badge may be given. */
  canVerify: z.boolean(),
  summary: z.string(),
  checkedAt: z.string(),
});
export type VerificationEvidence = z.infer<typeof verificationEvidenceSchema>;

/** POST /api/admin/agents/{id}/verify (body optional: { verified: false } takes the badge away). */
export const verifyAgentSchema = z.strictObject({ verified: z.boolean().default(true) });
export const verifyAgentResponseSchema = z.object({ agentId: z.number().int(), verified: z.boolean() });

/** /api/admin/agents/{id}/evidence and /verify. */
export const verificationParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(ROW_ID_MAX),
});
