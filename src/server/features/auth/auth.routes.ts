import { setTimeout as sleep } from 'node:timers/promises';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  currentUserSchema,
  deleteAccountSchema,
  emailOnlySchema,
  loginSchema,
  messageResponseSchema,
  registerSchema,
  resetPasswordSchema,
  tokenSchema,
  updateProfileSchema,
} from '../../../shared/api/auth.js';
import { normalizeEmail } from '../../../shared/rules/email.js';
import { presentCurrentUser } from './auth.presenter.js';
import {
  changePassword,
  deleteAccount,
  endAllSessions,
  loginUser,
  markSessionActive,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateProfile,
  verifyEmail,
} from './auth.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { clientAddressKey, LOGIN_THROTTLE, loginDelayMs } from './login-throttle.js';

const errors = errorResponses(400, 401, 403, 409, 429);

/** The e-mail a request is about, for per-account limits; undefined when the body has none. */
function bodyEmail(request: { body: unknown }, field: 'username' | 'email'): string | undefined {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? normalizeEmail(value) : undefined;
}

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.auth;
  const limits = app.rateLimits;

  app.get(
    '/api/auth/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user; 401 when nobody is signed in',
        response: { 200: currentUserSchema, ...errorResponses(401) },
      },
    },
    async (request) => presentCurrentUser(app.requireUser(request)),
  );

  app.post(
    '/api/auth/register',
    {
      onRequest: limits.perIp('register', 10, '1 hour'),
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: registerSchema,
        response: { 201: currentUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await registerUser(deps, request.body);
      await app.startSession(request, reply, user.id);
      return reply.status(201).send(presentCurrentUser(user));
    },
  );

  const { window } = LOGIN_THROTTLE;
  const accountDelayAfter = limits.allowed(LOGIN_THROTTLE.accountDelayAfter);
  /** Slows every attempt on an account that many addresses are trying, without refusing any (ASVS 6.3.1). */
  const slowDownBusyAccount: preHandlerAsyncHookHandler = async (request) => {
    const account = bodyEmail(request, 'username');
    if (account === undefined) return;
    const attempts = await limits.count('login-account', account, window);
    const delay = loginDelayMs(attempts, accountDelayAfter);
    if (delay === 0) return;
    if (attempts === accountDelayAfter + 1)
      request.log.warn({ attempts, window }, 'sign-in attempts on one account are being slowed down');
    await sleep(delay);
  };

  app.post(
    '/api/auth/login',
    {
      // Refusals are keyed by the caller's address, so they cannot lock the owner out from elsewhere.
      onRequest: limits.perKey('login-address', LOGIN_THROTTLE.perAddress, window, (request) =>
        clientAddressKey(request.ip),
      ),
      preHandler: [
        limits.perKey('login-pair', LOGIN_THROTTLE.perAccountAndAddress, window, (request) => {
          const account = bodyEmail(request, 'username');
          return account === undefined ? undefined : `${account} ${clientAddressKey(request.ip)}`;
        }),
        slowDownBusyAccount,
      ],
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await loginUser(deps, request.body);
      await app.startSession(request, reply, user.id);
      return presentCurrentUser(user);
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null() } } },
    async (request, reply) => {
      await app.endSession(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/force-logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End every session of the signed-in user (session reset)',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (request.user) await endAllSessions(deps, request.user.id);
      await app.endSession(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/heartbeat',
    {
      schema: {
        tags: ['auth'],
        summary: 'Marks the session active',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      app.requireUser(request);
      await markSessionActive(deps, request.sessionTokenHash!);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/send-verification-email',
    {
      onRequest: limits.perIp('verification-mail', 10, '1 hour'),
      preHandler: limits.perKey('verification-mail', 3, '15 minutes', (request) =>
        bodyEmail(request, 'email'),
      ),
      schema: {
        tags: ['auth'],
        summary: 'Send a new e-mail verification link',
        body: emailOnlySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => resendVerification(deps, request.body.email),
  );

  app.post(
    '/api/auth/verify-email',
    {
      onRequest: limits.perIp('verify-email', 30, '15 minutes'),
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address with the token from the link',
        body: tokenSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => presentCurrentUser(await verifyEmail(deps, request.body.token)),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      onRequest: limits.perIp('forgot-password', 10, '1 hour'),
      preHandler: limits.perKey('forgot-password', 3, '15 minutes', (request) => bodyEmail(request, 'email')),
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link (same answer for every address)',
        body: emailOnlySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => requestPasswordReset(deps, request.body.email),
  );

  app.post(
    '/api/auth/reset-password',
    {
      onRequest: limits.perIp('reset-password', 20, '15 minutes'),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the link',
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body);
      return { message: 'Your password has been reset. Please log in with your new password.' };
    },
  );

  app.put(
    '/api/auth/profile',
    {
      schema: {
        tags: ['auth'],
        summary: 'Update the signed-in user’s profile',
        body: updateProfileSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => presentCurrentUser(await updateProfile(deps, app.requireUser(request), request.body)),
  );

  app.post(
    '/api/auth/change-password',
    {
      preHandler: limits.perKey('change-password', 10, '15 minutes', (request) => request.user?.email),
      schema: {
        tags: ['auth'],
        summary: 'Change the password; other sessions end',
        body: changePasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await changePassword(deps, app.requireUser(request), request.body, request.sessionTokenHash);
      return { message: 'Your password has been changed. Other sessions have been signed out.' };
    },
  );

  app.post(
    '/api/auth/delete-account',
    {
      schema: {
        tags: ['auth'],
        summary: 'Delete the signed-in account; reviews stay, anonymous',
        body: deleteAccountSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAccount(deps, app.requireUser(request), request.body.password);
      await app.endSession(request, reply);
      return reply.status(204).send(null);
    },
  );
};

export default authRoutes;
