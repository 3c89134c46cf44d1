import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consistencyProofSchema,
  inclusionProofSchema,
  transparencyEntriesSchema,
  treeHeadSchema,
} from '../../../shared/api/tool-record.js';
import {
  consistencyProofQuerySchema,
  inclusionProofQuerySchema,
  TRANSPARENCY_ENTRIES_MAX,
  transparencyEntriesQuerySchema,
} from '../../../shared/api/transparency.js';
import { errorResponses } from '../../http/error-responses.js';
import { consistencyProof, inclusionProof, latestTreeHead, listEntries } from './transparency.service.js';

/**
 * The transparency log of observed tool sets (DESIGN section 10), public and read-only: RFC 9162
 * hashing, signed tree heads, inclusion and consistency proofs. docs/transparency-log.md says how to
 * verify them.
 */
const transparencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.transparency;

  // Verifiers may run in a browser on another site; nothing here depends on who asks.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });

  app.get(
    '/api/transparency/tree-head',
    {
      schema: {
        tags: ['transparency'],
        summary:
          'The latest signed tree head: treeSize, rootHash (hex), timestamp and signature, a compact JWS over the RFC 8785 JSON of {treeSize, rootHash, timestamp} with a key of /.well-known/jwks.json',
        response: { 200: treeHeadSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return latestTreeHead(deps);
    },
  );

  app.get(
    '/api/transparency/entries',
    {
      schema: {
        tags: ['transparency'],
        summary: `Leaves start … end (inclusive) of the latest tree head, at most ${TRANSPARENCY_ENTRIES_MAX} per call: each leaf is the RFC 8785 JSON of {endpoint, observedAt, toolSetHash, toolHashes}; leafHash = SHA-256(0x00 ‖ leaf)`,
        querystring: transparencyEntriesQuerySchema,
        response: { 200: transparencyEntriesSchema, ...errorResponses(400) },
      },
    },
    async (request) => listEntries(deps, request.query),
  );

  app.get(
    '/api/transparency/proof/inclusion',
    {
      schema: {
        tags: ['transparency'],
        summary:
          'The audit path (RFC 9162 section 2.1.3) of the leaf at index in the tree of treeSize leaves, from the leaf’s sibling up',
        querystring: inclusionProofQuerySchema,
        response: { 200: inclusionProofSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const proof = await inclusionProof(deps, request.query);
      // A proof within a signed size never changes.
      reply.header('cache-control', 'public, max-age=86400, immutable');
      return proof;
    },
  );

  app.get(
    '/api/transparency/proof/consistency',
    {
      schema: {
        tags: ['transparency'],
        summary:
          'The consistency proof (RFC 9162 section 2.1.4) between the trees of first and second leaves: the log only appended in between',
        querystring: consistencyProofQuerySchema,
        response: { 200: consistencyProofSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const proof = await consistencyProof(deps, request.query);
      reply.header('cache-control', 'public, max-age=86400, immutable');
      return proof;
    },
  );
};

export default transparencyRoutes;
