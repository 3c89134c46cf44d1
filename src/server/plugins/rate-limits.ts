import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.js';
import { isRedisReady } from '../lib/redis.js';
import { withTimeout } from '../lib/with-timeout.js';

/**
 * Fixed-window counters, in memory or in Redis (shared by every instance); while
 * Redis is unreachable, in this instance's memory (docs/decisions/0011-outages-degrade.md).
 * Written here rather than taken from @fastify/rate-limit because a route needs several limits at
 * once (per address and per account), and that plugin runs only one limiter per request.
 */
export interface RateLimitStore {
  /** Counts one hit and answers the count in the current window and the milliseconds left in it. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
}

export function createMemoryStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = Date.now();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (now - lastSweep > 60_000) {
        for (const [stale, entry] of windows) if (entry.resetAt <= now) windows.delete(stale);
        lastSweep = now;
      }
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - now };
    },
  };
}

export function createRedisStore(redis: Redis): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const redisKey = `agentatlas:rl:${key}`;
      const results = await redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, windowMs, 'NX')
        .pttl(redisKey)
        .exec();
      const count = Number(results?.[0]?.[1] ?? 1);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
  };
}

/**
 * How long Redis may take to count a hit before this instance counts it in its own memory, unless
 * RATE_LIMIT_REDIS_TIMEOUT_MS says otherwise (a Redis further away than the same network).
 */
export const SHARED_COUNT_TIMEOUT_MS = 50;
/** After a count failed or timed out on a connection that looked ready, Redis is left alone this long. */
export const SHARED_COUNT_PAUSE_MS = 1000;

/**
 * Counts in the shared store while it is ready and answers within timeoutMs, and in the local one
 * otherwise, so an outage costs a request at most timeoutMs and never an error. Counts made locally
 * during an outage stay local: when the shared store is back its own windows apply again.
 */
export function createFallbackStore(options: {
  shared: RateLimitStore;
  isSharedReady: () => boolean;
  local: RateLimitStore;
  timeoutMs?: number;
  pauseMs?: number;
  /** Called when counting moves to the local store (with the reason) and when it moves back. */
  onSwitch?: (to: 'shared' | 'local', reason?: unknown) => void;
}): RateLimitStore {
  const { shared, isSharedReady, local, onSwitch = () => {} } = options;
  const timeoutMs = options.timeoutMs ?? SHARED_COUNT_TIMEOUT_MS;
  const pauseMs = options.pauseMs ?? SHARED_COUNT_PAUSE_MS;
  let pausedUntil = 0;
  let current: 'shared' | 'local' = 'shared';
  const use = (to: 'shared' | 'local', reason?: unknown) => {
    if (current === to) return;
    current = to;
    onSwitch(to, reason);
  };
  return {
    async hit(key, windowMs) {
      if (!isSharedReady()) {
        use('local', new Error('not connected'));
        return local.hit(key, windowMs);
      }
      if (Date.now() < pausedUntil) return local.hit(key, windowMs);
      try {
        const counted = await withTimeout(shared.hit(key, windowMs), timeoutMs);
        use('shared');
        return counted;
      } catch (error) {
        pausedUntil = Date.now() + pauseMs;
        use('local', error);
        return local.hit(key, windowMs);
      }
    },
  };
}

const UNITS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000 };

/** "15 minutes" → 900000. */
export function parseWindow(window: string): number {
  const match = /^(\d+)\s+(second|minute|hour)s?$/.exec(window);
  if (!match) throw new Error(`bad rate-limit window: ${window}`);
  return Number(match[1]) * UNITS[match[2]!]!;
}

export interface RateLimits {
  /** A hook limiting requests per client address, scaled by RATE_LIMIT_MULTIPLIER. */
  perIp(name: string, max: number, window: string): preHandlerAsyncHookHandler;
  /**
   * A hook limiting requests per value the key function picks from the request (an account, an
   * e-mail); use it as a preHandler so the body is parsed. Requests without a key pass.
   */
  perKey(
    name: string,
    max: number,
    window: string,
    key: (request: FastifyRequest) => string | undefined,
  ): preHandlerAsyncHookHandler;
  /**
   * Counts one request under `name:key` and answers the count in the window without refusing
   * anything, for a route that decides itself what a count means (the login's progressive delay).
   * The count is not scaled: compare it with `allowed(max)`.
   */
  count(name: string, key: string, window: string): Promise<number>;
  /** What `max` becomes under RATE_LIMIT_MULTIPLIER, as the hooks above scale it. */
  allowed(max: number): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

async function rateLimits(app: FastifyInstance, options: { redis?: Redis }) {
  const { redis } = options;
  const store = redis
    ? createFallbackStore({
        shared: createRedisStore(redis),
        isSharedReady: () => isRedisReady(redis),
        local: createMemoryStore(),
        timeoutMs: app.config.rateLimitRedisTimeoutMs,
        onSwitch: (to, reason) => {
          if (to === 'local') {
            const message = reason instanceof Error ? reason.message : String(reason);
            app.log.warn(
              { reason: message },
              "rate limits: Redis unavailable, counting in this instance's memory",
            );
          } else app.log.info('rate limits: shared through Redis again');
        },
      })
    : createMemoryStore();
  const multiplier = app.config.rateLimitMultiplier;

  function limiter(
    name: string,
    max: number,
    window: string,
    key: (request: FastifyRequest) => string | undefined,
  ) {
    const windowMs = parseWindow(window);
    const allowed = Math.max(1, Math.round(max * multiplier));
    return async function limit(request: FastifyRequest) {
      const value = key(request);
      if (value === undefined) return;
      const { count, resetInMs } = await store.hit(`${name}:${value}`, windowMs);
      if (count <= allowed) return;
      const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
      throw new AppError(
        'rate_limited',
        `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        undefined,
        { 'retry-after': String(seconds) },
      );
    };
  }

  app.decorate('rateLimits', {
    perIp: (name, max, window) => limiter(name, max, window, (request) => `ip:${request.ip}`),
    perKey: (name, max, window, key) =>
      limiter(name, max, window, (request) => {
        const value = key(request);
        return value === undefined ? undefined : `key:${value}`;
      }),
    count: async (name, key, window) => (await store.hit(`${name}:key:${key}`, parseWindow(window))).count,
    allowed: (max) => Math.max(1, Math.round(max * multiplier)),
  } satisfies RateLimits);
}

export default fp(rateLimits, { name: 'rate-limits' });
