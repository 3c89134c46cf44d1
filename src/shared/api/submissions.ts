import { z } from 'zod';
import { pricingModels } from '../catalogue.js';
import {
  AGENT_DESCRIPTION_MAX,
  AGENT_DESCRIPTION_MIN,
  AGENT_NAME_MAX,
  AGENT_NAME_MIN,
  AGENT_TAG_MAX,
  AGENT_TAGLINE_MAX,
  AGENT_TAGLINE_MIN,
  AGENT_TAGS_MAX,
  LICENSE_MAX,
  URL_MAX,
  ROW_ID_MAX,
} from '../limits.js';
import { isHttpUrl } from '../rules/url.js';
import { agentLinksShape, agentListingTextShape, type AgentLinkField } from './agents.js';
import { importOriginSchema, provenanceSchema } from './imports.js';

/**
 * The fields an owner writes about an agent: a draft holds them (all optional, loosely checked so
 * half-typed values can be saved), a submission and an edit validate them fully.
 */

export const GITHUB_REPO_PATTERN = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An empty string means "not given". */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const httpUrl = (label: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ error: `${label} must be a web address` })
      .trim()
      .max(URL_MAX, `${label} can have at most ${URL_MAX} characters`)
      .refine(isHttpUrl, `${label} must be a full http:// or https:// address`)
      .nullish()
      .transform((value) => value ?? null),
  );

