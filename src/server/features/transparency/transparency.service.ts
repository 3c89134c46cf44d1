import canonicalize from 'canonicalize';
import type { TreeHead } from '../../../shared/api/tool-record.js';
import { TRANSPARENCY_ENTRIES_MAX, TREE_HEAD_JWS_TYPE } from '../../../shared/api/transparency.js';
import type { Db } from '../../db/database.js';
import { invalid } from '../../errors.js';
import {
  currentSigningKey,
  signPayload,
  type SigningKeysDeps,
} from '../signing-keys/signing-keys.service.js';
import {
  appendToFrontier,
  consistencyPathRanges,
  EMPTY_ROOT,
  foldSubtrees,
  inclusionPathRanges,
  subtreesOf,
  type LeafRange,
} from './merkle.js';
import { subtreeKey, type TransparencyRepo, type TreeHeadRow } from './transparency.repo.js';

export interface TransparencyDeps {
  db: Db;
  log: TransparencyRepo;
  signing: SigningKeysDeps;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** The signed payload of a tree head: the RFC 8785 canonical JSON of {treeSize, rootHash, timestamp}. */
export function treeHeadPayload(head: Pick<TreeHead, 'treeSize' | 'rootHash' | 'timestamp'>): string {
  return canonicalize({ treeSize: head.treeSize, rootHash: head.rootHash, timestamp: head.timestamp })!;
}

async function signedHead(
  deps: TransparencyDeps,
  treeSize: number,
  rootHash: string,
): Promise<Omit<TreeHeadRow, 'id'>> {
  const timestamp = new Date().toISOString();
  const { jws, kid } = await signPayload(deps.signing, treeHeadPayload({ treeSize, rootHash, timestamp }), {
    typ: TREE_HEAD_JWS_TYPE,
  });
  return { tree_size: treeSize, root_hash: rootHash, timestamp, kid, jws };
}

const presentHead = (row: TreeHeadRow): TreeHead => ({
  treeSize: row.tree_size,
  rootHash: row.root_hash,
  timestamp: row.timestamp,
  signature: row.jws,
});

/** The latest signed tree head; an empty log's (size 0, SHA-256 of nothing) is signed on first ask. */
export async function latestTreeHead(deps: TransparencyDeps): Promise<TreeHead> {
  const latest = await deps.log.latestHead();
  if (latest) return presentHead(latest);
  const head = await signedHead(deps, 0, hex(EMPTY_ROOT));
  await deps.log.insertHead(head);
  // Should the writer have signed a head meanwhile, that one is the latest.
  return presentHead((await deps.log.latestHead())!);
}

async function treeSizeNow(deps: TransparencyDeps): Promise<number> {
  return (await deps.log.latestHead())?.tree_size ?? 0;
}

export async function listEntries(deps: TransparencyDeps, query: { start: number; end: number }) {
  const size = await treeSizeNow(deps);
  const end = Math.min(query.end, query.start + TRANSPARENCY_ENTRIES_MAX - 1, size - 1);
  if (query.start >= size) return { entries: [] };
  const rows = await deps.log.entries(query.start, end);
  return { entries: rows.map((row) => ({ index: row.idx, leaf: row.leaf, leafHash: row.leaf_hash })) };
}

/** MTH of each range, from the stored complete subtrees that tile it (one read for all). */
async function rangeHashes(deps: TransparencyDeps, ranges: readonly LeafRange[]): Promise<string[]> {
  const tiles = ranges.map(subtreesOf);
  const stored = await deps.log.subtreeHashes(tiles.flat());
  return tiles.map((rangeTiles) =>
    hex(
      foldSubtrees(
        rangeTiles.map((tile) => {
          const hash = stored.get(subtreeKey(tile));
          if (hash === undefined)
            throw new Error(`the log has no stored hash of subtree ${subtreeKey(tile)}`);
          return Buffer.from(hash, 'hex');
        }),
      ),
    ),
  );
}

function notLargerThanLog(name: string, value: number, size: number) {
  if (value > size)
    throw invalid(`${name} ${value} is larger than the log: its latest tree head has ${size} entries.`, {
      [name]: [`must be at most ${size}`],
    });
}

export async function inclusionProof(deps: TransparencyDeps, query: { index: number; treeSize: number }) {
  notLargerThanLog('treeSize', query.treeSize, await treeSizeNow(deps));
  return { auditPath: await rangeHashes(deps, inclusionPathRanges(query.index, query.treeSize)) };
}

export async function consistencyProof(deps: TransparencyDeps, query: { first: number; second: number }) {
  notLargerThanLog('second', query.second, await treeSizeNow(deps));
  return { consistencyPath: await rangeHashes(deps, consistencyPathRanges(query.first, query.second)) };
}

export type AppendOutcome = { appended: number; treeSize: number } | { lostLease: true };

/**
 * Appends the oldest queued observations (up to `batch`) and signs the new tree head. Hashing and
 * signing happen before the transaction, which only writes: it first checks that this instance still
 * holds the lease (on PostgreSQL, locking it) and that the log has not grown meanwhile, so two
 * writers can never both append; a failed check appends nothing.
 */
export async function appendQueued(
  deps: TransparencyDeps,
  options: { owner: string; leaseMs: number; batch: number },
): Promise<AppendOutcome> {
  const queued = await deps.log.queueHead(options.batch);
  const latest = await deps.log.latestHead();
  const size = latest?.tree_size ?? 0;
  if (queued.length === 0) {
    // Nothing to append. An empty log gets its head when first asked (latestTreeHead); an idle one
    // keeps its head unless a rotation retired the key that signed it: then the same head is signed
    // again, so a retired key is needed only for older heads.
    if (!latest || latest.kid === (await currentSigningKey(deps.signing)).kid)
      return { appended: 0, treeSize: size };
  }
  const frontierTiles = subtreesOf({ start: 0, end: size });
  const stored = await deps.log.subtreeHashes(frontierTiles);
  const frontier = {
    size,
    hashes: frontierTiles.map((tile) => Buffer.from(stored.get(subtreeKey(tile))!, 'hex')),
  };
  const leafHashes = queued.map((row) => Buffer.from(row.leaf_hash, 'hex'));
  const appended = appendToFrontier(frontier, leafHashes);
  const head = await signedHead(deps, appended.frontier.size, hex(appended.root));
  const now = Date.now();
  const at = new Date(now).toISOString();
  const ok = await deps.db.kysely.transaction().execute(async (trx) => {
    const held = await deps.log.renewLease(
      { owner: options.owner, now: at, until: new Date(now + options.leaseMs).toISOString() },
      trx,
    );
    if (!held) return false;
    if (((await deps.log.latestHead(trx))?.tree_size ?? 0) !== size) return false;
    await deps.log.insertLeaves(
      queued.map((row, i) => ({ idx: size + i, leaf: row.leaf, leaf_hash: row.leaf_hash, appended_at: at })),
      trx,
    );
    await deps.log.insertNodes(
      appended.completed.map((node) => ({ level: node.level, idx: node.index, hash: hex(node.hash) })),
      trx,
    );
    await deps.log.insertHead(head, trx);
    if (
      (await deps.log.dequeue(
        queued.map((row) => row.id),
        trx,
      )) !== queued.length
    )
      throw new Error('queued observations vanished while being appended');
    return true;
  });
  return ok ? { appended: queued.length, treeSize: appended.frontier.size } : { lostLease: true };
}
