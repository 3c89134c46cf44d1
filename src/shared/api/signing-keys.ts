import { z } from 'zod';

/** The algorithms a signing key may use (JWS `alg`). */
export const signingAlgorithms = ['ES256', 'EdDSA'] as const;
export type SigningAlgorithm = (typeof signingAlgorithms)[number];

/** How long /.well-known/jwks.json may be cached: a verifier meeting an unknown `kid` fetches it again. */
export const JWKS_MAX_AGE_S = 300;
/** Where AgentAtlas publishes the public keys of its signatures. */
export const JWKS_PATH = '/.well-known/jwks.json';

/** A public key of GET /.well-known/jwks.json (RFC 7517): EC P-256 (ES256) or OKP Ed25519 (EdDSA). */
export const publicJwkSchema = z.object({
  kty: z.string(),
  crv: z.string(),
  x: z.string(),
  y: z.string().optional(),
  kid: z.string(),
  alg: z.enum(signingAlgorithms),
  use: z.literal('sig'),
});
export type PublicJwk = z.infer<typeof publicJwkSchema>;

export const jwksSchema = z.object({ keys: z.array(publicJwkSchema) });
export type Jwks = z.infer<typeof jwksSchema>;
