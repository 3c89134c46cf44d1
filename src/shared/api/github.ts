import { z } from 'zod';

/** The GitHub connection used when submitting an agent (spec sections 3, 4 and 7). */

/** The same-origin message the /submit-agent/github-callback popup posts to its opener. */
export const GITHUB_OAUTH_MESSAGE_TYPE = 'github-oauth-success';

/** GET /api/github/auth/url: where to send the popup, and the state to compare on return. */
export const githubAuthUrlSchema = z.object({ url: z.string(), state: z.string() });
export type GithubAuthUrl = z.infer<typeof githubAuthUrlSchema>;

/** GET /api/github/auth/url?flow=install: GitHub's page for installing the app on another account. */
export const githubAuthUrlQuerySchema = z.object({
  flow: z.enum(['connect', 'install'], { error: 'flow must be connect or install' }).default('connect'),
});

/** POST /api/github/auth/callback. */
export const githubCallbackSchema = z.strictObject({
  code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(200),
  state: z.string({ error: 'state is required' }).trim().min(1, 'state is required').max(200),
});
export type GithubCallback = z.infer<typeof githubCallbackSchema>;

export const githubConnectionSchema = z.object({
  connected: z.boolean(),
  login: z.string().nullable(),
});
export type GithubConnection = z.infer<typeof githubConnectionSchema>;

/** GET /api/github/status: whether GitHub is configured here and whether this user connected it. */
export const githubStatusSchema = githubConnectionSchema.extend({
  configured: z.boolean(),
  /** True when an app slug is configured, so another account or organization can be added. */
  canInstall: z.boolean(),
});
export type GithubStatus = z.infer<typeof githubStatusSchema>;

export const githubInstallationSchema = z.object({
  id: z.number().int(),
  account: z.object({
    login: z.string(),
    type: z.enum(['User', 'Organization']),
    avatarUrl: z.string().nullable(),
  }),
});
export type GithubInstallation = z.infer<typeof githubInstallationSchema>;

/** GET /api/github/installations: 401 when GitHub is not connected. */
export const githubInstallationListSchema = z.object({ installations: z.array(githubInstallationSchema) });
export type GithubInstallationList = z.infer<typeof githubInstallationListSchema>;

export const githubRepositorySchema = z.object({
  id: z.number().int(),
  /** owner/name */
  fullName: z.string(),
  name: z.string(),
  owner: z.string(),
  description: z.string().nullable(),
  private: z.boolean(),
  htmlUrl: z.string(),
  stars: z.number().int(),
  language: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type GithubRepository = z.infer<typeof githubRepositorySchema>;

/** GET /api/github/installations/{id}/repositories */
export const githubRepositoryListSchema = z.object({ repositories: z.array(githubRepositorySchema) });
export type GithubRepositoryList = z.infer<typeof githubRepositoryListSchema>;

/** GET /api/github/repos/{owner}/{repo}: what the submission form is prefilled with. */
export const githubRepoPrefillSchema = z.object({
  fullName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  topics: z.array(z.string()),
  homepage: z.string().nullable(),
  license: z.string().nullable(),
  stars: z.number().int(),
  htmlUrl: z.string(),
  /** The start of the README as Markdown (at most a few thousand characters), or null when there is none. */
  readmeExcerpt: z.string().nullable(),
});
export type GithubRepoPrefill = z.infer<typeof githubRepoPrefillSchema>;

/** GET /api/github/installations/{id}/repositories. */
export const githubInstallationParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** GET /api/github/repos/{owner}/{repo}: GitHub's own rules for account and repository names. */
export const githubRepoParamsSchema = z.object({
  owner: z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'owner must be a GitHub account name'),
  repo: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, 'repo must be a GitHub repository name')
    .refine((name) => name !== '.' && name !== '..', 'repo must be a GitHub repository name'),
});
