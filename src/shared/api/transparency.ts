import { z } from 'zod';

/**
 * The transparency log's API (DESIGN section 10); the response shapes are in tool-record.ts
 * (treeHeadSchema, transparencyEntriesSchema, inclusionProofSchema, consistencyProofSchema).
 */

/** The most entries one GET /api/transparency/entries answers; ask again from the last index + 1. */
export const TRANSPARENCY_ENTRIES_MAX = 1000;

/** The JWS `typ` of a signed tree head. */
export const TREE_HEAD_JWS_TYPE = 'agentatlas-tree-head+jws';

const position = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a whole number` })
    .int({ message: `${name} must be a whole number` })
    .min(0, { message: `${name} must be 0 or more` })
    .max(2 ** 40, { message: `${name} is larger than any log` });

export const transparencyEntriesQuerySchema = z
  .object({
    start: position('start').describe('Index of the first entry (from 0)'),
    end: position('end').describe(
      `Index of the last entry, inclusive; at most ${TRANSPARENCY_ENTRIES_MAX} entries are answered, and none past the latest tree head`,
    ),
  })
  .refine((query) => query.end >= query.start, {
    message: 'end must be at least start',
    path: ['end'],
  });

export const inclusionProofQuerySchema = z
  .object({
    index: position('index').describe('Index of the leaf'),
    treeSize: position('treeSize')
      .min(1, { message: 'treeSize must be at least 1' })
      .describe('Size of the tree head to prove against'),
  })
  .refine((query) => query.index < query.treeSize, {
    message: 'index must be smaller than treeSize',
    path: ['index'],
  });

export const consistencyProofQuerySchema = z
  .object({
    first: position('first')
      .min(1, { message: 'first must be at least 1: every tree is consistent with the empty one' })
      .describe('Size of the older tree head'),
    second: position('second').describe('Size of the newer tree head'),
  })
  .refine((query) => query.second >= query.first, {
    message: 'second must be at least first',
    path: ['second'],
  });
