import { pricingModels, type PricingModel } from '../../../shared/catalogue.js';

/**
 * The catalogue's full-text index, held in memory (docs/decisions/0015-in-process-search-index.md).
 *
 * Every published agent is a document of four weighted fields. A query word matches the indexed
 * terms it is a prefix of, and a document matches when it matches every word. A document's score is
 * the sum over the words of BM25 for the best term the word matched in it (the model of SQLite's
 * FTS5 `bm25()`, with the same field weights); ties go to the newer agent.
 *
 * Each term's postings are kept best first, and each document keeps its terms, so a query walks the
 * rarest word's postings from the top, checks the other words in the document's own terms, and stops
 * as soon as the page asked for is settled and the count reached its cap: a word that every agent
 * has costs no more than a rare one. Changes after a build are appended, and everything is rebuilt
 * from the documents' terms once the appended or dead part grows past a share of the whole.
 */

/** How much a term counts in each field: a name says more about an agent than its description. */
const FIELD_WEIGHTS = { name: 10, tagline: 4, description: 1, tags: 6 } as const;
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** Rebuild when appended postings or dead documents' postings pass this share of the whole. */
const COMPACT_SHARE = 0.25;
/** Another word's postings are spread over the slots when they are at most this many times the walked word's. */
const SPREAD_FACTOR = 8;
/** A query uses at most this many words. */
const SEARCH_WORDS_MAX = 8;
/** A kept ranking holds at least this many of a query's best documents: its first pages of twenty. */
const KEPT_RANKING_DEPTH = 60;
/** Rankings kept, of the queries asked most recently (each a few hundred bytes). */
const KEPT_RANKINGS_MAX = 4096;

export interface SearchDocument {
  id: number;
  name: string;
  tagline: string;
  description: string;
  tags: readonly string[];
  categoryId: number;
  pricing: PricingModel;
  verified: boolean;
}

export interface SearchFilters {
  categoryId?: number;
  pricing?: PricingModel;
  verified?: boolean;
  /** Only these agents (a filter the index does not hold itself, such as health). */
  agentIds?: ReadonlySet<number>;
  /** Never these agents (a filter the index does not hold, such as the tools' risk). */
  excludedIds?: ReadonlySet<number>;
}

/** Lower case, without diacritics, split at anything that is not a letter or a digit. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The words of what a person typed, as the index matches them. */
export function searchTerms(q: string): string[] {
  return searchWords(q).slice(0, SEARCH_WORDS_MAX);
}

const ALIVE = 1;
const VERIFIED = 2;

/** Postings appended since the last build, best first like the built ones. */
interface AppendedPostings {
  slots: number[];
  impacts: number[];
}

/** A position in one term's postings, while a query walks them. */
interface Cursor {
  idf: number;
  slots: Int32Array | number[];
  impacts: Float32Array | number[];
  at: number;
  end: number;
}

/** The filters of a walk, as the slot arrays hold them (-1: any). */
interface SlotFilter {
  category: number;
  pricing: number;
  verified: boolean | undefined;
  allowedAgents: ReadonlySet<number> | undefined;
  excludedAgents: ReadonlySet<number> | undefined;
}

/** A document's score with the spread words' scores added, or -1 when it lacks one of those words. */
function withSpreadScores(slot: number, score: number, spreads: readonly Float32Array[]): number {
  for (const scores of spreads) {
    const spread = scores[slot]!;
    if (spread === 0) return -1;
    score += spread;
  }
  return score;
}

/** A query, planned: the word whose postings are walked, and the others, checked in each document. */
interface Plan {
  driver: Cursor[];
  /**
   * Per other word: the best score it can add, and how its score in a document is found: spread over
   * the slots beforehand (`scores`, for a word with few postings), or from the document's own terms,
   * which carry the word's bit in termBits.
   */
  others: Array<{ bit: number; maxScore: number; scores?: Float32Array; termIds: number[] }>;
  /** Terms marked in termBits, to unmark after the query. */
  marked: number[];
  othersMaxScore: number;
  allBits: number;
}

interface KeptRanking {
  /** Matches counted up to the cap. */
  total: number;
  /** The best matches' agent ids, best first: at least the depth asked for, or every match. */
  agentIds: Int32Array;
}

/** A query's words in any order (a document's score does not depend on it), its filters and cap. */
function rankingKey(words: readonly string[], filters: SearchFilters, cap: number): string {
  const unique = [...new Set(words)].sort();
  return `${unique.join(' ')}|${filters.categoryId ?? ''}|${filters.pricing ?? ''}|${filters.verified ?? ''}|${cap}`;
}

