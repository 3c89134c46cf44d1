import { z } from 'zod';
import { agentEvidenceSchema } from './evidence.js';

/**
 * Signed statements (DESIGN section 11): what AgentAtlas vouches for about an agent today, as a
 * compact JWS that anyone checks offline with /.well-known/jwks.json, revocable through a W3C
 * Bitstring Status List.
 */

/** A statement is good for a day at most. */
export const STATEMENT_LIFETIME_S = 24 * 60 * 60;
/** Asked for again within this time with the same claims, the same statement is answered. */
export const STATEMENT_REUSE_S = 60 * 60;
/** Entries per status list: 16 KB of bits, the Bitstring Status List's minimum for herd privacy. */
export const STATUS_LIST_SIZE = 131_072;
/** The JWS `typ` of a statement: a JWT (RFC 7519), so JWT libraries read it as one. */
export const STATEMENT_JWT_TYPE = 'JWT';
export const REVOCATION_REASON_MAX = 500;

/** Where an agent's statement is asked for, by slug or id. */
export function statementPath(idOrSlug: string | number): `/${string}` {
  return `/api/agents/${encodeURIComponent(idOrSlug)}/statement`;
}

/** The claims AgentAtlas vouches for, from the agent's evidence. */
export const statementClaimsSchema = agentEvidenceSchema.pick({
  score: true,
  verified: true,
  claims: true,
  protocols: true,
  toolSetHash: true,
  advisories: true,
});
export type StatementClaims = z.infer<typeof statementClaimsSchema>;

/** GET /api/agents/{idOrSlug}/statement answers the compact JWS itself, as application/jwt. */
export const statementJwsSchema = z.string().describe('A compact JWS: header.payload.signature, base64url');

/** The payload of a statement's JWS. */
export const statementPayloadSchema = statementClaimsSchema.extend({
  iss: z.string().describe('PUBLIC_URL of the AgentAtlas that signed it'),
  sub: z.string().describe("The agent's page"),
  iat: z.number().int(),
  exp: z.number().int().describe(`At most ${STATEMENT_LIFETIME_S} s after iat`),
  status: z.object({
    statusListCredential: z.string().describe('The Bitstring Status List credential to check revocation in'),
    statusListIndex: z.string().describe('This statement’s bit in that list, as a decimal string'),
  }),
});
export type StatementPayload = z.infer<typeof statementPayloadSchema>;

export const statusListParamsSchema = z.object({
  list: z.coerce
    .number({ message: 'list must be a whole number' })
    .int('list must be a whole number')
    .min(0, 'list must be 0 or more')
    .max(1_000_000, 'no such status list'),
});

/** A W3C Bitstring Status List credential (VC Data Model 2.0) with the revocation bits of one list. */
export const statusListCredentialSchema = z.object({
  '@context': z.array(z.string()),
  id: z.string(),
  type: z.array(z.string()),
  issuer: z.string(),
  validFrom: z.string(),
  credentialSubject: z.object({
    id: z.string(),
    type: z.literal('BitstringStatusList'),
    statusPurpose: z.literal('revocation'),
    encodedList: z.string().describe("Multibase base64url ('u') of the GZIP-compressed bitstring"),
  }),
});
export type StatusListCredential = z.infer<typeof statusListCredentialSchema>;

/** POST /api/admin/agents/{id}/statements/revoke. */
export const revokeStatementsSchema = z.strictObject({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(REVOCATION_REASON_MAX, `The reason can have at most ${REVOCATION_REASON_MAX} characters`),
});

export const revokedStatementsSchema = z.object({
  revoked: z.number().int().describe('Statements revoked now (live ones: not expired, not revoked before)'),
});
export type RevokedStatements = z.infer<typeof revokedStatementsSchema>;
