import { createHash } from 'node:crypto';

/**
 * Merkle tree hashing and proofs of RFC 9162 section 2.1, over ranges of leaves rather than over a
 * list in memory: a proof is described as the ranges whose tree hashes it lists, and each range hash
 * is the fold of the complete ("perfect") subtrees that tile it, which the log stores. So a proof
 * at one million leaves reads about 2·log2(n) stored hashes, never the leaves.
 */

/** Leaves [start, end): half-open, 0-based. */
export interface LeafRange {
  start: number;
  end: number;
}

/** The complete subtree of 2^level leaves starting at leaf index·2^level. */
export interface Subtree {
  level: number;
  index: number;
}

/** MTH({}) = SHA-256() of the empty string. */
export const EMPTY_ROOT = createHash('sha256').digest();

/** RFC 9162 leaf hash: SHA-256(0x00 ‖ leaf). */
export function hashLeaf(leaf: string | Uint8Array): Buffer {
  return createHash('sha256')
    .update(Buffer.from([0x00]))
    .update(leaf)
    .digest();
}

/** RFC 9162 interior node: SHA-256(0x01 ‖ left ‖ right). */
export function hashChildren(left: Uint8Array, right: Uint8Array): Buffer {
  return createHash('sha256')
    .update(Buffer.from([0x01]))
    .update(left)
    .update(right)
    .digest();
}

/** The largest power of two smaller than n (n > 1): where MTH splits a list of n leaves. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The complete subtrees that tile [start, end), largest first. Every range a proof or a root needs
 * starts at a multiple of its largest power of two, so the tiles are aligned, and MTH of the range
 * is hashChildren(tile1, hashChildren(tile2, … tileN)): MTH splits off the largest power of two first.
 */
export function subtreesOf(range: LeafRange): Subtree[] {
  const tiles: Subtree[] = [];
  let start = range.start;
  let remaining = range.end - range.start;
  while (remaining > 0) {
    let size = 1;
    let level = 0;
    while (size * 2 <= remaining) {
      size *= 2;
      level += 1;
    }
    if (start % size !== 0) throw new Error(`range ${range.start}..${range.end} is not aligned`);
    tiles.push({ level, index: start / size });
    start += size;
    remaining -= size;
  }
  return tiles;
}

/** MTH of a range from the hashes of its tiles (subtreesOf order). */
export function foldSubtrees(hashes: readonly Uint8Array[]): Buffer {
  if (hashes.length === 0) return EMPTY_ROOT;
  let acc: Buffer = Buffer.from(hashes[hashes.length - 1]!);
  for (let i = hashes.length - 2; i >= 0; i -= 1) acc = hashChildren(hashes[i]!, acc);
  return acc;
}

/**
 * PATH(m, D[n]) of RFC 9162 section 2.1.3.1 as ranges, from the leaf's sibling up to the root's
 * other child: PATH(m, D[0:k]) : MTH(D[k:n]) when m < k, else PATH(m − k, D[k:n]) : MTH(D[0:k]).
 */
export function inclusionPathRanges(index: number, size: number): LeafRange[] {
  if (!(index >= 0 && index < size)) throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
  const path = (m: number, start: number, end: number): LeafRange[] => {
    const n = end - start;
    if (n === 1) return [];
    const k = splitPoint(n);
    if (m < k) return [...path(m, start, start + k), { start: start + k, end }];
    return [...path(m - k, start + k, end), { start, end: start + k }];
  };
  return path(index, 0, size);
}

/**
 * PROOF(m, D[n]) = SUBPROOF(m, D[n], true) of RFC 9162 section 2.1.4.1 as ranges, for 0 < m ≤ n
 * (empty when m = n).
 */
export function consistencyPathRanges(first: number, second: number): LeafRange[] {
  if (!(first > 0 && first <= second))
    throw new RangeError(`no consistency proof from ${first} to ${second}`);
  const subproof = (m: number, start: number, end: number, whole: boolean): LeafRange[] => {
    const n = end - start;
    if (m === n) return whole ? [] : [{ start, end }];
    const k = splitPoint(n);
    if (m <= k) return [...subproof(m, start, start + k, whole), { start: start + k, end }];
    return [...subproof(m - k, start + k, end, false), { start, end: start + k }];
  };
  return subproof(first, 0, second, true);
}

/**
 * An append-only tree's right edge: the complete subtrees tiling [0, size), largest first, with
 * their hashes. Appending leaves completes new subtrees (returned, to be stored) and gives the new root.
 */
export interface Frontier {
  size: number;
  /** Hashes of subtreesOf({start: 0, end: size}), in that order. */
  hashes: Buffer[];
}

export function appendToFrontier(
  frontier: Frontier,
  leafHashes: readonly Buffer[],
): { frontier: Frontier; completed: Array<Subtree & { hash: Buffer }>; root: Buffer } {
  const stack = subtreesOf({ start: 0, end: frontier.size }).map((tile, i) => ({
    level: tile.level,
    hash: frontier.hashes[i]!,
  }));
  const completed: Array<Subtree & { hash: Buffer }> = [];
  let size = frontier.size;
  for (const leafHash of leafHashes) {
    stack.push({ level: 0, hash: leafHash });
    size += 1;
    // Like carrying in binary addition: two subtrees of one level make one of the next.
    while (stack.length >= 2 && stack[stack.length - 1]!.level === stack[stack.length - 2]!.level) {
      const right = stack.pop()!;
      const left = stack.pop()!;
      const level = right.level + 1;
      const hash = hashChildren(left.hash, right.hash);
      completed.push({ level, index: size / 2 ** level - 1, hash });
      stack.push({ level, hash });
    }
  }
  const hashes = stack.map((entry) => entry.hash);
  return { frontier: { size, hashes }, completed, root: foldSubtrees(hashes) };
}
