import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { isRedisReady, type RedisLogger } from './redis.js';
import type { ResponseCache } from './response-cache.js';

/** What an instance announces: the tags it invalidated (null: everything), and who it is. */
interface Announcement {
  from: string;
  tags: readonly string[] | null;
}

/**
 * Shares response-cache invalidations between instances through Redis pub/sub (docs/decisions/0003,
 * 0014): each message names the tags a write dropped, and the others drop the same.
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

  const announce = (tags: readonly string[] | null) => {
    if (!isRedisReady(publisher)) {
      unannounced = true;
      return;
    }
    const message: Announcement = { from: instanceId, tags };
    publisher.publish(channel, JSON.stringify(message)).catch((error: unknown) => {
      unannounced = true;
      log.warn({ err: error }, 'cache invalidation not announced');
    });
  };
  cache.onInvalidate(announce);
  publisher.on('ready', () => {
    // What was written while Redis was away is not known tag by tag any more: everything goes.
    if (unannounced) {
      unannounced = false;
      announce(null);
    }
  });

  let subscribedOnce = false;
  subscriber.on('ready', () => {
    // The first ready is the start; a later one follows an interruption, during which announcements
    // from other instances were lost. The cache is emptied once the subscription is confirmed, so
    // an announcement made before that is covered too.
    if (!subscribedOnce) return;
    subscriber.subscribe(channel).then(
      () => cache.invalidateLocal(null),
      (error: unknown) => log.warn({ err: error }, 'cache invalidations: subscribing again failed'),
    );
  });
  subscriber.on('message', (from, text) => {
    if (from !== channel) return;
    const message = parseAnnouncement(text);
    if (message?.from !== instanceId) cache.invalidateLocal(message ? message.tags : null);
  });
  await subscriber.subscribe(channel);
  subscribedOnce = true;
}

/** An announcement from another instance; null for a message this version cannot read (drop everything). */
function parseAnnouncement(text: string): Announcement | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { from, tags } = value as Record<string, unknown>;
    if (typeof from !== 'string') return null;
    if (tags === null) return { from, tags: null };
    if (Array.isArray(tags) && tags.every((tag) => typeof tag === 'string')) return { from, tags };
    return null;
  } catch {
    return null;
  }
}
