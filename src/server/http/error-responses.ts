import { errorBodySchema } from '../../shared/api/errors.js';

/**
 * The error answers a route documents in the OpenAPI description: every one has the one error body
 * `{ message, details? }`, so a route lists only its statuses.
 */
export function errorResponses<Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    Status,
    typeof errorBodySchema
  >;
}
