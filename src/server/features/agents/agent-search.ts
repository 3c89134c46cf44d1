import { readTags } from '../../db/json-columns.js';
import type { AgentsRepo } from './agents.repo.js';
import { SearchIndex, type SearchDocument } from './search-index.js';

/** A search matches at most this many agents; deeper pages of a broad query are not useful to anyone. */
export const SEARCH_RESULT_CAP = 1000;

/** The index is built this many agents at a time. */
const BUILD_STRETCH = 2000;
/** More changes than this since the last look: building anew is cheaper than applying them. */
const CHANGES_PER_SYNC_MAX = 5000;
/**
 * A change number missing below a present one belongs to a transaction still running (PostgreSQL
 * hands out numbers before commit) or rolled back; after this long it is taken as rolled back.
 */
const GAP_GRACE_MS = 10_000;
/** The change log keeps this many changes beyond the newest; an instance further behind rebuilds. */
const CHANGES_KEPT = 50_000;

type DocumentRow = Awaited<ReturnType<AgentsRepo['searchDocuments']>>[number];

function toDocument(row: DocumentRow): SearchDocument {
  return {
    id: row.id,
    name: row.name,
    tagline: row.tagline,
    description: row.description,
    tags: readTags(row.tags),
    categoryId: row.category_id,
    pricing: row.pricing,
    verified: row.verified === 1,
  };
}

/**
 * The search index of this instance, kept current with the database (decision 0015): before each
 * search it asks the change log for the newest change number, one indexed lookup, and applies what
 * it has not seen. A change committed anywhere, by this instance or another, is in the next search.
 */
export class AgentSearch {
  private index = new SearchIndex();
  private building: Promise<void> | undefined;
  private syncing: Promise<void> | undefined;
  /** Every change up to this number is in the index. */
  private appliedSeq = 0;
  /** Changes applied past appliedSeq, while a lower number is still missing. */
  private readonly appliedAbove = new Set<number>();
  /** Missing change numbers below applied ones, with when each was first seen missing. */
  private readonly gaps = new Map<number, number>();

  constructor(
    private readonly agents: AgentsRepo,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The index with every change committed before this call. */
  async current(): Promise<SearchIndex> {
    if (!this.building) this.building = this.build();
    await this.building;
    const latest = await this.agents.latestSearchChange();
    if (this.isBehind(latest)) {
      // A sync under way may have looked before our change: wait for it, then look again.
      if (this.syncing) await this.syncing;
      if (this.isBehind(latest)) {
        this.syncing ??= this.sync().finally(() => (this.syncing = undefined));
        await this.syncing;
      }
    }
    return this.index;
  }

  /** Forgets changes every instance has had time to read (the daily housekeeping). */
  async pruneChanges(): Promise<void> {
    const latest = await this.agents.latestSearchChange();
    if (latest > CHANGES_KEPT) await this.agents.pruneSearchChanges(latest - CHANGES_KEPT);
  }

  private isBehind(latest: number): boolean {
    return latest > this.highestApplied() || this.gaps.size > 0;
  }

  private highestApplied(): number {
    let highest = this.appliedSeq;
    for (const seq of this.appliedAbove) highest = Math.max(highest, seq);
    return highest;
  }

  private async build(): Promise<void> {
    try {
      // Read the change number first: whatever changes while the documents load is applied after.
      const seq = await this.agents.latestSearchChange();
      // Built aside, a stretch of documents at a time, so searches meanwhile use the index they had
      // and the documents are never all in memory at once (at 100,000 agents, tens of MB).
      const fresh = new SearchIndex();
      fresh.beginBuild();
      for (let afterId = 0; ;) {
        const rows = await this.agents.searchDocuments({ afterId, limit: BUILD_STRETCH });
        for (const row of rows) fresh.addToBuild(toDocument(row));
        if (rows.length < BUILD_STRETCH) break;
        afterId = rows[rows.length - 1]!.id;
      }
      fresh.endBuild();
      this.index = fresh;
      this.appliedSeq = seq;
      this.appliedAbove.clear();
      this.gaps.clear();
    } catch (error) {
      // The next search tries again (the database may be back by then).
      this.building = undefined;
      throw error;
    }
  }

  private async sync(): Promise<void> {
    const changes = await this.agents.searchChangesSince(this.appliedSeq, CHANGES_PER_SYNC_MAX);
    // Far behind (and perhaps past changes already pruned): building anew is the sure way.
    if (changes.length === CHANGES_PER_SYNC_MAX) {
      this.building = this.build();
      return this.building;
    }
    const fresh = changes.filter((change) => !this.appliedAbove.has(change.seq));
    const agentIds = [...new Set(fresh.map((change) => change.agentId))];
    if (agentIds.length > 0) {
      const rows = await this.agents.searchDocuments({ ids: agentIds });
      const published = new Map(rows.map((row) => [row.id, row]));
      for (const agentId of agentIds) {
        const row = published.get(agentId);
        if (row) this.index.upsert(toDocument(row));
        else this.index.remove(agentId);
      }
    }
    for (const change of fresh) this.appliedAbove.add(change.seq);
    this.advance();
  }

  /** Moves appliedSeq over every applied change, and over gaps older than GAP_GRACE_MS. */
  private advance(): void {
    const now = this.clock();
    const highest = this.highestApplied();
    while (this.appliedSeq < highest) {
      const next = this.appliedSeq + 1;
      if (this.appliedAbove.delete(next)) {
        this.gaps.delete(next);
        this.appliedSeq = next;
        continue;
      }
      const noticedAt = this.gaps.get(next);
      if (noticedAt === undefined) this.gaps.set(next, now);
      if (noticedAt === undefined || now - noticedAt < GAP_GRACE_MS) break;
      this.gaps.delete(next);
      this.appliedSeq = next;
    }
    // Gaps above the first one are noticed now too, so their grace starts with it.
    for (let seq = this.appliedSeq + 1; seq < highest; seq += 1)
      if (!this.appliedAbove.has(seq) && !this.gaps.has(seq)) this.gaps.set(seq, now);
  }
}
