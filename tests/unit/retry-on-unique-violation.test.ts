import { describe, expect, it } from 'vitest';
import { retryOnUniqueViolation } from '../../src/server/features/submissions/retry-on-unique-violation.js';

const uniqueViolation = Object.assign(new Error('duplicate key'), { code: '23505' });

describe('a write that a concurrent one can beat to a unique index', () => {
  it('runs again after losing, and answers what the second run answers', async () => {
    let runs = 0;
    const result = await retryOnUniqueViolation(async () => {
      runs += 1;
      if (runs === 1) throw uniqueViolation;
      return 'second run';
    });
    expect(result).toBe('second run');
    expect(runs).toBe(2);
  });

  it('gives up after three runs, and never retries another kind of error', async () => {
    let runs = 0;
    await expect(
      retryOnUniqueViolation(async () => {
        runs += 1;
        throw Object.assign(new Error('locked'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
      }),
    ).rejects.toThrow('locked');
    expect(runs).toBe(3);

    runs = 0;
    await expect(
      retryOnUniqueViolation(async () => {
        runs += 1;
        throw new Error('the database is gone');
      }),
    ).rejects.toThrow('the database is gone');
    expect(runs).toBe(1);
  });
});