export class SearchIndex {
  // Documents, by slot. A changed document gets a new slot; its old one is marked dead.
  private slotAgent = new Int32Array(0);
  private slotCategory = new Int32Array(0);
  private slotPricing = new Uint8Array(0);
  private slotFlags = new Uint8Array(0);
  private slotLength = new Float32Array(0);
  private slotCount = 0;
  private liveCount = 0;
  private liveLength = 0;
  private slotOfAgent = new Map<number, number>();

  // Each slot's terms with their weighted counts: slot s owns [slotTermStart[s], slotTermStart[s + 1]).
  private slotTermStart = new Int32Array(1);
  private forwardTerms = new Int32Array(0);
  /** Weighted counts are whole numbers (field weights times occurrences), capped at 65,535. */
  private forwardCounts = new Uint16Array(0);
  private forwardCount = 0;

  // Terms by id, and their ids in alphabetical order of the terms: for prefix lookups and, once
  // built, for finding a term (no Map of every term, no second list of them kept beside).
  private terms: string[] = [];
  private sortedTermIds = new Int32Array(0);
  /** Term ids by term while a build adds documents; the alphabetical order is made at its end. */
  private buildTermIds: Map<string, number> | undefined;

  // Postings of the last build, term by term and best first, then those appended since.
  private postingStart = new Int32Array(1);
  private postingSlots = new Int32Array(0);
  private postingImpacts = new Float32Array(0);
  private appended = new Map<number, AppendedPostings>();
  private appendedCount = 0;
  /** Postings of documents removed since the last build, still in the lists until the next. */
  private deadPostings = 0;

  /**
   * The best documents of recent queries, by their words and filters, until the index next changes:
   * the next page of a search, or the same search asked again, is read here instead of ranking all
   * its matches again (most of a search's time when its words are common).
   */
  private keptRankings = new Map<string, KeptRanking>();

  // Scratch space of a query, reset after each one.
  private seen = new Uint32Array(0);
  private seenStamp = 0;
  private termBits = new Uint8Array(0);
  private termIdf = new Float64Array(0);
  private spreadScores: Float32Array[] = [];

  constructor(documents: Iterable<SearchDocument> = []) {
    this.rebuild(documents);
  }

  /** Number of documents in the index. */
  get size(): number {
    return this.liveCount;
  }

  /** Replaces the whole content. */
  rebuild(documents: Iterable<SearchDocument>): void {
    this.beginBuild();
    for (const document of documents) this.addToBuild(document);
    this.endBuild();
  }

  /** Empties the index for a build; documents come with addToBuild and are searchable after endBuild. */
  beginBuild(): void {
    this.keptRankings.clear();
    this.slotCount = 0;
    this.liveCount = 0;
    this.liveLength = 0;
    this.slotOfAgent = new Map();
    this.forwardCount = 0;
    this.buildTermIds = new Map();
    this.terms = [];
  }

  addToBuild(document: SearchDocument): void {
    this.addSlot(document);
  }

  endBuild(): void {
    this.buildTermIds = undefined;
    this.freeze();
    // The documents' terms grew by half again at a time while they came in; a change after the
    // build grows them once more, so the slack is not worth keeping in between.
    this.forwardTerms = this.forwardTerms.slice(0, this.forwardCount);
    this.forwardCounts = this.forwardCounts.slice(0, this.forwardCount);
  }

