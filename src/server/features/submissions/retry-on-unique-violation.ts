import { isUniqueViolation } from '../../db/unique-violation.js';

/**
 * Runs a write that a concurrent one can beat to a unique index (an agent's slug, a repository's one
 * live listing). The loser runs again, and its own checks then see the winner and answer as they
 * should: another slug, or 409 naming the listing that has the repository.
 */
export async function retryOnUniqueViolation<T>(write: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}
