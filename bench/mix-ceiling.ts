/**
 * The ceiling of the read mix's share of the bare route (issue 15), from what the same run measured.
 *
 * The mix's questions are replayed, in the order the scenario asks them, through the server's own
 * response cache (its byte budget and admission rule) holding answers of each call class's measured
 * size. A question the cache holds is counted at what a held answer of its class costs (the hot
 * calls' share of bare, or no more than the bare route itself); any other at what its class costs
 * uncached. Nothing else is counted: no writes, no expiry, no cost of one class to another. The real
 * mix can only come below this, so a target above it cannot be met by a faster uncached path alone;
 * it needs a larger cache (memory) or cheaper first asks.
 */
import { ResponseCache } from '../src/server/lib/response-cache.js';
import { pathMaker, type CallClass } from './mixed.js';

/** Tags an answer of each class carries in the server: a listing page names each agent it shows. */
const TAGS_PER_ANSWER: Record<CallClass, number> = {
  detail: 2,
  reviews: 1,
  listing: 22,
  search: 21,
  'search-two-words': 21,
};

export interface CeilingInput {
  /** The seed of the scenario's questions (bench/mixed.ts pathMaker). */
  seed: number;
  /** Each class's uncached throughput as a share of the bare route, measured in the same run. */
  uncachedShare: Record<CallClass, number>;
  /** What a held answer of each class costs, as a share of the bare route; 1 when not given. */
  hitShare?: Partial<Record<CallClass, number>>;
  /** Each class's mean answer size, in bytes. */
  answerBytes: Record<CallClass, number>;
  /** The bare route's throughput and how long the scenario asks questions (warm-up and measured). */
  bareReqPerSec: number;
  seconds: number;
  /** The cache's budget; undefined is the server's own. */
  maxBytes?: number;
}

export interface Ceiling {
  share: number;
  /** The share of questions the cache held. */
  hitRate: number;
  /** How many questions the scenario asks at that share. */
  questions: number;
}

/** Replays `questions` of the mix through a cache; returns the share of bare and the hit rate. */
function replay(input: CeilingInput, questions: number): Omit<Ceiling, 'questions'> {
  const cache = new ResponseCache({ admitOnSecondAsk: true, maxBytes: input.maxBytes });
  const answers = Object.fromEntries(
    Object.entries(input.answerBytes).map(([callClass, bytes]) => [callClass, 'x'.repeat(bytes)]),
  ) as Record<CallClass, string>;
  const paths = pathMaker(100_000, input.seed);
  let cost = 0;
  let hits = 0;
  for (let asked = 0; asked < questions; asked += 1) {
    const { callClass, path } = paths.mixedCall();
    if (cache.get(path) !== undefined) {
      hits += 1;
      cost += 1 / (input.hitShare?.[callClass] ?? 1);
      continue;
    }
    cost += 1 / input.uncachedShare[callClass];
    const tags = Array.from({ length: TAGS_PER_ANSWER[callClass] }, (_, index) => `tag:${index}`);
    cache.set(path, answers[callClass], tags, cache.now());
  }
  return { share: questions / cost, hitRate: hits / questions };
}

/**
 * The ceiling, at the number of questions the scenario would ask if it ran at that ceiling (more
 * questions in the same seconds repeat more of them): a few rounds settle it.
 */
export function mixCeiling(input: CeilingInput): Ceiling {
  let questions = Math.round(0.2 * input.bareReqPerSec * input.seconds);
  let result = replay(input, questions);
  for (let round = 0; round < 8; round += 1) {
    const next = Math.round(result.share * input.bareReqPerSec * input.seconds);
    if (Math.abs(next - questions) <= questions * 0.01) break;
    questions = next;
    result = replay(input, questions);
  }
  return {
    share: Math.round(result.share * 1000) / 1000,
    hitRate: Math.round(result.hitRate * 1000) / 1000,
    questions,
  };
}
