import { sql, type QueryCreator } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { AgentsTable, Database } from '../../db/schema.js';
import { reputationScore, siteMean } from '../../../shared/rules/reputation.js';

type Star = 1 | 2 | 3 | 4 | 5;

export interface RecomputedAgent {
  id: number;
  ratingCount: number;
  ratingSum: number;
  distribution: [number, number, number, number, number];
  weightedRatingSum: number;
  weightTotal: number;
  reputationScore: number;
}

async function meanSnapshot(trx: Executor): Promise<number> {
  const row = await trx
    .selectFrom('site_stats')
    .select('mean_snapshot')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.mean_snapshot;
}

/** Recomputes one agent's average and score from its maintained sums. */
type AgentRatingSums = Pick<
  AgentsTable,
  'rating_count' | 'rating_sum' | 'weighted_rating_sum' | 'weight_total' | 'verified'
>;

/** Sets one agent's average and score from its maintained sums and the site mean. */
async function writeScore(trx: Executor, agentId: number, agent: AgentRatingSums, mean: number) {
  await trx
    .updateTable('agents')
    .set({
      rating_average: agent.rating_count > 0 ? agent.rating_sum / agent.rating_count : 0,
      reputation_score: reputationScore({
        weightedRatingSum: agent.weighted_rating_sum,
        weightTotal: agent.weight_total,
        siteMean: mean,
        verified: agent.verified === 1,
      }),
    })
    .where('id', '=', agentId)
    .execute();
}

/** Recomputes one agent's average and score from its maintained sums. */
async function scoreAgent(trx: Executor, agentId: number) {
  const agent = await trx
    .selectFrom('agents')
    .select(['rating_count', 'rating_sum', 'weighted_rating_sum', 'weight_total', 'verified'])
    .where('id', '=', agentId)
    .executeTakeFirstOrThrow();
  await writeScore(trx, agentId, agent, await meanSnapshot(trx));
}

/** A review's arrival (add), departure (remove) or change (both) as it moves the rating counters. */
export interface RatingChange {
  add?: { rating: number; weight: number };
  remove?: { rating: number; weight: number };
}

function ratingDeltas(change: RatingChange) {
  const entries = [
    ...(change.add ? [{ ...change.add, sign: 1 }] : []),
    ...(change.remove ? [{ ...change.remove, sign: -1 }] : []),
  ];
  const stars = new Map<Star, number>();
  for (const { rating, sign } of entries) stars.set(rating as Star, (stars.get(rating as Star) ?? 0) + sign);
  return {
    count: entries.reduce((sum, entry) => sum + entry.sign, 0),
    ratingSum: entries.reduce((sum, entry) => sum + entry.sign * entry.rating, 0),
    weightedRatingSum: entries.reduce((sum, entry) => sum + entry.sign * entry.weight * entry.rating, 0),
    weightTotal: entries.reduce((sum, entry) => sum + entry.sign * entry.weight, 0),
    stars,
  };
}

/**
 * The agent's counters moved by a change, answering the sums its score is computed from; a statement
 * of its own or a part of a larger one (a PostgreSQL review insert, reviews.repo.ts).
 */
export function agentCountersUpdate(creator: QueryCreator<Database>, agentId: number, change: RatingChange) {
  const deltas = ratingDeltas(change);
  return creator
    .updateTable('agents')
    .set((eb) => ({
      rating_count: eb('rating_count', '+', deltas.count),
      rating_sum: eb('rating_sum', '+', deltas.ratingSum),
      weighted_rating_sum: eb('weighted_rating_sum', '+', deltas.weightedRatingSum),
      weight_total: eb('weight_total', '+', deltas.weightTotal),
      ...Object.fromEntries(
        [...deltas.stars].map(([star, delta]) => [`rating_${star}`, eb(`rating_${star}`, '+', delta)]),
      ),
    }))
    .where('id', '=', agentId)
    .returning(['rating_count', 'rating_sum', 'weighted_rating_sum', 'weight_total', 'verified']);
}

/** The site's counters moved by a change, answering the mean scores are computed with. */
export function siteCountersUpdate(creator: QueryCreator<Database>, change: RatingChange) {
  const deltas = ratingDeltas(change);
  return creator
    .updateTable('site_stats')
    .set((eb) => ({
      rating_count: eb('rating_count', '+', deltas.count),
      rating_sum: eb('rating_sum', '+', deltas.ratingSum),
    }))
    .where('id', '=', 1)
    .returning('mean_snapshot');
}

