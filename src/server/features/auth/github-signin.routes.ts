import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authProvidersSchema,
  githubDevicePollResponseSchema,
  githubDevicePollSchema,
  githubDeviceStartSchema,
  githubSigninCallbackQuerySchema,
  githubSigninQuerySchema,
} from '../../../shared/api/auth.js';
import { safeReturnPath } from '../../../shared/rules/return-path.js';
import { errorResponses } from '../../http/error-responses.js';
import { AppError } from '../../errors.js';
import { presentCurrentUser } from './auth.presenter.js';
import {
  finishGithubSignin,
  pollDeviceSignin,
  startDeviceSignin,
  startGithubSignin,
} from './github-signin.service.js';
import { paths } from '../../../shared/routes.js';

export const GITHUB_NOT_CONFIGURED = 'GitHub sign-in is not configured';

const githubSigninRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.githubSignin;
  const redirectUri = `${app.config.publicUrl}/api/auth/github/callback`;
  const callbackPage = paths.authCallback.href;

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which external sign-in providers are available',
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({ github: deps.github.configured, google: false }),
  );

  app.get(
    '/api/auth/github',
    {
      onRequest: app.rateLimits.perIp('github-signin', 30, '15 minutes'),
      schema: {
        tags: ['auth'],
        summary: 'Starts GitHub sign-in: redirects to GitHub, which returns to /api/auth/github/callback',
        querystring: githubSigninQuerySchema,
      },
    },
    async (request, reply) => {
      if (!deps.github.configured) return reply.redirect(callbackPage({ error: GITHUB_NOT_CONFIGURED }));
      const url = await startGithubSignin(deps, {
        returnPath: safeReturnPath(request.query.returnPath),
        redirectUri,
      });
      return reply.redirect(url);
    },
  );

  app.get(
    '/api/auth/github/callback',
    {
      onRequest: app.rateLimits.perIp('github-callback', 30, '15 minutes'),
      schema: {
        tags: ['auth'],
        summary: 'GitHub returns here; signs in and continues at /auth-callback',
        querystring: githubSigninCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const { code, state, error } = request.query;
      if (error || !code || !state) {
        const message =
          error === 'access_denied'
            ? 'GitHub sign-in was cancelled.'
            : 'GitHub sign-in failed. Please try again.';
        return reply.redirect(callbackPage({ error: message }));
      }
      try {
        const { user, returnPath } = await finishGithubSignin(deps, { code, state, redirectUri });
        await app.startSession(request, reply, user.id);
        return reply.redirect(callbackPage({ returnPath }));
      } catch (failure) {
        if (failure instanceof AppError) return reply.redirect(callbackPage({ error: failure.message }));
        throw failure;
      }
    },
  );

  app.post(
    '/api/auth/github/device',
    {
      onRequest: app.rateLimits.perIp('github-device', 20, '15 minutes'),
      schema: {
        tags: ['auth'],
        summary: 'Starts GitHub device sign-in: answers the code to enter at GitHub',
        response: {
          200: githubDeviceStartSchema,
          ...errorResponses(503),
        },
      },
    },
    async () => {
      if (!deps.github.configured) throw new AppError('unavailable', GITHUB_NOT_CONFIGURED);
      return startDeviceSignin(deps);
    },
  );

  app.post(
    '/api/auth/github/device/poll',
    {
      onRequest: app.rateLimits.perIp('github-device-poll', 200, '15 minutes'),
      schema: {
        tags: ['auth'],
        summary: 'Asks whether the device sign-in was approved; signs in when it was',
        body: githubDevicePollSchema,
        response: {
          200: githubDevicePollResponseSchema,
          ...errorResponses(400, 503),
        },
      },
    },
    async (request, reply) => {
      if (!deps.github.configured) throw new AppError('unavailable', GITHUB_NOT_CONFIGURED);
      const result = await pollDeviceSignin(deps, request.body.handle);
      if (result.status === 'complete') {
        await app.startSession(request, reply, result.user.id);
        return { status: result.status, user: presentCurrentUser(result.user) };
      }
      return result;
    },
  );
};

export default githubSigninRoutes;
