import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/connection-errors.js';
import {
  checkReadiness,
  READINESS_CHECK_TIMEOUT_MS,
} from '../../src/server/features/health/health.service.js';
import {
  createFallbackStore,
  createMemoryStore,
  SHARED_COUNT_PAUSE_MS,
  SHARED_COUNT_TIMEOUT_MS,
  type RateLimitStore,
} from '../../src/server/plugins/rate-limits.js';

const never = () => new Promise<never>(() => {});

describe('rate limits while the shared store fails', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setUp(shared: RateLimitStore['hit'], ready = () => true) {
    const sharedHit = vi.fn(shared);
    const switches: string[] = [];
    const store = createFallbackStore({
      shared: { hit: sharedHit },
      isSharedReady: ready,
      local: createMemoryStore(),
      onSwitch: (to) => switches.push(to),
    });
    return { store, sharedHit, switches };
  }

  it('counts locally without asking the shared store when its connection is down', async () => {
    const { store, sharedHit, switches } = setUp(never, () => false);
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    expect(await store.hit('k', 60_000)).toMatchObject({ count: 2 });
    expect(sharedHit).not.toHaveBeenCalled();
    expect(switches).toEqual(['local']);
  });

  it('gives up on a shared count that hangs after the timeout, then leaves the store alone for a pause', async () => {
    const { store, sharedHit, switches } = setUp(never);
    let settled = false;
    const counted = store.hit('k', 60_000).then((result) => {
      settled = true;
      return result;
    });
    await vi.advanceTimersByTimeAsync(SHARED_COUNT_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await counted).toMatchObject({ count: 1 });
    expect(switches).toEqual(['local']);

    // During the pause every hit is local and immediate.
    expect(await store.hit('k', 60_000)).toMatchObject({ count: 2 });
    expect(sharedHit).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SHARED_COUNT_PAUSE_MS);
    void store.hit('k', 60_000);
    expect(sharedHit).toHaveBeenCalledTimes(2);
  });

  it('counts locally when the shared count fails, and shares again once it answers', async () => {
    let failing = true;
    const { store, switches } = setUp(async () => {
      if (failing) throw new Error('MaxRetriesPerRequestError');
      return { count: 7, resetInMs: 1000 };
    });
    expect(await store.hit('k', 60_000)).toMatchObject({ count: 1 });
    failing = false;
    await vi.advanceTimersByTimeAsync(SHARED_COUNT_PAUSE_MS);
    expect(await store.hit('k', 60_000)).toEqual({ count: 7, resetInMs: 1000 });
    expect(switches).toEqual(['local', 'shared']);
  });
});

describe('database outage errors', () => {
  it('recognises connection failures and only those', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('shutting down'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused, refused]))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something timed out'))).toBe(false);
    expect(isDatabaseUnavailable(new AggregateError([]))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('readiness', () => {
  const up = { pingDatabase: async () => {}, isSchemaCurrent: async () => true };

  it('stays {status: ok} when everything answers', async () => {
    expect(await checkReadiness(up)).toEqual({ status: 'ok' });
    expect(await checkReadiness({ ...up, isRedisReady: async () => true })).toEqual({ status: 'ok' });
  });

  it('names each dependency that is down', async () => {
    const down = async () => {
      throw new Error('ECONNREFUSED');
    };
    expect(
      await checkReadiness({
        pingDatabase: down,
        isSchemaCurrent: async () => true,
        isRedisReady: async () => false,
      }),
    ).toEqual({
      status: 'unavailable',
      reason: 'database unreachable, redis unreachable',
      checks: { database: 'unreachable', redis: 'unreachable' },
    });
    expect(await checkReadiness({ ...up, isSchemaCurrent: async () => false })).toEqual({
      status: 'unavailable',
      reason: 'migrations pending',
      checks: { database: 'migrations pending' },
    });
  });

  it('answers within its timeout when a dependency hangs', async () => {
    vi.useFakeTimers();
    try {
      let answer: unknown;
      void checkReadiness({ ...up, pingDatabase: never }).then((result) => (answer = result));
      await vi.advanceTimersByTimeAsync(READINESS_CHECK_TIMEOUT_MS);
      expect(answer).toMatchObject({ status: 'unavailable', reason: 'database unreachable' });
    } finally {
      vi.useRealTimers();
    }
  });
});