/** The agents' rating counters, their reputation scores and the site mean they are computed with. */
export function createReputationRepo(db: Db) {
  const k = db.kysely;

  /**
   * Applies one review's arrival, departure or change to its agent's counters and reputation score,
   * inside the caller's transaction (kept up to date incrementally, never by a scan).
   */
  async function applyRatingChange(agentId: number, change: RatingChange, trx: Executor = k) {
    // Three statements whatever the change: the agent's counters (answering its sums), the site's
    // (answering its mean), and the score computed from both.
    const agent = await agentCountersUpdate(trx, agentId, change).executeTakeFirstOrThrow();
    const site = await siteCountersUpdate(trx, change).executeTakeFirstOrThrow();
    await writeScore(trx, agentId, agent, site.mean_snapshot);
  }

  /** Every agent's counters and score computed from scratch from its reviews (for checks and the daily refresh). */
  async function recomputeFromScratch(trx: Executor = k): Promise<RecomputedAgent[]> {
    const [agents, sums, mean] = await Promise.all([
      trx.selectFrom('agents').select(['id', 'verified']).execute(),
      sql<{ agent_id: number; rating: number; n: number; w: number }>`
        SELECT agent_id, rating, count(*) AS n, sum(weight) AS w FROM reviews GROUP BY agent_id, rating
      `.execute(trx),
      meanSnapshot(trx),
    ]);
    const byAgent = new Map<number, RecomputedAgent>();
    for (const agent of agents) {
      byAgent.set(agent.id, {
        id: agent.id,
        ratingCount: 0,
        ratingSum: 0,
        distribution: [0, 0, 0, 0, 0],
        weightedRatingSum: 0,
        weightTotal: 0,
        reputationScore: 0,
      });
    }
    for (const row of sums.rows) {
      const entry = byAgent.get(row.agent_id);
      if (!entry) continue;
      const count = Number(row.n);
      entry.ratingCount += count;
      entry.ratingSum += count * row.rating;
      entry.distribution[row.rating - 1] = count;
      entry.weightedRatingSum += Number(row.w) * row.rating;
      entry.weightTotal += Number(row.w);
    }
    for (const agent of agents) {
      const entry = byAgent.get(agent.id)!;
      entry.reputationScore = reputationScore({
        weightedRatingSum: entry.weightedRatingSum,
        weightTotal: entry.weightTotal,
        siteMean: mean,
        verified: agent.verified === 1,
      });
    }
    return [...byAgent.values()];
  }

  /**
   * The daily refresh: moves the site mean snapshot to today's mean and rewrites every score with
   * it. Between refreshes every score is computed with the same m, so incremental updates and a
   * recompute from scratch agree.
   */
  async function refreshSiteMean(trx: Executor = k) {
    const stats = await trx
      .selectFrom('site_stats')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('site_stats')
      .set({ mean_snapshot: siteMean(stats.rating_sum, stats.rating_count) })
      .where('id', '=', 1)
      .execute();
    for (const agent of await recomputeFromScratch(trx)) {
      await trx
        .updateTable('agents')
        .set({
          rating_count: agent.ratingCount,
          rating_sum: agent.ratingSum,
          rating_1: agent.distribution[0],
          rating_2: agent.distribution[1],
          rating_3: agent.distribution[2],
          rating_4: agent.distribution[3],
          rating_5: agent.distribution[4],
          rating_average: agent.ratingCount > 0 ? agent.ratingSum / agent.ratingCount : 0,
          weighted_rating_sum: agent.weightedRatingSum,
          weight_total: agent.weightTotal,
          reputation_score: agent.reputationScore,
        })
        .where('id', '=', agent.id)
        .execute();
    }
  }

  /**
   * The one write of an agent's verified badge: the flag and the bonus it adds to the score move
   * together, in the caller's transaction.
   */
  async function setVerified(agentId: number, verified: boolean, at: string, trx: Executor = k) {
    await trx
      .updateTable('agents')
      .set({ verified: verified ? 1 : 0, updated_at: at })
      .where('id', '=', agentId)
      .execute();
    await scoreAgent(trx, agentId);
  }

  /** How many ratings the site holds (a maintained counter). */
  async function countRatings(trx: Executor = k): Promise<number> {
    const row = await trx
      .selectFrom('site_stats')
      .select('rating_count')
      .where('id', '=', 1)
      .executeTakeFirst();
    return row?.rating_count ?? 0;
  }

  return {
    applyRatingChange,
    /** Sets one agent's average and score from sums and a site mean a statement just returned. */
    writeScore: (agentId: number, sums: AgentRatingSums, siteMean: number, trx: Executor = k) =>
      writeScore(trx, agentId, sums, siteMean),
    /** Recomputes one agent's average and score from its maintained sums. */
    refreshAgentScore: (agentId: number, trx: Executor = k) => scoreAgent(trx, agentId),
    recomputeFromScratch,
    refreshSiteMean,
    setVerified,
    countRatings,
  };
}

export type ReputationRepo = ReturnType<typeof createReputationRepo>;
