import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  beaconResponseSchema,
  clickAgentParamsSchema,
  metricsQuerySchema,
  metricsResponseSchema,
  recordClickSchema,
  recordImpressionsSchema,
  recordSearchClickSchema,
  scoreQuerySchema,
  scoreResponseSchema,
  searchTermsQuerySchema,
  searchTermsResponseSchema,
} from '../../../shared/api/metrics.js';
import { ownerOnly } from '../../policies/index.js';
import { errorResponses } from '../../http/error-responses.js';
import { visitorFor } from '../../http/visitor.js';
import { getMetrics, getScoreBreakdown, listSearchTerms } from './metrics.service.js';

const readErrors = errorResponses(400, 401, 404);
const beaconErrors = errorResponses(400, 429);
/** Beacons per address and minute: far above a person browsing, low enough to keep scripts from inflating. */
const BEACONS_PER_MINUTE = 120;

const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.metrics;
  const beaconLimit = app.rateLimits.perIp('metrics-beacons', BEACONS_PER_MINUTE, '1 minute');

  app.get(
    '/api/metrics',
    {
      schema: {
        tags: ['metrics'],
        summary: 'The owner’s figures per day over 7, 30 or 90 days, for all their agents or one',
        ...ownerOnly('view-metrics', { in: 'query', name: 'agentId' }),
        querystring: metricsQuerySchema,
        response: { 200: metricsResponseSchema, ...readErrors },
      },
    },
    async (request) => getMetrics(deps, app.requireUser(request), request.query),
  );

  app.get(
    '/api/metrics/search-terms',
    {
      schema: {
        tags: ['metrics'],
        summary: 'The searches whose first page showed the agent',
        ...ownerOnly('view-metrics', { in: 'query', name: 'agentId' }),
        querystring: searchTermsQuerySchema,
        response: { 200: searchTermsResponseSchema, ...readErrors },
      },
    },
    async (request) => listSearchTerms(deps, app.requireUser(request), request.query),
  );

  app.get(
    '/api/metrics/score',
    {
      schema: {
        tags: ['metrics'],
        summary: 'The reputation score taken apart, the category rank and what would improve them',
        ...ownerOnly('view-metrics', { in: 'query', name: 'agentId' }),
        querystring: scoreQuerySchema,
        response: { 200: scoreResponseSchema, ...readErrors },
      },
    },
    async (request) => getScoreBreakdown(deps, app.requireUser(request), request.query),
  );

  app.post(
    '/api/agents/:id/clicks',
    {
      onRequest: beaconLimit,
      schema: {
        tags: ['metrics'],
        summary: 'Counts an outbound click (once per visitor, agent, target and day)',
        params: clickAgentParamsSchema,
        body: recordClickSchema,
        response: { 202: beaconResponseSchema, ...beaconErrors },
      },
    },
    async (request, reply) => {
      const visitor = visitorFor(request, reply, app.config.secureCookies);
      app.metricsRecorder.recordClick(request.params.id, visitor, request.body.target);
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    '/api/agents/impressions',
    {
      onRequest: beaconLimit,
      schema: {
        tags: ['metrics'],
        summary: 'Records the agents shown on the first page of a search',
        body: recordImpressionsSchema,
        response: { 202: beaconResponseSchema, ...beaconErrors },
      },
    },
    async (request, reply) => {
      const visitor = visitorFor(request, reply, app.config.secureCookies);
      app.metricsRecorder.recordImpressions(request.body.q, request.body.agentIds, visitor);
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    '/api/agents/impressions/click',
    {
      onRequest: beaconLimit,
      schema: {
        tags: ['metrics'],
        summary: 'Records that an agent was opened from a search’s results',
        body: recordSearchClickSchema,
        response: { 202: beaconResponseSchema, ...beaconErrors },
      },
    },
    async (request, reply) => {
      const visitor = visitorFor(request, reply, app.config.secureCookies);
      app.metricsRecorder.recordSearchClick(request.body.q, request.body.agentId, visitor);
      return reply.status(202).send({ accepted: true });
    },
  );
};

export default metricsRoutes;
