import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBoundedQueue, QueueFullError } from '../../src/server/lib/bounded-queue.js';

/** A job that runs until its finish() is called. */
function heldJob<T>(value: T) {
  let finish = () => {};
  let started = false;
  const job = () => {
    started = true;
    return new Promise<T>((resolve) => (finish = () => resolve(value)));
  };
  return { job, finish: () => finish(), started: () => started };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a bounded queue', () => {
  it('runs at most `concurrency` jobs, the others in arrival order, and refuses one more than `maxWaiting`', async () => {
    const queue = createBoundedQueue({ concurrency: 2, maxWaiting: 2, maxWaitMs: 60_000 });
    const jobs = ['a', 'b', 'c', 'd'].map(heldJob);
    const results = jobs.map((held) => queue.run(held.job));
    await settle();
    expect(jobs.map((held) => held.started())).toEqual([true, true, false, false]);
    expect(queue.size()).toEqual({ active: 2, waiting: 2 });

    await expect(queue.run(async () => 'e')).rejects.toBeInstanceOf(QueueFullError);
    expect(queue.size()).toEqual({ active: 2, waiting: 2 });

    jobs[1]!.finish();
    await settle();
    expect(jobs.map((held) => held.started())).toEqual([true, true, true, false]);
    jobs[0]!.finish();
    await settle();
    expect(jobs[3]!.started()).toBe(true);
    jobs[2]!.finish();
    jobs[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.size()).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the slot of a job that fails', async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 0, maxWaitMs: 60_000 });
    await expect(queue.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(queue.size()).toEqual({ active: 0, waiting: 0 });
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('suggests a retry after at least a second, growing with the work ahead', async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 0, maxWaitMs: 60_000 });
    const held = heldJob('x');
    const running = queue.run(held.job);
    const refusal = await queue.run(async () => 'y').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(QueueFullError);
    expect((refusal as QueueFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const longer = createBoundedQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 60_000 });
    const many = Array.from({ length: 6 }, () => heldJob('z'));
    const all = many.map((job) => longer.run(job.job));
    const longerRefusal = (await longer
      .run(async () => 'w')
      .catch((error: unknown) => error)) as QueueFullError;
    expect(longerRefusal.retryAfterSeconds).toBeGreaterThan((refusal as QueueFullError).retryAfterSeconds);
    held.finish();
    await running;
    for (const job of many) {
      await settle();
      job.finish();
    }
    await Promise.all(all);
  });

  describe('in time', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('refuses a job still waiting after maxWaitMs, and the ones behind it move up', async () => {
      vi.useFakeTimers();
      const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 1000 });
      const held = heldJob('held');
      const running = queue.run(held.job);
      const first = queue.run(async () => 'first').catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(400);
      const second = queue.run(async () => 'second');
      expect(queue.size()).toEqual({ active: 1, waiting: 2 });
      await vi.advanceTimersByTimeAsync(600);
      expect(await first).toBeInstanceOf(QueueFullError);
      expect(queue.size()).toEqual({ active: 1, waiting: 1 });
      held.finish();
      expect(await running).toBe('held');
      expect(await second).toBe('second');
      expect(queue.size()).toEqual({ active: 0, waiting: 0 });
    });

    it('refuses at once a job that would wait longer than maxWaitMs, judged by the recent job times', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
      const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 10, maxWaitMs: 5000 });
      // Jobs of 3 s each: the average moves from its first guess towards 3 s.
      for (let i = 0; i < 10; i += 1) {
        const slow = queue.run(() => new Promise((resolve) => setTimeout(resolve, 3000)));
        await vi.advanceTimersByTimeAsync(3000);
        await slow;
      }
      const held = heldJob('held');
      const running = queue.run(held.job);
      const waiter = queue.run(async () => 'waited');
      // Two jobs of about 3 s ahead: more than 5 s, so no place in line although there are eight left.
      const refusal = await queue.run(async () => 'refused').catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(QueueFullError);
      expect((refusal as QueueFullError).retryAfterSeconds).toBeGreaterThanOrEqual(5);
      held.finish();
      await running;
      expect(await waiter).toBe('waited');
    });
  });
});
