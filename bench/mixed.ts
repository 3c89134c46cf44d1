/**
 * The mixed scenario of `npm run bench` (issue 15): a long-tail read mix, as visitors spread over a
 * large catalogue, with signed-in people writing at the same time.
 *
 * - 40 % agent pages, Zipf over every agent (a few popular, a long tail read once);
 * - 20 % reviews, pages 1-3 of the same Zipf agents;
 * - 20 % listings: every category, sort and page 1-20, some with a pricing or verified filter;
 * - 20 % searches: thousands of distinct one- and two-word queries and prefixes.
 *
 * Writers are 40 signed-in people favoriting, unfavoriting and reviewing (Zipf agents) at a fixed rate.
 */
import autocannon from 'autocannon';
import { agentSorts, pricingModels } from '../src/shared/catalogue.js';

export const WRITERS = 40;
const CATEGORIES = 20;
const SEARCH_WORDS =
  `agent assistant analytics research code review support sales marketing writer data pipeline
  summarizer translator scheduler planner tester debugger monitor security compliance finance tutor health legal
  recruiter designer editor search crawler extractor classifier forecaster optimizer chatbot voice vision docs
  email calendar crm ledger invoice onboarding triage incident deploy cloud kubernetes python typescript sql swift
  bright clever steady quiet bold keen lucid nimble prime sharp`
    .split(/\s+/)
    .filter(Boolean);

/** A deterministic generator, so two runs ask the same sequence of questions. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 1..n with P(k) roughly proportional to 1/k (Zipf, s = 1), by inverting its log-uniform CDF. */
function zipf(random: () => number, n: number): number {
  return Math.min(n, Math.max(1, Math.floor((n + 1) ** random())));
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Thousands of distinct search strings: prefixes of every word, single words, and word pairs. */
function searchQueries(): string[] {
  const queries = new Set<string>();
  for (const word of SEARCH_WORDS) {
    for (let length = 3; length <= word.length; length += 1) queries.add(word.slice(0, length));
    for (const second of SEARCH_WORDS) if (second !== word) queries.add(`${word} ${second}`);
  }
  return [...queries];
}

export type CallClass = 'detail' | 'reviews' | 'listing' | 'search' | 'search-two-words';

/** One path of a call class; agents are 1..agentCount by id and bench-agent-0.. by slug. */
export function pathMaker(agentCount: number, seed = 7) {
  const random = seededRandom(seed);
  const queries = searchQueries();
  const oneWord = queries.filter((query) => !query.includes(' '));
  const twoWords = queries.filter((query) => query.includes(' '));
  const listing = () => {
    const parts = [`category=bench-${Math.floor(random() * CATEGORIES)}`, `sort=${pick(random, agentSorts)}`];
    const page = 1 + Math.floor(random() * 20);
    if (page > 1) parts.push(`page=${page}`);
    const filter = random();
    if (filter < 0.25) parts.push(`pricing=${pick(random, pricingModels)}`);
    else if (filter < 0.4) parts.push('verified=true');
    return `/api/agents?${parts.join('&')}`;
  };
  const search = (pool: string[]) => {
    const query = encodeURIComponent(pick(random, pool));
    return random() < 0.8
      ? `/api/agents?q=${query}`
      : `/api/agents?q=${query}&page=${2 + Math.floor(random() * 2)}`;
  };
  const make: Record<CallClass, () => string> = {
    detail: () => `/api/agents/bench-agent-${zipf(random, agentCount) - 1}`,
    reviews: () =>
      `/api/agents/${zipf(random, agentCount)}/reviews?page=${1 + Math.floor(random() * 3)}&limit=5`,
    listing,
    search: () => search(oneWord),
    'search-two-words': () => search(twoWords),
  };
  const mixedCall = (): { callClass: CallClass; path: string } => {
    const roll = random();
    const callClass: CallClass =
      roll < 0.4
        ? 'detail'
        : roll < 0.6
          ? 'reviews'
          : roll < 0.8
            ? 'listing'
            : roll < 0.9
              ? 'search'
              : 'search-two-words';
    return { callClass, path: make[callClass]() };
  };
  return {
    of: (callClass: CallClass) => make[callClass](),
    /** The read mix: 40 % detail, 20 % reviews, 20 % listings, 20 % searches (half of them two words). */
    mixed: () => mixedCall().path,
    /** The next read of the mix with its call class. */
    mixedCall,
    distinctSearches: queries.length,
  };
}

export interface LoadResult {
  reqPerSec: number;
  /** Requests answered over the whole run. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** autocannon with a fresh path per request from `next`. */
export async function load(
  baseUrl: string,
  next: () => string,
  options: { connections: number; durationS: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.durationS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: next() }),
      },
    ],
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A signed-in writer and what they did, kept across scenarios: a person reviews an agent once. */
export interface Writer {
  cookie: string;
  favorites: number[];
  reviewed: Set<number>;
}

