import { describe, expect, it } from 'vitest';
import {
  appendToFrontier,
  consistencyPathRanges,
  EMPTY_ROOT,
  foldSubtrees,
  hashLeaf,
  inclusionPathRanges,
  subtreesOf,
  type LeafRange,
  type Subtree,
} from '../../src/server/features/transparency/merkle.js';
import {
  leafHash,
  referenceConsistency,
  referencePath,
  treeHash,
  verifyConsistency,
  verifyInclusion,
} from '../support/rfc9162.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** The eight leaves of the Certificate Transparency test data and the published roots of sizes 0…8. */
const CT_LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
];
const CT_ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

/** A log built the way the server builds it: leaves appended one batch at a time, subtrees stored. */
function buildLog(leafHashes: Buffer[], batches: number[]) {
  const stored = new Map<string, Buffer>();
  leafHashes.forEach((hash, index) => stored.set(`0:${index}`, hash));
  let frontier = { size: 0, hashes: [] as Buffer[] };
  const roots = [hex(EMPTY_ROOT)];
  let at = 0;
  for (const batch of batches) {
    const result = appendToFrontier(frontier, leafHashes.slice(at, at + batch));
    for (const node of result.completed) stored.set(`${node.level}:${node.index}`, node.hash);
    frontier = result.frontier;
    at += batch;
    roots[frontier.size] = hex(result.root);
  }
  const rangeHash = (range: LeafRange) =>
    foldSubtrees(subtreesOf(range).map((tile: Subtree) => stored.get(`${tile.level}:${tile.index}`)!));
  return { roots, rangeHash, stored };
}

describe('RFC 9162 hashing', () => {
  it('gives the published Certificate Transparency roots for sizes 0…8', () => {
    const hashes = CT_LEAVES.map((leaf) => hashLeaf(Buffer.from(leaf, 'hex')));
    const log = buildLog(hashes, [1, 1, 1, 1, 1, 1, 1, 1]);
    expect(log.roots).toEqual(CT_ROOTS);
    expect(hex(EMPTY_ROOT)).toBe(CT_ROOTS[0]);
  });

  it('gives the published audit path of leaf 0 in the tree of 8', () => {
    const hashes = CT_LEAVES.map((leaf) => hashLeaf(Buffer.from(leaf, 'hex')));
    const log = buildLog(hashes, [8]);
    expect(inclusionPathRanges(0, 8).map((range) => hex(log.rangeHash(range)))).toEqual([
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ]);
  });
});

describe('proofs of trees of 1…17 leaves', () => {
  const leaves = Array.from({ length: 17 }, (_, i) => leafHash(`leaf ${i}`));

  it('roots match MTH by its definition whatever the batches the leaves were appended in', () => {
    for (const batches of [Array<number>(17).fill(1), [3, 5, 1, 8], [17], [16, 1]]) {
      const log = buildLog(leaves, batches);
      let size = 0;
      for (const batch of batches) {
        size += batch;
        expect(log.roots[size], `size ${size}`).toBe(hex(treeHash(leaves.slice(0, size))));
      }
    }
  });

  it('every inclusion proof equals PATH(m, D[n]) and verifies; a wrong leaf or index does not', () => {
    const log = buildLog(leaves, Array<number>(17).fill(1));
    for (let size = 1; size <= 17; size += 1)
      for (let index = 0; index < size; index += 1) {
        const auditPath = inclusionPathRanges(index, size).map(log.rangeHash);
        const tree = leaves.slice(0, size);
        expect(auditPath.map(hex), `${index} in ${size}`).toEqual(referencePath(index, tree).map(hex));
        const rootHash = log.roots[size]!;
        expect(
          verifyInclusion({ index, treeSize: size, leafHash: leaves[index]!, auditPath, rootHash }),
        ).toBe(true);
        const other = leaves[(index + 1) % 17]!;
        expect(verifyInclusion({ index, treeSize: size, leafHash: other, auditPath, rootHash })).toBe(false);
        if (size > 1)
          expect(
            verifyInclusion({
              index: (index + 1) % size,
              treeSize: size,
              leafHash: leaves[index]!,
              auditPath,
              rootHash,
            }),
          ).toBe(false);
      }
  });

  it('every consistency proof equals PROOF(m, D[n]) and verifies; against another old root it does not', () => {
    const log = buildLog(leaves, Array<number>(17).fill(1));
    for (let second = 1; second <= 17; second += 1)
      for (let first = 1; first <= second; first += 1) {
        const consistencyPath = consistencyPathRanges(first, second).map(log.rangeHash);
        const tree = leaves.slice(0, second);
        expect(consistencyPath.map(hex), `${first} to ${second}`).toEqual(
          referenceConsistency(first, tree).map(hex),
        );
        const proof = { first, second, consistencyPath, secondHash: log.roots[second]! };
        expect(verifyConsistency({ ...proof, firstHash: log.roots[first]! })).toBe(true);
        if (first < second)
          expect(verifyConsistency({ ...proof, firstHash: hex(leafHash('a past that never was')) })).toBe(
            false,
          );
      }
  });

  it('refuses proofs outside the tree', () => {
    expect(() => inclusionPathRanges(3, 3)).toThrow(RangeError);
    expect(() => consistencyPathRanges(0, 3)).toThrow(RangeError);
    expect(() => consistencyPathRanges(4, 3)).toThrow(RangeError);
  });
});
