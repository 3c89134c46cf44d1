import type { Db, Executor } from '../../db/database.js';
import type {
  TransparencyLeavesTable,
  TransparencyQueueTable,
  TransparencyTreeHeadsTable,
} from '../../db/schema.js';
import type { Subtree } from './merkle.js';

/** Rows per multi-row insert: well under SQLite's and PostgreSQL's limits on bound values. */
const INSERT_CHUNK = 500;
const WRITER_ROW_ID = 1;

export type QueuedObservation = Omit<TransparencyQueueTable, 'id'> & { id: number };
export type TreeHeadRow = Omit<TransparencyTreeHeadsTable, 'id'> & { id: number };
export type LeafRow = TransparencyLeavesTable;

const subtreeKey = (tree: Subtree) => `${tree.level}:${tree.index}`;

/**
 * The log's index of each leaf hash that was appended (the first, should one repeat); hashes still
 * queued or never seen are absent. For the tool record, to show `logIndex` on changes.
 */
export async function logIndexesByLeafHash(
  db: Db | Executor,
  leafHashes: readonly string[],
): Promise<Map<string, number>> {
  const k = 'kysely' in db ? db.kysely : db;
  const found = new Map<string, number>();
  const unique = [...new Set(leafHashes)];
  for (let i = 0; i < unique.length; i += INSERT_CHUNK) {
    const rows = await k
      .selectFrom('transparency_leaves')
      .select(['leaf_hash', 'idx'])
      .where('leaf_hash', 'in', unique.slice(i, i + INSERT_CHUNK))
      .execute();
    for (const row of rows) {
      const seen = found.get(row.leaf_hash);
      if (seen === undefined || row.idx < seen) found.set(row.leaf_hash, row.idx);
    }
  }
  return found;
}

/** Queues an observation in the caller's transaction (the probe's). */
export async function insertQueuedObservation(
  trx: Executor,
  values: Omit<QueuedObservation, 'id'>,
): Promise<void> {
  await trx.insertInto('transparency_queue').values(values).execute();
}

export function createTransparencyRepo(db: Db) {
  const k = db.kysely;
  return {
    /** The oldest queued observations, in the order they were queued. */
    async queueHead(limit: number): Promise<QueuedObservation[]> {
      return k.selectFrom('transparency_queue').selectAll().orderBy('id').limit(limit).execute();
    },

    async queueLength(): Promise<number> {
      const row = await k
        .selectFrom('transparency_queue')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async latestHead(trx: Executor = k): Promise<TreeHeadRow | null> {
      const row = await trx
        .selectFrom('transparency_tree_heads')
        .selectAll()
        // By size first: an empty log's head signed by a reader at the writer's first append never
        // becomes the latest; of one size (signed again after a key rotation), the newest.
        .orderBy('tree_size', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },

    /** The stored hashes of these complete subtrees (level 0: leaf hashes), keyed "level:index". */
    async subtreeHashes(trees: readonly Subtree[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      const leaves = trees.filter((tree) => tree.level === 0).map((tree) => tree.index);
      const nodes = trees.filter((tree) => tree.level > 0);
      if (leaves.length > 0) {
        const rows = await k
          .selectFrom('transparency_leaves')
          .select(['idx', 'leaf_hash'])
          .where('idx', 'in', [...new Set(leaves)])
          .execute();
        for (const row of rows) found.set(subtreeKey({ level: 0, index: row.idx }), row.leaf_hash);
      }
      if (nodes.length > 0) {
        const rows = await k
          .selectFrom('transparency_nodes')
          .select(['level', 'idx', 'hash'])
          .where((eb) =>
            eb.or(nodes.map((tree) => eb.and([eb('level', '=', tree.level), eb('idx', '=', tree.index)]))),
          )
          .execute();
        for (const row of rows) found.set(subtreeKey({ level: row.level, index: row.idx }), row.hash);
      }
      return found;
    },

    /** Leaves start … end (inclusive), in order. */
    async entries(start: number, end: number): Promise<LeafRow[]> {
      return k
        .selectFrom('transparency_leaves')
        .selectAll()
        .where('idx', '>=', start)
        .where('idx', '<=', end)
        .orderBy('idx')
        .execute();
    },

    /**
     * Takes the writer's lease when it is free, lapsed or already this instance's, and extends it;
     * false when another instance holds it.
     */
    async takeLease(options: { owner: string; now: string; until: string }): Promise<boolean> {
      await k
        .insertInto('transparency_writer')
        .values({ id: WRITER_ROW_ID, lease_owner: null, lease_until: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const result = await k
        .updateTable('transparency_writer')
        .set({ lease_owner: options.owner, lease_until: options.until })
        .where('id', '=', WRITER_ROW_ID)
        .where((eb) =>
          eb.or([
            eb('lease_owner', 'is', null),
            eb('lease_owner', '=', options.owner),
            eb('lease_until', '<', options.now),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Inside the append's transaction: extends the lease if this instance still holds it (on
     * PostgreSQL the row stays locked until commit, so appends are serialised); false if lost.
     */
    async renewLease(
      options: { owner: string; now: string; until: string },
      trx: Executor,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('transparency_writer')
        .set({ lease_until: options.until })
        .where('id', '=', WRITER_ROW_ID)
        .where('lease_owner', '=', options.owner)
        .where('lease_until', '>=', options.now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async releaseLease(owner: string): Promise<void> {
      await k
        .updateTable('transparency_writer')
        .set({ lease_owner: null, lease_until: null })
        .where('id', '=', WRITER_ROW_ID)
        .where('lease_owner', '=', owner)
        .execute();
    },

    async insertLeaves(rows: readonly LeafRow[], trx: Executor): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await trx
          .insertInto('transparency_leaves')
          .values(rows.slice(i, i + INSERT_CHUNK))
          .execute();
    },

    async insertNodes(
      rows: ReadonlyArray<{ level: number; idx: number; hash: string }>,
      trx: Executor,
    ): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await trx
          .insertInto('transparency_nodes')
          .values(rows.slice(i, i + INSERT_CHUNK))
          .execute();
    },

    async insertHead(row: Omit<TreeHeadRow, 'id'>, trx: Executor = k): Promise<void> {
      await trx.insertInto('transparency_tree_heads').values(row).execute();
    },

    /** Removes appended observations from the queue; answers how many were still there. */
    async dequeue(ids: readonly number[], trx: Executor): Promise<number> {
      let removed = 0;
      for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
        const result = await trx
          .deleteFrom('transparency_queue')
          .where('id', 'in', ids.slice(i, i + INSERT_CHUNK))
          .executeTakeFirst();
        removed += Number(result.numDeletedRows);
      }
      return removed;
    },
  };
}

export type TransparencyRepo = ReturnType<typeof createTransparencyRepo>;
export { subtreeKey };
