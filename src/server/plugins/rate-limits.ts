import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.js';

export interface RouteRateLimit {
  max: number;
  timeWindow: string;
  keyGenerator?: (request: FastifyRequest) => string;
}

export interface RateLimits {
  /** A limit per client address, scaled by RATE_LIMIT_MULTIPLIER. */
  perIp(max: number, timeWindow: string): RouteRateLimit;
  /** A limit per value the key function picks from the request (an account, an e-mail). */
  perKey(max: number, timeWindow: string, key: (request: FastifyRequest) => string): RouteRateLimit;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

/** Rate limits are declared per route; with Redis they are shared by every instance (DESIGN section 1). */
async function rateLimits(app: FastifyInstance, options: { redis?: Redis }) {
  const multiplier = app.config.rateLimitMultiplier;
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'agentatlas-rl-' } : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        'rate_limited',
        `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        undefined,
        { 'retry-after': String(seconds) },
      );
    },
  });
  const scaled = (max: number) => Math.max(1, Math.round(max * multiplier));
  app.decorate('rateLimits', {
    perIp: (max, timeWindow) => ({ max: scaled(max), timeWindow }),
    perKey: (max, timeWindow, key) => ({ max: scaled(max), timeWindow, keyGenerator: key }),
  } satisfies RateLimits);
}

export default fp(rateLimits, { name: 'rate-limits', dependencies: [] });