  /** Adds or replaces one agent's document. */
  upsert(document: SearchDocument): void {
    this.remove(document.id);
    this.keptRankings.clear();
    const slot = this.addSlot(document);
    const averageLength = this.averageLength();
    for (let at = this.slotTermStart[slot]!; at < this.slotTermStart[slot + 1]!; at += 1) {
      const termId = this.forwardTerms[at]!;
      const impact = this.impact(this.forwardCounts[at]!, this.slotLength[slot]!, averageLength);
      let list = this.appended.get(termId);
      if (!list) this.appended.set(termId, (list = { slots: [], impacts: [] }));
      // Keep best first: after every posting with a higher impact, or an equal one of a newer agent.
      let low = 0;
      let high = list.slots.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.ranksBefore(list.impacts[middle]!, list.slots[middle]!, impact, slot)) low = middle + 1;
        else high = middle;
      }
      list.slots.splice(low, 0, slot);
      list.impacts.splice(low, 0, impact);
      this.appendedCount += 1;
    }
    this.compactIfWorthIt();
  }

  /** Removes one agent's document, if it is there. */
  remove(agentId: number): void {
    const slot = this.slotOfAgent.get(agentId);
    if (slot === undefined) return;
    this.keptRankings.clear();
    this.slotOfAgent.delete(agentId);
    this.slotFlags[slot]! &= ~ALIVE;
    this.liveCount -= 1;
    this.liveLength -= this.slotLength[slot]!;
    this.deadPostings += this.slotTermStart[slot + 1]! - this.slotTermStart[slot]!;
  }

  /**
   * The documents matching every word (as a prefix) and the filters, best first: how many (counted up
   * to `cap`), and the agent ids of the page asked for.
   */
  rank(
    words: readonly string[],
    filters: SearchFilters,
    page: { offset: number; limit: number; cap: number },
  ): { total: number; agentIds: number[] } {
    const needed = Math.min(page.offset + page.limit, page.cap);
    // A filter the index does not hold (agentIds) changes without the index: never kept.
    const key = filters.agentIds || filters.excludedIds ? undefined : rankingKey(words, filters, page.cap);
    const kept = key === undefined ? undefined : this.keptRankings.get(key);
    if (kept && (kept.agentIds.length >= needed || kept.agentIds.length === Math.min(kept.total, page.cap))) {
      // Asked again: the most recently used are the last to go.
      this.keptRankings.delete(key!);
      this.keptRankings.set(key!, kept);
      return { total: kept.total, agentIds: Array.from(kept.agentIds.subarray(page.offset, needed)) };
    }
    const depth = key === undefined ? needed : Math.max(needed, Math.min(KEPT_RANKING_DEPTH, page.cap));
    const plan = this.plan(words);
    let total = 0;
    let ranked: number[] = [];
    if (plan) {
      const best = new TopScores(depth, this.slotAgent);
      this.walk(plan, filters, true, (slot, score, bound) => {
        if (total < page.cap) total += 1;
        best.offer(slot, score);
        // Settled: no document further down can reach the ranking, and the count is at its cap.
        return !(total >= page.cap && best.isFull() && bound < best.lowestScore());
      });
      ranked = best.inOrder().map((slot) => this.slotAgent[slot]!);
    }
    if (key !== undefined) {
      this.keptRankings.set(key, { total, agentIds: Int32Array.from(ranked) });
      if (this.keptRankings.size > KEPT_RANKINGS_MAX)
        this.keptRankings.delete(this.keptRankings.keys().next().value!);
    }
    return { total, agentIds: ranked.slice(page.offset, needed) };
  }

  /** Every document matching every word and the filters, in no order, to be ordered by something else. */
  match(words: readonly string[], filters: SearchFilters): Int32Array {
    const plan = this.plan(words);
    if (!plan) return new Int32Array(0);
    const agentIds: number[] = [];
    this.walk(plan, filters, false, (slot) => {
      agentIds.push(this.slotAgent[slot]!);
      return true;
    });
    return Int32Array.from(agentIds);
  }

  /** Whether some indexed term starts with this word (a word being typed). */
  hasTermStartingWith(prefix: string): boolean {
    const index = this.lowerBound(prefix);
    return index < this.sortedTermIds.length && this.sortedTerm(index).startsWith(prefix);
  }

  /** Every indexed term with the number of documents it was indexed in (for spelling suggestions). */
  *vocabulary(): Generator<[string, number]> {
    for (let termId = 0; termId < this.terms.length; termId += 1) {
      const count = this.documentFrequency(termId);
      if (count > 0) yield [this.terms[termId]!, count];
    }
  }

  // ---- building ----

  /** Gives a document a slot and records its terms with their weighted counts. */
  private addSlot(document: SearchDocument): number {
    const slot = this.slotCount;
    this.ensureSlotCapacity(slot + 2);
    const counts = new Map<number, number>();
    let length = 0;
    const addField = (text: string, weight: number) => {
      for (const word of searchWords(text)) {
        length += 1;
        const termId = this.termIdOf(word);
        counts.set(termId, (counts.get(termId) ?? 0) + weight);
      }
    };
    addField(document.name, FIELD_WEIGHTS.name);
    addField(document.tagline, FIELD_WEIGHTS.tagline);
    addField(document.description, FIELD_WEIGHTS.description);
    addField(document.tags.join(' '), FIELD_WEIGHTS.tags);
    this.ensureForwardCapacity(this.forwardCount + counts.size);
    for (const [termId, count] of counts) {
      this.forwardTerms[this.forwardCount] = termId;
      this.forwardCounts[this.forwardCount] = Math.min(count, 0xffff);
      this.forwardCount += 1;
    }
    this.slotTermStart[slot + 1] = this.forwardCount;
    this.slotAgent[slot] = document.id;
    this.slotCategory[slot] = document.categoryId;
    this.slotPricing[slot] = pricingModels.indexOf(document.pricing);
    this.slotFlags[slot] = ALIVE | (document.verified ? VERIFIED : 0);
    this.slotLength[slot] = length;
    this.slotCount += 1;
    this.liveCount += 1;
    this.liveLength += length;
    this.slotOfAgent.set(document.id, slot);
    return slot;
  }

  private termIdOf(term: string): number {
    const building = this.buildTermIds;
    let at = 0;
    if (building) {
      const known = building.get(term);
      if (known !== undefined) return known;
    } else {
      at = this.lowerBound(term);
      if (at < this.sortedTermIds.length && this.sortedTerm(at) === term) return this.sortedTermIds[at]!;
    }
    const termId = this.terms.length;
    this.terms.push(term);
    if (building) building.set(term, termId);
    else {
      // A term new since the build: keep the alphabetical order.
      const sorted = new Int32Array(this.sortedTermIds.length + 1);
      sorted.set(this.sortedTermIds.subarray(0, at));
      sorted[at] = termId;
      sorted.set(this.sortedTermIds.subarray(at), at + 1);
      this.sortedTermIds = sorted;
    }
    if (this.termBits.length < this.terms.length) {
      const capacity = Math.max(64, this.terms.length * 2);
      this.termBits = grown(this.termBits, new Uint8Array(capacity));
      this.termIdf = new Float64Array(capacity);
    }
    return termId;
  }

  /** Makes the postings of every live document, best first, from the documents' terms. */
  private freeze(): void {
    const termCount = this.terms.length;
    const start = new Int32Array(termCount + 1);
    for (let slot = 0; slot < this.slotCount; slot += 1) {
      if (!(this.slotFlags[slot]! & ALIVE)) continue;
      for (let at = this.slotTermStart[slot]!; at < this.slotTermStart[slot + 1]!; at += 1)
        start[this.forwardTerms[at]! + 1]! += 1;
    }
    for (let termId = 0; termId < termCount; termId += 1) start[termId + 1]! += start[termId]!;
    const slots = new Int32Array(start[termCount]!);
    const impacts = new Float32Array(start[termCount]!);
    const fill = start.slice(0, termCount);
    const averageLength = this.averageLength();
    for (let slot = 0; slot < this.slotCount; slot += 1) {
      if (!(this.slotFlags[slot]! & ALIVE)) continue;
      for (let at = this.slotTermStart[slot]!; at < this.slotTermStart[slot + 1]!; at += 1) {
        const position = fill[this.forwardTerms[at]!]!++;
        slots[position] = slot;
        impacts[position] = this.impact(this.forwardCounts[at]!, this.slotLength[slot]!, averageLength);
      }
    }
    for (let termId = 0; termId < termCount; termId += 1)
      this.sortPostings(slots, impacts, start[termId]!, start[termId + 1]!);
    this.postingStart = start;
    this.postingSlots = slots;
    this.postingImpacts = impacts;
    this.appended = new Map();
    this.appendedCount = 0;
    this.deadPostings = 0;
    const order = Int32Array.from(this.terms, (_, termId) => termId);
    order.sort((a, b) => compareTerms(this.terms[a]!, this.terms[b]!));
    this.sortedTermIds = order;
  }

  /** Orders one term's postings best first (higher impact, then the newer agent). */
  private sortPostings(slots: Int32Array, impacts: Float32Array, from: number, to: number): void {
    if (to - from < 2) return;
    const order = new Int32Array(to - from).map((_, index) => from + index);
    order.sort(
      (a, b) => impacts[b]! - impacts[a]! || this.slotAgent[slots[b]!]! - this.slotAgent[slots[a]!]!,
    );
    const sortedSlots = Int32Array.from(order, (position) => slots[position]!);
    const sortedImpacts = Float32Array.from(order, (position) => impacts[position]!);
    slots.set(sortedSlots, from);
    impacts.set(sortedImpacts, from);
  }

  /** Rebuilds without dead documents once enough has changed since the last build. */
  private compactIfWorthIt(): void {
    if (this.appendedCount + this.deadPostings < Math.max(64, this.forwardCount * COMPACT_SHARE)) return;
    // Live documents move down over the dead ones; reading always stays ahead of writing.
    let nextSlot = 0;
    let nextTerm = 0;
    for (let slot = 0; slot < this.slotCount; slot += 1) {
      const from = this.slotTermStart[slot]!;
      const to = this.slotTermStart[slot + 1]!;
      if (!(this.slotFlags[slot]! & ALIVE)) continue;
      this.slotAgent[nextSlot] = this.slotAgent[slot]!;
      this.slotCategory[nextSlot] = this.slotCategory[slot]!;
      this.slotPricing[nextSlot] = this.slotPricing[slot]!;
      this.slotFlags[nextSlot] = this.slotFlags[slot]!;
      this.slotLength[nextSlot] = this.slotLength[slot]!;
      this.slotTermStart[nextSlot] = nextTerm;
      this.forwardTerms.copyWithin(nextTerm, from, to);
      this.forwardCounts.copyWithin(nextTerm, from, to);
      nextTerm += to - from;
      this.slotOfAgent.set(this.slotAgent[nextSlot]!, nextSlot);
      nextSlot += 1;
    }
    this.slotTermStart[nextSlot] = nextTerm;
    this.slotCount = nextSlot;
    this.forwardCount = nextTerm;
    this.freeze();
  }

  private ensureSlotCapacity(wanted: number): void {
    if (wanted <= this.slotAgent.length) return;
    const capacity = Math.max(wanted, Math.ceil(this.slotAgent.length * 1.5), 64);
    this.slotAgent = grown(this.slotAgent, new Int32Array(capacity));
    this.slotCategory = grown(this.slotCategory, new Int32Array(capacity));
    this.slotPricing = grown(this.slotPricing, new Uint8Array(capacity));
    this.slotFlags = grown(this.slotFlags, new Uint8Array(capacity));
    this.slotLength = grown(this.slotLength, new Float32Array(capacity));
    this.slotTermStart = grown(this.slotTermStart, new Int32Array(capacity + 1));
    this.seen = new Uint32Array(capacity);
    this.seenStamp = 0;
  }

  private ensureForwardCapacity(wanted: number): void {
    if (wanted <= this.forwardTerms.length) return;
    const capacity = Math.max(wanted, Math.ceil(this.forwardTerms.length * 1.5), 256);
    this.forwardTerms = grown(this.forwardTerms, new Int32Array(capacity));
    this.forwardCounts = grown(this.forwardCounts, new Uint16Array(capacity));
  }

  // ---- querying ----

  private averageLength(): number {
    return this.liveCount > 0 ? this.liveLength / this.liveCount || 1 : 1;
  }

  /** BM25's term-frequency part for a weighted count in a document of this length. */
  private impact(count: number, length: number, averageLength: number): number {
    return (count * (BM25_K1 + 1)) / (count + BM25_K1 * (1 - BM25_B + (BM25_B * length) / averageLength));
  }

  /** Where a term's built postings are; terms new since the build have none there. */
  private builtRange(termId: number): [from: number, to: number] {
    if (termId + 1 >= this.postingStart.length) return [0, 0];
    return [this.postingStart[termId]!, this.postingStart[termId + 1]!];
  }

  private documentFrequency(termId: number): number {
    const [from, to] = this.builtRange(termId);
    return to - from + (this.appended.get(termId)?.slots.length ?? 0);
  }

  /** BM25's inverse document frequency, never negative (FTS5 floors it the same way). */
  private idf(termId: number): number {
    const frequency = Math.min(this.documentFrequency(termId), this.liveCount);
    return Math.max(Math.log((this.liveCount - frequency + 0.5) / (frequency + 0.5)), 1e-6);
  }

  /** Whether (impact a, slot a) comes before (impact b, slot b) in a term's postings. */
  private ranksBefore(impactA: number, slotA: number, impactB: number, slotB: number): boolean {
    return impactA > impactB || (impactA === impactB && this.slotAgent[slotA]! > this.slotAgent[slotB]!);
  }

  /** The term at this place in alphabetical order. */
  private sortedTerm(index: number): string {
    return this.terms[this.sortedTermIds[index]!]!;
  }

  /** First place in alphabetical order whose term is not before `term`. */
  private lowerBound(term: string): number {
    let low = 0;
    let high = this.sortedTermIds.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareTerms(this.sortedTerm(middle), term) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The ids of the terms a query word is a prefix of. */
  private expansions(word: string): number[] {
    const found: number[] = [];
    for (let index = this.lowerBound(word); index < this.sortedTermIds.length; index += 1) {
      if (!this.sortedTerm(index).startsWith(word)) break;
      found.push(this.sortedTermIds[index]!);
    }
    return found;
  }

  /** Chooses the word to walk (the one with fewest postings) and marks the others' terms. */
  private plan(words: readonly string[]): Plan | null {
    const unique = [...new Set(words)];
    if (unique.length === 0 || this.liveCount === 0) return null;
    const expanded = unique.map((word) => {
      const termIds = this.expansions(word);
      let postings = 0;
      for (const termId of termIds) postings += this.documentFrequency(termId);
      return { termIds, postings };
    });
    if (expanded.some((word) => word.postings === 0)) return null;
    expanded.sort((a, b) => a.postings - b.postings);
    const [driverWord, ...otherWords] = expanded;
    const driver: Cursor[] = [];
    for (const termId of driverWord!.termIds) {
      const idf = this.idf(termId);
      const [from, to] = this.builtRange(termId);
      if (to > from)
        driver.push({ idf, slots: this.postingSlots, impacts: this.postingImpacts, at: from, end: to });
      const extra = this.appended.get(termId);
      if (extra?.slots.length)
        driver.push({ idf, slots: extra.slots, impacts: extra.impacts, at: 0, end: extra.slots.length });
    }
    const marked: number[] = [];
    let scoreArrays = 0;
    const others = otherWords.map((word, index) => {
      const bit = 1 << index;
      let maxScore = 0;
      for (const termId of word.termIds) {
        this.termIdf[termId] = this.idf(termId);
        const [from, to] = this.builtRange(termId);
        const topImpact = Math.max(
          from < to ? this.postingImpacts[from]! : 0,
          this.appended.get(termId)?.impacts[0] ?? 0,
        );
        maxScore = Math.max(maxScore, this.termIdf[termId]! * topImpact);
      }
      // Spreading a word costs its postings; reading the documents' terms costs the walked ones'.
      if (word.postings <= driverWord!.postings * SPREAD_FACTOR) {
        const scores = this.scoreArray(scoreArrays++);
        this.spread(word.termIds, scores);
        return { bit: 0, maxScore, scores, termIds: word.termIds };
      }
      for (const termId of word.termIds) {
        if (this.termBits[termId] === 0) marked.push(termId);
        this.termBits[termId]! |= bit;
      }
      return { bit, maxScore, termIds: word.termIds };
    });
    const othersMaxScore = others.reduce((sum, other) => sum + other.maxScore, 0);
    const allBits = others.reduce((bits, other) => bits | other.bit, 0);
    return { driver, others, marked, othersMaxScore, allBits };
  }

  /**
   * Writes into `scores` each document's best idf-weighted impact among these terms (dead documents'
   * included). Plain loops over the typed arrays: a word every fifth agent has spreads 20,000 postings.
   */
  private spread(termIds: readonly number[], scores: Float32Array): void {
    for (const termId of termIds) {
      const idf = this.termIdf[termId]!;
      const [from, to] = this.builtRange(termId);
      const slots = this.postingSlots;
      const impacts = this.postingImpacts;
      for (let at = from; at < to; at += 1) {
        const slot = slots[at]!;
        const score = idf * impacts[at]!;
        if (score > scores[slot]!) scores[slot] = score;
      }
      const extra = this.appended.get(termId);
      if (extra)
        for (let at = 0; at < extra.slots.length; at += 1) {
          const score = idf * extra.impacts[at]!;
          if (score > scores[extra.slots[at]!]!) scores[extra.slots[at]!] = score;
        }
    }
  }

  /** Sets back to zero what spread() wrote. */
  private unspread(termIds: readonly number[], scores: Float32Array): void {
    let postings = 0;
    for (const termId of termIds) postings += this.documentFrequency(termId);
    // Zeroing the whole array is one sequential pass: cheaper than as many writes at random places
    // once a word is in more than a sixteenth of the documents.
    if (postings * 16 > scores.length) {
      scores.fill(0);
      return;
    }
    for (const termId of termIds) {
      const [from, to] = this.builtRange(termId);
      const slots = this.postingSlots;
      for (let at = from; at < to; at += 1) scores[slots[at]!] = 0;
      const extra = this.appended.get(termId);
      if (extra) for (const slot of extra.slots) scores[slot] = 0;
    }
  }

  /** The index-th scratch array of scores per slot (all zero between queries). */
  private scoreArray(index: number): Float32Array {
    let scores = this.spreadScores[index];
    if (!scores || scores.length < this.slotAgent.length) {
      scores = new Float32Array(this.slotAgent.length);
      this.spreadScores[index] = scores;
    }
    return scores;
  }

  /**
   * Visits each live document matching the plan and the filters once, with its score and the most any
   * document after it can score (best first when `ordered`), until `visit` returns false.
   */
  private walk(
    plan: Plan,
    filters: SearchFilters,
    ordered: boolean,
    visit: (slot: number, score: number, bound: number) => boolean,
  ): void {
    this.seenStamp = (this.seenStamp + 1) >>> 0;
    if (this.seenStamp === 0) {
      this.seen.fill(0);
      this.seenStamp = 1;
    }
    const stamp = this.seenStamp;
    const filter: SlotFilter = {
      category: filters.categoryId ?? -1,
      pricing: filters.pricing === undefined ? -1 : pricingModels.indexOf(filters.pricing),
      verified: filters.verified,
      allowedAgents: filters.agentIds,
      excludedAgents: filters.excludedIds,
    };
    const averageLength = this.averageLength();
    const wordScores = new Float64Array(plan.others.length);
    const spreads = plan.others.flatMap((other) => (other.scores ? [other.scores] : []));
    try {
      // One term walked and every other word spread: its postings in a plain loop. A term lists a
      // document once, so nothing needs marking as seen (a third of the walk's time went to the
      // cursor heap and the marks).
      if (plan.allBits === 0 && plan.driver.length === 1) {
        const { slots, impacts, idf, at: from, end } = plan.driver[0]!;
        // The common two-word search, without filters: the other word's score is read first, since
        // most postings lack it, and nothing else but the alive flag (ranking 181 -> 155 µs a query
        // at 100,000 agents, the bench's two-word searches replayed on one index).
        if (spreads.length === 1 && this.unfiltered(filter)) {
          const spread = spreads[0]!;
          const flags = this.slotFlags;
          for (let at = from; at < end; at += 1) {
            const slot = slots[at]!;
            const otherScore = spread[slot]!;
            if (otherScore === 0 || !(flags[slot]! & ALIVE)) continue;
            const driverScore = idf * impacts[at]!;
            if (!visit(slot, driverScore + otherScore, driverScore + plan.othersMaxScore)) return;
          }
          return;
        }
        for (let at = from; at < end; at += 1) {
          const slot = slots[at]!;
          const driverScore = idf * impacts[at]!;
          const score = withSpreadScores(slot, driverScore, spreads);
          if (score < 0 || !this.passes(slot, filter)) continue;
          if (!visit(slot, score, driverScore + plan.othersMaxScore)) return;
        }
        return;
      }
      const heap = new CursorHeap(plan.driver, this.slotAgent, ordered);
      for (;;) {
        const cursor = heap.top();
        if (!cursor) return;
        const slot = cursor.slots[cursor.at]!;
        const driverScore = cursor.idf * cursor.impacts[cursor.at]!;
        heap.advance();
        if (this.seen[slot] === stamp) continue;
        this.seen[slot] = stamp;
        if (!this.passes(slot, filter)) continue;
        let score = withSpreadScores(slot, driverScore, spreads);
        if (score < 0) continue;
        if (plan.allBits !== 0) {
          const otherScore = ordered
            ? this.otherWordsScore(slot, plan, wordScores, averageLength)
            : this.hasOtherWords(slot, plan.allBits)
              ? 0
              : -1;
          if (otherScore < 0) continue;
          score += otherScore;
        }
        if (!visit(slot, score, driverScore + plan.othersMaxScore)) return;
      }
    } finally {
      for (const termId of plan.marked) this.termBits[termId] = 0;
      for (const other of plan.others) {
        const scores = other.scores;
        if (scores) this.unspread(other.termIds, scores);
      }
    }
  }

  /** Whether a walk keeps every live document. */
  private unfiltered(filter: SlotFilter): boolean {
    return (
      filter.category < 0 &&
      filter.pricing < 0 &&
      filter.verified === undefined &&
      !filter.allowedAgents &&
      !filter.excludedAgents
    );
  }

  /** Whether a document is alive and passes the filters. */
  private passes(slot: number, filter: SlotFilter): boolean {
    const flags = this.slotFlags[slot]!;
    if (!(flags & ALIVE)) return false;
    if (filter.category >= 0 && this.slotCategory[slot] !== filter.category) return false;
    if (filter.pricing >= 0 && this.slotPricing[slot] !== filter.pricing) return false;
    if (filter.verified !== undefined && Boolean(flags & VERIFIED) !== filter.verified) return false;
    if (filter.excludedAgents?.has(this.slotAgent[slot]!)) return false;
    return !filter.allowedAgents || filter.allowedAgents.has(this.slotAgent[slot]!);
  }

  /** Whether a document has a term of each other word (every bit of allBits). */
  private hasOtherWords(slot: number, allBits: number): boolean {
    let found = 0;
    for (let at = this.slotTermStart[slot]!; at < this.slotTermStart[slot + 1]!; at += 1) {
      found |= this.termBits[this.forwardTerms[at]!]!;
      if (found === allBits) return true;
    }
    return false;
  }

  /** What the words found by their bits add to a document's score, from its own terms; -1 when one is missing. */
  private otherWordsScore(slot: number, plan: Plan, wordScores: Float64Array, averageLength: number): number {
    wordScores.fill(-1);
    for (let index = 0; index < plan.others.length; index += 1)
      if (!plan.others[index]!.bit) wordScores[index] = 0;
    const length = this.slotLength[slot]!;
    for (let at = this.slotTermStart[slot]!; at < this.slotTermStart[slot + 1]!; at += 1) {
      const termId = this.forwardTerms[at]!;
      const bits = this.termBits[termId]!;
      if (bits === 0) continue;
      const score = this.termIdf[termId]! * this.impact(this.forwardCounts[at]!, length, averageLength);
      for (let index = 0; index < plan.others.length; index += 1)
        if (bits & plan.others[index]!.bit && score > wordScores[index]!) wordScores[index] = score;
    }
    let total = 0;
    for (const score of wordScores) {
      if (score < 0) return -1;
      total += score;
    }
    return total;
  }
}

