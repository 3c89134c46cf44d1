import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.js';

export interface RateLimits {
  /** A hook limiting requests per client address, scaled by RATE_LIMIT_MULTIPLIER. */
  perIp(name: string, max: number, timeWindow: string): preHandlerAsyncHookHandler;
  /**
   * A hook limiting requests per value the key function picks from the request (an account, an
   * e-mail); use it as a preHandler so the body is parsed. Requests without a key pass.
   */
  perKey(
    name: string,
    max: number,
    timeWindow: string,
    key: (request: FastifyRequest) => string | undefined,
  ): preHandlerAsyncHookHandler;
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
  // Keys carry the limit's name so limits never share a counter, in memory or in Redis.
  app.decorate('rateLimits', {
    perIp: (name, max, timeWindow) =>
      app.rateLimit({ max: scaled(max), timeWindow, keyGenerator: (request) => `${name}:ip:${request.ip}` }),
    perKey: (name, max, timeWindow, key) => {
      const limit = app.rateLimit({
        max: scaled(max),
        timeWindow,
        keyGenerator: (request) => `${name}:key:${key(request) ?? ''}`,
      });
      return async function limitPerKey(this: FastifyInstance, request, reply) {
        if (key(request) === undefined) return;
        return limit.call(this, request, reply);
      };
    },
  } satisfies RateLimits);
}

export default fp(rateLimits, { name: 'rate-limits', dependencies: [] });
