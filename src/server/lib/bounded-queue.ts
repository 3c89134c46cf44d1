/** Thrown by a bounded queue's `run` when a job cannot get a slot soon enough. */
export class QueueFullError extends Error {
  constructor(
    /** About how long until the work ahead is done, from the queue's recent job times (at least 1). */
    readonly retryAfterSeconds: number,
  ) {
    super('The queue is full.');
    this.name = 'QueueFullError';
  }
}

export interface BoundedQueueOptions {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs that may wait for a slot; one more is refused with QueueFullError. */
  maxWaiting: number;
  /**
   * The longest a job may wait for its slot: one whose expected wait is longer is refused at once, and
   * one still waiting then is refused (QueueFullError), so its caller can answer before a timeout does.
   */
  maxWaitMs: number;
}

export interface BoundedQueue {
  /** Runs the job when a slot is free (first come, first served), or throws QueueFullError. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running and jobs waiting, now. */
  size(): { active: number; waiting: number };
}

/** A guess of one job's time until the first one is measured. */
const INITIAL_JOB_MS = 500;

interface Waiter {
  resolve: () => void;
  timer: NodeJS.Timeout;
}

/**
 * At most `concurrency` jobs at once and `maxWaiting` in line, none waiting longer than `maxWaitMs`: what
 * the work holds (memory, threads) is bounded by the first number, what the waiting requests hold by the
 * second, how long they wait by the third.
 */
export function createBoundedQueue({
  concurrency,
  maxWaiting,
  maxWaitMs,
}: BoundedQueueOptions): BoundedQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be at least 1');
  if (!Number.isInteger(maxWaiting) || maxWaiting < 0) throw new Error('maxWaiting must be at least 0');
  let active = 0;
  const waiting: Waiter[] = [];
  let averageJobMs = INITIAL_JOB_MS;

  /** How long the work ahead of a new job takes, from the recent average. */
  const expectedWaitMs = () => ((active + waiting.length) * averageJobMs) / concurrency;
  const full = () => new QueueFullError(Math.max(1, Math.ceil(expectedWaitMs() / 1000)));

  async function acquire() {
    if (active < concurrency) {
      active += 1;
      return;
    }
    if (waiting.length >= maxWaiting || expectedWaitMs() > maxWaitMs) throw full();
    // The slot is handed over by release(), so `active` already counts this job when it resumes.
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(full());
        }, maxWaitMs),
      };
      waiting.push(waiter);
    });
  }

  function release() {
    const next = waiting.shift();
    if (!next) {
      active -= 1;
      return;
    }
    clearTimeout(next.timer);
    next.resolve();
  }

  return {
    async run(job) {
      await acquire();
      const started = performance.now();
      try {
        return await job();
      } finally {
        averageJobMs = 0.8 * averageJobMs + 0.2 * (performance.now() - started);
        release();
      }
    },
    size: () => ({ active, waiting: waiting.length }),
  };
}
