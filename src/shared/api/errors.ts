import { z } from 'zod';

export const errorCodes = [
  'validation',
  'authentication',
  'authorization',
  'not_found',
  'conflict',
  'too_large',
  'rate_limited',
  'unavailable',
  'bad_gateway',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorCodeStatus: Record<ErrorCode, number> = {
  validation: 400,
  authentication: 401,
  authorization: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  /** A service we asked for the user (the MCP registry) answered badly or not at all. */
  bad_gateway: 502,
  internal: 500,
};

/** Field name to the messages that field failed with. */
export const errorDetailsSchema = z.record(z.string(), z.array(z.string()));
export type ErrorDetails = z.infer<typeof errorDetailsSchema>;

/** Every non-2xx JSON body. */
export const errorBodySchema = z.object({
  message: z.string(),
  details: errorDetailsSchema.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