/** The cursors of the walked word's terms, the one with the best next posting on top. */
class CursorHeap {
  private readonly cursors: Cursor[];

  constructor(
    cursors: readonly Cursor[],
    private readonly slotAgent: Int32Array,
    private readonly ordered: boolean,
  ) {
    this.cursors = cursors.filter((cursor) => cursor.at < cursor.end).map((cursor) => ({ ...cursor }));
    if (ordered)
      for (let index = (this.cursors.length >> 1) - 1; index >= 0; index -= 1) this.siftDown(index);
  }

  top(): Cursor | undefined {
    return this.cursors[0];
  }

  /** Moves the top cursor to its next posting. */
  advance(): void {
    const cursor = this.cursors[0]!;
    cursor.at += 1;
    if (cursor.at === cursor.end) {
      const last = this.cursors.pop()!;
      if (this.cursors.length === 0) return;
      this.cursors[0] = last;
    }
    if (this.ordered) this.siftDown(0);
  }

  private before(a: Cursor, b: Cursor): boolean {
    const scoreA = a.idf * a.impacts[a.at]!;
    const scoreB = b.idf * b.impacts[b.at]!;
    return (
      scoreA > scoreB ||
      (scoreA === scoreB && this.slotAgent[a.slots[a.at]!]! > this.slotAgent[b.slots[b.at]!]!)
    );
  }