/** Signs up the writers through the API (as people would). */
export async function signUpWriters(baseUrl: string, count = WRITERS): Promise<Writer[]> {
  const run = `${process.pid}-${Date.now()}`;
  const cookies: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = `bench-writer-${run}-${index}@example.com`;
    const response = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'Bench-Writer-Password-1',
        organizationType: 'individual',
        username: `bench${index}x${Date.now().toString(36)}`,
        userType: 'developer',
      }),
    });
    if (response.status !== 201)
      throw new Error(`writer sign-up failed: ${response.status} ${await response.text()}`);
    cookies.push(
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; '),
    );
  }
  return cookies.map((cookie) => ({ cookie, favorites: [], reviewed: new Set() }));
}

export interface WriteStats {
  writes: number;
  failed: number;
  /** What the failed writes answered (status or "network"), so a failure is explained, not just counted. */
  failures: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  /** The p99 of each kind of write: a slow kind is named, not averaged away. */
  p99MsByKind: Record<WriteKind, number>;
}

type WriteKind = 'favorite' | 'unfavorite' | 'review';

/** The q-quantile of these latencies, to a tenth of a millisecond (0 when there are none). */
function quantileMs(latencies: readonly number[], q: number): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted.length
    ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10
    : 0;
}

/**
 * Writes at `perSecond` until stopped: each tick one writer favorites a Zipf agent, takes a favorite
 * back, or reviews an agent they have not reviewed (40 / 40 / 20). Writes overlap like real people's.
 */
export function startWriters(
  baseUrl: string | readonly string[],
  writers: Writer[],
  agentCount: number,
  perSecond: number,
) {
  // With several instances, each write goes to the next one in turn, so a writer's next read may be
  // answered by another instance than their write.
  const baseUrls = typeof baseUrl === 'string' ? [baseUrl] : baseUrl;
  const random = seededRandom(99);
  const latencies: Record<WriteKind, number[]> = { favorite: [], unfavorite: [], review: [] };
  let failed = 0;
  const failures: Record<string, number> = {};
  const fail = (reason: string) => {
    failed += 1;
    failures[reason] = (failures[reason] ?? 0) + 1;
  };
  const inFlight = new Set<Promise<void>>();

  const write = async ({ cookie, favorites, reviewed }: Writer, baseUrl: string) => {
    const roll = random();
    let method: string;
    let path: string;
    let body: unknown;
    let ok = (status: number) => status < 300;
    let kind: WriteKind;
    if (roll < 0.4 || (roll < 0.8 && favorites.length === 0)) {
      kind = 'favorite';
      const agentId = zipf(random, agentCount);
      method = 'POST';
      path = '/api/favorites';
      body = { agentId };
      favorites.push(agentId);
    } else if (roll < 0.8) {
      kind = 'unfavorite';
      const agentId = favorites.shift()!;
      method = 'DELETE';
      path = `/api/favorites/agent/${agentId}`;
      // A favorite added twice was counted once, so the second removal finds none.
      ok = (status) => status < 300 || status === 404;
    } else {
      kind = 'review';
      let agentId = zipf(random, agentCount);
      while (reviewed.has(agentId)) agentId = 1 + Math.floor(random() * agentCount);
      reviewed.add(agentId);
      method = 'POST';
      path = `/api/agents/${agentId}/reviews`;
      body = {
        rating: 1 + Math.floor(random() * 5),
        title: 'Benchmark review',
        body: 'Written while the read mix runs.',
      };
    }
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      await response.arrayBuffer();
      if (!ok(response.status)) fail(`${method} ${path.split('/')[2]} ${response.status}`);
    } catch {
      fail('network');
    }
    latencies[kind].push(performance.now() - started);
  };

  let tick = 0;
  const timer =
    perSecond > 0
      ? setInterval(() => {
          const writer = writers[tick % writers.length]!;
          const running = write(writer, baseUrls[tick % baseUrls.length]!).finally(() =>
            inFlight.delete(running),
          );
          inFlight.add(running);
          tick += 1;
        }, 1000 / perSecond)
      : undefined;

  return {
    async stop(): Promise<WriteStats> {
      clearInterval(timer);
      await Promise.all(inFlight);
      const all = Object.values(latencies).flat();
      return {
        writes: all.length,
        failed,
        failures,
        p50Ms: quantileMs(all, 0.5),
        p99Ms: quantileMs(all, 0.99),
        p99MsByKind: {
          favorite: quantileMs(latencies.favorite, 0.99),
          unfavorite: quantileMs(latencies.unfavorite, 0.99),
          review: quantileMs(latencies.review, 0.99),
        },
      };
    },
  };
}
