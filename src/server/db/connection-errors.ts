/** Node's codes for a server that cannot be reached or dropped the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's: class 08 (connection exception), shutting down (57P01-57P03, cannot connect now),
 * too many connections (53300).
 */
const POSTGRES_CODE = /^(08...|57P0[1-3]|53300)$/;

/**
 * pg's own errors carry no code: its pool's connect timeout (the wait for a connection, queued or
 * new, exceeded connectionTimeoutMillis), and a connection that ended under a query.
 */
const PG_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
];

/**
 * The database cannot be reached right now (docs/decisions/0011-outages-degrade.md): a request that
 * needs it is answered 503 with Retry-After rather than 500. Decided by the error's code where the
 * driver gives one, and by pg's fixed wording for the few errors it raises without a code.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_CODE.test(code))) return true;
  if (typeof message === 'string' && PG_MESSAGES.includes(message)) return true;
  // Connecting to a name with several addresses fails with an AggregateError of one error each.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable);
}
