import { Redis } from 'ioredis';
import { withTimeout } from './with-timeout.js';

/**
 * The Redis connections of one instance, set up so that an outage never holds a request
 * (docs/decisions/0011-outages-degrade.md). ioredis's defaults queue a command sent while the
 * connection is down and retry it across reconnections, which made every rate-limited request
 * wait longer and longer and then fail with MaxRetriesPerRequestError.
 */

export interface RedisLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** The longest any command on the command connection may take before its caller gives up on it. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * The connection for commands (rate-limit counters, cache invalidations, readiness): a command sent
 * while it is down fails at once instead of waiting in a queue, one in flight when the connection
 * drops fails at once instead of being retried, and none waits longer than the command timeout.
 */
export function connectRedis(url: string, log: RedisLogger): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  watchRedis(client, log, 'commands');
  return client;
}

/**
 * A second connection to the same server for publishing or subscribing. It keeps ioredis's queue, so
 * a SUBSCRIBE sent while connecting waits for the connection, and it subscribes again by itself after
 * a reconnection; nothing on the request path waits for it.
 */
export function duplicateRedis(
  redis: Redis,
  log: RedisLogger,
  role: string,
  options: { offlineQueue?: boolean } = {},
): Redis {
  const client = redis.duplicate({
    enableOfflineQueue: options.offlineQueue ?? true,
    maxRetriesPerRequest: 2,
    commandTimeout: undefined,
  });
  watchRedis(client, log, role);
  return client;
}

/** True when a command sent now goes straight to the server. */
export function isRedisReady(redis: Redis): boolean {
  return redis.status === 'ready';
}

/** Answers whether the server answers a PING within timeoutMs; never rejects. */
export async function pingRedis(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (!isRedisReady(redis)) return false;
  try {
    return (await withTimeout(redis.ping(), timeoutMs)) === 'PONG';
  } catch {
    return false;
  }
}

/**
 * Ends a connection, politely (QUIT) when it is up and at once otherwise; never rejects, so an app
 * closing during an outage closes cleanly. (QUIT on a connection that is down fails at once without an
 * offline queue, and with one waits for reconnection attempts.)
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (isRedisReady(client)) {
    try {
      await withTimeout(client.quit(), REDIS_COMMAND_TIMEOUT_MS);
      return;
    } catch {
      // ended below
    }
  }
  client.disconnect();
}

/**
 * Logs an outage once when it starts and once when it ends rather than at every reconnection
 * attempt, and gives ioredis an error listener: without one it prints each error on the console.
 */
function watchRedis(client: Redis, log: RedisLogger, role: string): void {
  let reported = false;
  client.on('error', (error: Error & { code?: string }) => {
    if (reported) return;
    reported = true;
    log.warn({ redis: role, err: { message: error.message, code: error.code } }, 'Redis unreachable');
  });
  client.on('ready', () => {
    if (!reported) return;
    reported = false;
    log.info({ redis: role }, 'Redis reachable again');
  });
}
