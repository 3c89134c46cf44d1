import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveServerSchema,
  changelogSchema,
  createPolicySchema,
  policyListSchema,
  policyPreviewSchema,
  policySchema,
  policySlugParamsSchema,
  updatePolicySchema,
} from '../../../shared/api/policies.js';
import {
  registryListQuerySchema,
  registryServerListSchema,
  registryServerSchema,
} from '../../../shared/api/registry.js';
import { errorResponses } from '../../http/error-responses.js';
import { ownerOnly } from '../../policies/owner-only.js';
import { getServerVersion, listServerVersions, listServers } from '../registry/registry.service.js';
import {
  approveServer,
  createPolicy,
  deletePolicy,
  getPolicy,
  listPolicies,
  policyChangelog,
  previewPolicy,
  updatePolicy,
  viewOr404,
} from './policies.service.js';
import { z } from 'zod';

const owned = { ...ownerOnly('policy-view', { name: 'slug' }), params: policySlugParamsSchema };

/**
 * Policy views (DESIGN section 11): their owners define them under /api/policies; each is a registry
 * of its own at /p/{slug}/v0.1/servers, with its signed changelog at /p/{slug}/changelog.
 */
const policiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.policies;

  app.get(
    '/api/policies',
    {
      schema: {
        tags: ['policies'],
        summary: 'Your policy views',
        response: { 200: policyListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listPolicies(deps, app.requireUser(request)),
  );

  app.post(
    '/api/policies',
    {
      schema: {
        tags: ['policies'],
        summary:
          'Create a policy view: rules over evidence and automatic or manual approval; evaluated at once',
        body: createPolicySchema,
        response: { 201: policySchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const user = app.requireUser(request);
      reply.status(201);
      return createPolicy(deps, user, request.body);
    },
  );

  app.get(
    '/api/policies/:slug',
    {
      schema: {
        tags: ['policies'],
        summary: 'A policy view of yours, with its registry URL and how many servers it admits and queues',
        ...owned,
        response: { 200: policySchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getPolicy(deps, app.requireUser(request), request.params.slug),
  );

  app.put(
    '/api/policies/:slug',
    {
      schema: {
        tags: ['policies'],
        summary: 'Change a view’s name, rules or approval; evaluated again at once',
        ...owned,
        body: updatePolicySchema,
        response: { 200: policySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => updatePolicy(deps, app.requireUser(request), request.params.slug, request.body),
  );

  app.delete(
    '/api/policies/:slug',
    {
      schema: {
        tags: ['policies'],
        summary: 'Delete a view: its registry URL answers 404 from now on',
        ...owned,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await deletePolicy(deps, app.requireUser(request), request.params.slug);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/policies/:slug/preview',
    {
      schema: {
        tags: ['policies'],
        summary:
          'Which servers the view admits today, which wait for approval, and why each other one is excluded',
        ...owned,
        response: { 200: policyPreviewSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => previewPolicy(deps, app.requireUser(request), request.params.slug),
  );

  app.post(
    '/api/policies/:slug/approve',
    {
      schema: {
        tags: ['policies'],
        summary:
          'Approve a server waiting in the view’s queue (a new addition, or a changed tool set to pin)',
        ...owned,
        body: approveServerSchema,
        response: { 200: policySchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      approveServer(deps, app.requireUser(request), request.params.slug, request.body.serverName),
  );

  // The view's registry and changelog are public: clients read them without an account.
  const registryHeaders = { 'access-control-allow-origin': '*', 'cache-control': 'no-cache' };

  app.get(
    '/p/:slug/v0.1/servers',
    {
      schema: {
        tags: ['policies'],
        summary: 'The view as an MCP registry (v0.1): the servers it admits now, with their evidence',
        params: policySlugParamsSchema,
        querystring: registryListQuerySchema,
        response: { 200: registryServerListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.headers(registryHeaders);
      const view = await viewOr404(deps, request.params.slug);
      return listServers(deps, request.query, view.id);
    },
  );

  app.get(
    '/p/:slug/v0.1/servers/:serverName/versions',
    {
      schema: {
        tags: ['policies'],
        summary: 'A server the view admits: its versions',
        params: policySlugParamsSchema.extend({ serverName: z.string().max(200) }),
        response: { 200: registryServerListSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.headers(registryHeaders);
      const view = await viewOr404(deps, request.params.slug);
      return listServerVersions(deps, request.params.serverName, view.id);
    },
  );

  app.get(
    '/p/:slug/v0.1/servers/:serverName/versions/:version',
    {
      schema: {
        tags: ['policies'],
        summary: "A server the view admits: 'latest' or its exact version",
        params: policySlugParamsSchema.extend({
          serverName: z.string().max(200),
          version: z.string().max(255),
        }),
        response: { 200: registryServerSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.headers(registryHeaders);
      const view = await viewOr404(deps, request.params.slug);
      return getServerVersion(deps, request.params.serverName, request.params.version, view.id);
    },
  );

  app.get(
    '/p/:slug/changelog',
    {
      schema: {
        tags: ['policies'],
        summary:
          'The view’s changelog, newest first: each addition, drop, approval and pin with its reason and a JWS of the entry (kid in /.well-known/jwks.json)',
        params: policySlugParamsSchema,
        response: { 200: changelogSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.headers(registryHeaders);
      return policyChangelog(deps, request.params.slug);
    },
  );
};

export default policiesRoutes;
