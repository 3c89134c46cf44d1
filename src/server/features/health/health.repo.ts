import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export function createHealthRepo(db: Db) {
  return {
    /** Resolves when the database answers a trivial query; rejects when it cannot. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db.kysely);
    },
  };
}

export type HealthRepo = ReturnType<typeof createHealthRepo>;
