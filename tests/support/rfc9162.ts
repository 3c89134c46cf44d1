import { createHash } from 'node:crypto';

/**
 * An independent verifier for the transparency log tests, written from RFC 9162 section 2.1 (not
 * from src/server): tree hashes by the definition, and the verification algorithms of sections
 * 2.1.3.2 (inclusion) and 2.1.4.2 (consistency).
 */

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

export const leafHash = (leaf: Uint8Array | string) =>
  sha256(Uint8Array.of(0), typeof leaf === 'string' ? Buffer.from(leaf, 'utf8') : leaf);
const nodeHash = (left: Uint8Array, right: Uint8Array) => sha256(Uint8Array.of(1), left, right);

/** MTH(D[n]) by its definition. */
export function treeHash(leafHashes: readonly Buffer[]): Buffer {
  if (leafHashes.length === 0) return sha256();
  if (leafHashes.length === 1) return leafHashes[0]!;
  let k = 1;
  while (k * 2 < leafHashes.length) k *= 2;
  return nodeHash(treeHash(leafHashes.slice(0, k)), treeHash(leafHashes.slice(k)));
}

/** PATH(m, D[n]) by its definition (section 2.1.3.1). */
export function referencePath(m: number, leafHashes: readonly Buffer[]): Buffer[] {
  const n = leafHashes.length;
  if (n <= 1) return [];
  let k = 1;
  while (k * 2 < n) k *= 2;
  return m < k
    ? [...referencePath(m, leafHashes.slice(0, k)), treeHash(leafHashes.slice(k))]
    : [...referencePath(m - k, leafHashes.slice(k)), treeHash(leafHashes.slice(0, k))];
}

/** PROOF(m, D[n]) by its definition (section 2.1.4.1). */
export function referenceConsistency(m: number, leafHashes: readonly Buffer[]): Buffer[] {
  const sub = (m: number, d: readonly Buffer[], b: boolean): Buffer[] => {
    const n = d.length;
    if (m === n) return b ? [] : [treeHash(d)];
    let k = 1;
    while (k * 2 < n) k *= 2;
    return m <= k
      ? [...sub(m, d.slice(0, k), b), treeHash(d.slice(k))]
      : [...sub(m - k, d.slice(k), false), treeHash(d.slice(0, k))];
  };
  return sub(m, leafHashes, true);
}

const bytes = (hash: string | Uint8Array) => (typeof hash === 'string' ? Buffer.from(hash, 'hex') : hash);

/** Section 2.1.3.2: does the audit path prove the leaf hash at index in the tree of size with root? */
export function verifyInclusion(options: {
  index: number;
  treeSize: number;
  leafHash: string | Uint8Array;
  auditPath: ReadonlyArray<string | Uint8Array>;
  rootHash: string | Uint8Array;
}): boolean {
  if (options.index >= options.treeSize) return false;
  let fn = options.index;
  let sn = options.treeSize - 1;
  let r = Buffer.from(bytes(options.leafHash));
  for (const p of options.auditPath.map(bytes)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0)
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(bytes(options.rootHash));
}

/** Section 2.1.4.2: does the path prove the tree of `second` leaves extends the one of `first`? */
export function verifyConsistency(options: {
  first: number;
  second: number;
  firstHash: string | Uint8Array;
  secondHash: string | Uint8Array;
  consistencyPath: ReadonlyArray<string | Uint8Array>;
}): boolean {
  const firstHash = Buffer.from(bytes(options.firstHash));
  const secondHash = Buffer.from(bytes(options.secondHash));
  if (options.first === options.second)
    return options.consistencyPath.length === 0 && firstHash.equals(secondHash);
  if (options.first < 1 || options.first > options.second) return false;
  let path = options.consistencyPath.map((p) => Buffer.from(bytes(p)));
  const firstIsPowerOfTwo = (options.first & (options.first - 1)) === 0;
  if (firstIsPowerOfTwo) path = [firstHash, ...path];
  if (path.length === 0) return false;
  let fn = options.first - 1;
  let sn = options.second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (fn % 2 === 0)
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return fr.equals(firstHash) && sr.equals(secondHash) && sn === 0;
}
