import type { PricingModel } from '../../../shared/catalogue.js';
import {
  agentFieldsSchema,
  type AgentFields,
  type AgentListingFields,
  type Draft,
  type DraftFields,
} from '../../../shared/api/submissions.js';

/** An uploaded logo as the form holds it: the file to send and the address to preview. */
export interface AgentFormLogo {
  fileId: number;
  url: string;
}

/**
 * Every field of agentFieldsSchema as a form holds it while someone types: text for addresses (an empty
 * string means "not given"), a list for tags, '' for a pricing model not chosen yet.
 */
export interface AgentFormValues {
  name: string;
  tagline: string;
  description: string;
  /** Category slug, '' when none is chosen. */
  category: string;
  tags: string[];
  websiteUrl: string;
  repoUrl: string;
  docsUrl: string;
  mcpUrl: string;
  agentCardUrl: string;
  pricing: PricingModel | '';
  logo: AgentFormLogo | null;
  /** owner/name when the details came from a GitHub repository, else ''. */
  githubRepo: string;
  license: string;
  /** GitHub's star count at import: shown as a fact, never typed. */
  githubStars: number | null;
}

/**
 * The body of a submission or an edit: agentFieldsSchema's fields as the form holds them, which the server
 * validates fully. A null pricing lets the server answer "Choose a pricing model" for that field.
 */
export type AgentFieldsBody = Omit<AgentFields, 'pricing'> & { pricing: AgentFields['pricing'] | null };

/** Field errors keyed by field name, as the server's `details` has them. */
export type AgentFormErrors = Record<string, string[]>;

export function emptyAgentFormValues(): AgentFormValues {
  return {
    name: '',
    tagline: '',
    description: '',
    category: '',
    tags: [],
    websiteUrl: '',
    repoUrl: '',
    docsUrl: '',
    mcpUrl: '',
    agentCardUrl: '',
    pricing: '',
    logo: null,
    githubRepo: '',
    license: '',
    githubStars: null,
  };
}

function logoOf(fileId: number | null, url: string | null): AgentFormLogo | null {
  return fileId !== null && url ? { fileId, url } : null;
}

export function agentFormValuesFromDraft(draft: Draft): AgentFormValues {
  return {
    name: draft.name ?? '',
    tagline: draft.tagline ?? '',
    description: draft.description ?? '',
    category: draft.category ?? '',
    tags: draft.tags,
    websiteUrl: draft.websiteUrl ?? '',
    repoUrl: draft.repoUrl ?? '',
    docsUrl: draft.docsUrl ?? '',
    mcpUrl: draft.mcpUrl ?? '',
    agentCardUrl: draft.agentCardUrl ?? '',
    pricing: draft.pricing ?? '',
    logo: logoOf(draft.logoFileId, draft.logoUrl),
    githubRepo: draft.githubRepo ?? '',
    license: draft.license ?? '',
    githubStars: draft.githubStars,
  };
}

export function agentFormValuesFromListing(fields: AgentListingFields): AgentFormValues {
  return {
    name: fields.name,
    tagline: fields.tagline,
    description: fields.description,
    category: fields.category.slug,
    tags: fields.tags,
    websiteUrl: fields.websiteUrl ?? '',
    repoUrl: fields.repoUrl ?? '',
    docsUrl: fields.docsUrl ?? '',
    mcpUrl: fields.mcpUrl ?? '',
    agentCardUrl: fields.agentCardUrl ?? '',
    pricing: fields.pricing,
    logo: logoOf(fields.logoFileId, fields.logoUrl),
    githubRepo: fields.githubRepo ?? '',
    license: fields.license ?? '',
    githubStars: null,
  };
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The body of POST /api/drafts/{id}/submit and PUT /api/user/agents/{id}. */
export function toAgentFieldsBody(values: AgentFormValues): AgentFieldsBody {
  return {
    name: values.name.trim(),
    tagline: values.tagline.trim(),
    description: values.description.trim(),
    category: values.category,
    tags: values.tags,
    websiteUrl: orNull(values.websiteUrl),
    repoUrl: orNull(values.repoUrl),
    docsUrl: orNull(values.docsUrl),
    mcpUrl: orNull(values.mcpUrl),
    agentCardUrl: orNull(values.agentCardUrl),
    pricing: values.pricing === '' ? null : values.pricing,
    logoFileId: values.logo?.fileId ?? null,
    githubRepo: orNull(values.githubRepo),
    license: orNull(values.license),
  };
}

/** The body of POST /api/drafts and PUT /api/drafts/{id}: the text as typed, nothing validated yet. */
export function toDraftFields(values: AgentFormValues): DraftFields {
  return {
    name: values.name,
    tagline: values.tagline,
    description: values.description,
    category: values.category || null,
    tags: values.tags,
    websiteUrl: values.websiteUrl,
    repoUrl: values.repoUrl,
    docsUrl: values.docsUrl,
    mcpUrl: values.mcpUrl,
    agentCardUrl: values.agentCardUrl,
    pricing: values.pricing === '' ? null : values.pricing,
    logoFileId: values.logo?.fileId ?? null,
    githubRepo: values.githubRepo || null,
    license: values.license,
    githubStars: values.githubStars,
  };
}

/** True when nothing has been typed or chosen yet (such a form is not worth a draft). */
export function isAgentFormEmpty(values: AgentFormValues): boolean {
  return JSON.stringify(values) === JSON.stringify(emptyAgentFormValues());
}

/**
 * The same full validation the server runs on submit (agentFieldsSchema), so mistakes show before the
 * round trip; the server's answer stays the authority. Errors are keyed by field name, like `details`.
 */
export function validateAgentFormValues(values: AgentFormValues): AgentFormErrors {
  const result = agentFieldsSchema.safeParse(toAgentFieldsBody(values));
  if (result.success) return {};
  const errors: AgentFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string') continue;
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** The first message for a field, including messages about one of its items (`tags.2`). */
export function fieldError(errors: AgentFormErrors | undefined, field: string): string | undefined {
  if (!errors) return undefined;
  const own = errors[field]?.[0];
  if (own) return own;
  for (const [key, messages] of Object.entries(errors)) {
    if (key.startsWith(`${field}.`) && messages[0]) return messages[0];
  }
  return undefined;
}

/** How far a set of values is from being submittable, for "3 of 6 required fields" summaries. */
export function agentFormCompleteness(values: AgentFormValues): { done: number; total: number } {
  const checks = [
    values.name.trim() !== '',
    values.tagline.trim() !== '',
    values.description.trim() !== '',
    values.category !== '',
    values.pricing !== '',
    values.websiteUrl.trim() !== '' || values.repoUrl.trim() !== '',
  ];
  return { done: checks.filter(Boolean).length, total: checks.length };
}