  private siftDown(start: number): void {
    const cursors = this.cursors;
    let index = start;
    for (;;) {
      const left = index * 2 + 1;
      let best = index;
      if (left < cursors.length && this.before(cursors[left]!, cursors[best]!)) best = left;
      if (left + 1 < cursors.length && this.before(cursors[left + 1]!, cursors[best]!)) best = left + 1;
      if (best === index) return;
      [cursors[index], cursors[best]] = [cursors[best]!, cursors[index]!];
      index = best;
    }
  }
}

/** The best `capacity` documents offered so far (higher score, then the newer agent). */
class TopScores {
  private readonly slots: number[] = [];
  private readonly scores: number[] = [];

  constructor(
    private readonly capacity: number,
    private readonly slotAgent: Int32Array,
  ) {}

  isFull(): boolean {
    return this.slots.length >= this.capacity;
  }

  lowestScore(): number {
    return this.scores[0] ?? -Infinity;
  }

  /** A min-heap: most documents lose against its root and cost one comparison. */
  offer(slot: number, score: number): void {
    if (this.capacity === 0) return;
    if (this.slots.length < this.capacity) {
      this.slots.push(slot);
      this.scores.push(score);
      let index = this.slots.length - 1;
      while (index > 0) {
        const parent = (index - 1) >> 1;
        if (!this.worse(index, parent)) break;
        this.swap(index, parent);
        index = parent;
      }
      return;
    }
    const rootScore = this.scores[0]!;
    if (score < rootScore || (score === rootScore && this.slotAgent[slot]! < this.slotAgent[this.slots[0]!]!))
      return;
    this.slots[0] = slot;
    this.scores[0] = score;
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      let worst = index;
      if (left < this.slots.length && this.worse(left, worst)) worst = left;
      if (left + 1 < this.slots.length && this.worse(left + 1, worst)) worst = left + 1;
      if (worst === index) return;
      this.swap(index, worst);
      index = worst;
    }
  }

  /** The slots, best first. */
  inOrder(): number[] {
    const order = this.slots.map((_, index) => index);
    order.sort((a, b) => (this.worse(a, b) ? 1 : this.worse(b, a) ? -1 : 0));
    return order.map((index) => this.slots[index]!);
  }

  private worse(a: number, b: number): boolean {
    const scoreA = this.scores[a]!;
    const scoreB = this.scores[b]!;
    return (
      scoreA < scoreB ||
      (scoreA === scoreB && this.slotAgent[this.slots[a]!]! < this.slotAgent[this.slots[b]!]!)
    );
  }

  private swap(a: number, b: number): void {
    [this.slots[a], this.slots[b]] = [this.slots[b]!, this.slots[a]!];
    [this.scores[a], this.scores[b]] = [this.scores[b]!, this.scores[a]!];
  }
}

function grown<T extends Int32Array | Uint8Array | Uint16Array | Float32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** Code-unit order, the same everywhere (localeCompare would depend on the machine's locale). */
function compareTerms(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
