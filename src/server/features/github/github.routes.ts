import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses.js';
import {
  githubAuthUrlQuerySchema,
  githubAuthUrlSchema,
  githubCallbackSchema,
  githubConnectionSchema,
  githubInstallationListSchema,
  githubInstallationParamsSchema,
  githubRepoParamsSchema,
  githubRepoPrefillSchema,
  githubRepositoryListSchema,
  githubStatusSchema,
} from '../../../shared/api/github.js';
import {
  disconnectGithub,
  finishGithubConnect,
  getGithubRepoPrefill,
  getGithubStatus,
  listGithubInstallations,
  listGithubRepositories,
  startGithubConnect,
} from './github.service.js';

const errors = errorResponses(400, 401, 404, 429, 503);

/** The GitHub connection used when submitting: auth URL, callback, installations, repositories. */
const githubRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.githubConnect;
  // Every call here acts for the signed-in person; checked before anything else is read.
  app.addHook('onRequest', async (request) => {
    app.requireUser(request);
  });
  const perUser = (name: string, max: number) =>
    app.rateLimits.perKey(name, max, '15 minutes', (request) =>
      request.user ? String(request.user.id) : undefined,
    );
  const userId = (request: Parameters<typeof app.requireUser>[0]) => app.requireUser(request).id;

  app.get(
    '/api/github/status',
    {
      schema: {
        tags: ['github'],
        summary: 'Whether GitHub is configured here and whether you connected it',
        response: { 200: githubStatusSchema, ...errors },
      },
    },
    async (request) => getGithubStatus(deps, userId(request)),
  );

  app.get(
    '/api/github/auth/url',
    {
      preHandler: perUser('github-connect-url', 30),
      schema: {
        tags: ['github'],
        summary: 'Where to send the GitHub popup (connect, or install the app on another account)',
        querystring: githubAuthUrlQuerySchema,
        response: { 200: githubAuthUrlSchema, ...errors },
      },
    },
    async (request) => startGithubConnect(deps, { userId: userId(request), flow: request.query.flow }),
  );

  app.post(
    '/api/github/auth/callback',
    {
      preHandler: perUser('github-connect-callback', 30),
      schema: {
        tags: ['github'],
        summary: 'Finishes connecting GitHub with the code and state the popup received',
        body: githubCallbackSchema,
        response: { 200: githubConnectionSchema, ...errors },
      },
    },
    async (request) =>
      finishGithubConnect(deps, {
        userId: userId(request),
        code: request.body.code,
        state: request.body.state,
      }),
  );

  app.get(
    '/api/github/installations',
    {
      preHandler: perUser('github-api', 300),
      schema: {
        tags: ['github'],
        summary: 'Accounts and organizations the app is installed on; 401 when GitHub is not connected',
        response: { 200: githubInstallationListSchema, ...errors },
      },
    },
    async (request) => ({ installations: await listGithubInstallations(deps, userId(request)) }),
  );

  app.get(
    '/api/github/installations/:id/repositories',
    {
      preHandler: perUser('github-api', 300),
      schema: {
        tags: ['github'],
        summary: 'Repositories of one installation',
        params: githubInstallationParamsSchema,
        response: { 200: githubRepositoryListSchema, ...errors },
      },
    },
    async (request) => ({
      repositories: await listGithubRepositories(deps, userId(request), request.params.id),
    }),
  );

  app.get(
    '/api/github/repos/:owner/:repo',
    {
      preHandler: perUser('github-api', 300),
      schema: {
        tags: ['github'],
        summary: 'What the submission form is prefilled with from a repository',
        params: githubRepoParamsSchema,
        response: { 200: githubRepoPrefillSchema, ...errors },
      },
    },
    async (request) => getGithubRepoPrefill(deps, userId(request), request.params),
  );

  app.delete(
    '/api/github/connection',
    {
      schema: {
        tags: ['github'],
        summary: 'Forgets your GitHub connection (the stored token is deleted)',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await disconnectGithub(deps, userId(request));
      return reply.status(204).send(null);
    },
  );
};

export default githubRoutes;
