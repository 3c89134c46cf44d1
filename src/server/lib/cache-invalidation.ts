import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { isRedisReady, type RedisLogger } from './redis.js';
import type { ResponseCache } from './response-cache.js';

/**
 * Shares response-cache invalidations between instances through Redis pub/sub (docs/decisions/0003).
 * While Redis is unreachable an instance cannot tell the others: a write is seen at once on the
 * instance that made it and on the others when their entries expire (the cache's TTL, 30 s). When
 * Redis returns, each instance empties its cache (it may have missed announcements) and announces
 * once if it wrote in the meantime (docs/decisions/0011-outages-degrade.md).
 */
export async function shareCacheInvalidations(
  cache: ResponseCache,
  redis: { publisher: Redis; subscriber: Redis; channel: string },
  log: RedisLogger,
): Promise<void> {
  const { publisher, subscriber, channel } = redis;
  const instanceId = randomUUID();
  let unannounced = false;

  const announce = () => {
    if (!isRedisReady(publisher)) {
      unannounced = true;
      return;
    }
    unannounced = false;
    publisher.publish(channel, instanceId).catch((error: unknown) => {
      unannounced = true;
      log.warn({ err: error }, 'cache invalidation not announced');
    });
  };
  cache.onInvalidate(announce);
  publisher.on('ready', () => {
    if (unannounced) announce();
  });

  let subscribedOnce = false;
  subscriber.on('ready', () => {
    // The first ready is the start; a later one follows an interruption, during which announcements
    // from other instances were lost. The cache is emptied once the subscription is confirmed, so
    // an announcement made before that is covered too.
    if (!subscribedOnce) return;
    subscriber.subscribe(channel).then(
      () => cache.clearLocal(),
      (error: unknown) => log.warn({ err: error }, 'cache invalidations: subscribing again failed'),
    );
  });
  subscriber.on('message', (from, sender) => {
    if (from === channel && sender !== instanceId) cache.clearLocal();
  });
  await subscriber.subscribe(channel);
  subscribedOnce = true;
}