const requiredText = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} can have at most ${max} characters`);

const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'A tag cannot be empty')
  .max(AGENT_TAG_MAX, `A tag can have at most ${AGENT_TAG_MAX} characters`);

const tagsSchema = z
  .array(tagSchema, { error: 'Tags must be a list of words' })
  .max(AGENT_TAGS_MAX, `At most ${AGENT_TAGS_MAX} tags`)
  .transform((tags) => [...new Set(tags)]);

const githubRepoSchema = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .regex(GITHUB_REPO_PATTERN, 'The repository must look like owner/name')
    .nullish()
    .transform((value) => value ?? null),
);

const logoFileIdSchema = z
  .number({ error: 'logoFileId must be an uploaded file id' })
  .int('logoFileId must be an uploaded file id')
  .positive('logoFileId must be an uploaded file id')
  .max(ROW_ID_MAX, 'logoFileId must be an uploaded file id')
  .nullish()
  .transform((value) => value ?? null);

/** Full validation: what a submission or an edit must satisfy. Field names match the API and the form. */
export const agentFieldsSchema = z
  .strictObject({
    name: requiredText('Name', AGENT_NAME_MIN, AGENT_NAME_MAX),
    tagline: requiredText('Tagline', AGENT_TAGLINE_MIN, AGENT_TAGLINE_MAX),
    description: requiredText('Description', AGENT_DESCRIPTION_MIN, AGENT_DESCRIPTION_MAX),
    category: z
      .string({ error: 'Choose a category' })
      .trim()
      .min(1, 'Choose a category')
      .regex(SLUG_PATTERN, 'Choose a category'),
    tags: tagsSchema.default([]),
    websiteUrl: httpUrl('Website'),
    repoUrl: httpUrl('Repository URL'),
    docsUrl: httpUrl('Documentation URL'),
    mcpUrl: httpUrl('MCP server URL'),
    agentCardUrl: httpUrl('A2A agent card URL'),
    pricing: z.enum(pricingModels, { error: 'Choose a pricing model' }),
    logoFileId: logoFileIdSchema,
    githubRepo: githubRepoSchema,
    license: z.preprocess(
      emptyToNull,
      z
        .string()
        .trim()
        .max(LICENSE_MAX, `License can have at most ${LICENSE_MAX} characters`)
        .nullish()
        .transform((value) => value ?? null),
    ),
  })
  .superRefine((fields, context) => {
    if (!fields.websiteUrl && !fields.repoUrl) {
      context.addIssue({
        code: 'custom',
        path: ['websiteUrl'],
        message: 'Add a website or a repository URL so people can find your agent',
      });
    }
  });
export type AgentFieldsInput = z.input<typeof agentFieldsSchema>;
export type AgentFields = z.output<typeof agentFieldsSchema>;

/**
 * The fields that describe an agent in its owner's words and addresses: a listing shows them as
 * written, and an import can fill each (the form says where each came from).
 */
export type AgentDescriptionField = 'name' | 'tagline' | 'description' | 'tags' | AgentLinkField;

/** Draft fields: every one optional and nullable; only lengths and types are checked while drafting. */
export const draftFieldsSchema = z.strictObject({
  name: z
    .string()
    .max(AGENT_NAME_MAX * 2)
    .nullish(),
  tagline: z
    .string()
    .max(AGENT_TAGLINE_MAX * 2)
    .nullish(),
  description: z.string().max(AGENT_DESCRIPTION_MAX).nullish(),
  category: z.string().max(80).nullish(),
  tags: z
    .array(z.string().max(AGENT_TAG_MAX * 2))
    .max(AGENT_TAGS_MAX * 2)
    .nullish(),
  websiteUrl: z.string().max(URL_MAX).nullish(),
  repoUrl: z.string().max(URL_MAX).nullish(),
  docsUrl: z.string().max(URL_MAX).nullish(),
  mcpUrl: z.string().max(URL_MAX).nullish(),
  agentCardUrl: z.string().max(URL_MAX).nullish(),
  pricing: z.enum(pricingModels, { error: 'Choose a pricing model' }).nullish(),
  logoFileId: logoFileIdSchema,
  githubRepo: z.string().max(200).nullish(),
  license: z.string().max(LICENSE_MAX).nullish(),
  /** GitHub's star count when the draft was prefilled from a repository (shown, never typed). */
  githubStars: z.number().int().min(0).nullish(),
});
export type DraftFields = z.input<typeof draftFieldsSchema>;

/** PUT /api/drafts/{id}: every key optional without a default, so "left out" differs from "cleared" (null). */
export const draftChangesSchema = draftFieldsSchema.partial();

/** GET /api/drafts/{id}, and each entry of GET /api/drafts. */
export const draftSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  tagline: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  ...agentLinksShape,
  pricing: z.enum(pricingModels).nullable(),
  logoFileId: z.number().int().nullable(),
  /** The logo's public URL, when logoFileId names a file that still exists. */
  logoUrl: z.string().nullable(),
  githubRepo: z.string().nullable(),
  license: z.string().nullable(),
  githubStars: z.number().int().nullable(),
  /** The version the import read (shown, never typed). */
  version: z.string().nullable(),
  /** Where each imported field came from; a field the owner changed since has no entry. */
  provenance: provenanceSchema,
  importedFrom: importOriginSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;

/** POST /api/drafts/import → 201: the new draft, and what of the source could not be used. */
export const importDraftResponseSchema = draftSchema.extend({
  warnings: z.array(z.string()),
});
export type ImportDraftResponse = z.infer<typeof importDraftResponseSchema>;

export const draftListSchema = z.object({ drafts: z.array(draftSchema) });
export type DraftList = z.infer<typeof draftListSchema>;

/** POST /api/drafts/{id}/submit → 201. */
export const submitDraftResponseSchema = z.object({
  agentId: z.number().int(),
  status: z.literal('pending'),
});
export type SubmitDraftResponse = z.infer<typeof submitDraftResponseSchema>;

/** What happened to a listing, in order: its timeline on /agent-status/{id}. */
export const agentEventKinds = [
  'submitted',
  'updated',
  'resubmitted',
  'approved',
  'rejected',
  'verified',
  'unverified',
  'revision_submitted',
  'revision_approved',
  'revision_rejected',
  'claim_verified',
  'claim_lapsed',
  'claim_unchecked',
  'verification_lapsed',
  'incident',
  'recovered',
  /** A probe found a `danger` risk finding on a tool that the record did not hold before. */
  'tool_danger',
  'appealed',
  'appeal_upheld',
  'appeal_denied',
] as const;
export type AgentEventKind = (typeof agentEventKinds)[number];

export const agentEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(agentEventKinds),
  /** The rejection reason, or a short note about the event. */
  message: z.string().nullable(),
  actor: z.enum(['owner', 'admin', 'system']),
  createdAt: z.string(),
});
export type AgentEvent = z.infer<typeof agentEventSchema>;

/** The listing's fields as they read (for edit forms and the moderators' side-by-side view). */
export const agentListingFieldsSchema = z.object({
  ...agentListingTextShape,
  logoFileId: z.number().int().nullable(),
  logoUrl: z.string().nullable(),
  githubRepo: z.string().nullable(),
  license: z.string().nullable(),
});
export type AgentListingFields = z.infer<typeof agentListingFieldsSchema>;

export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a number')
    .positive('id must be a number')
    .max(ROW_ID_MAX, 'id must be a number'),
});
