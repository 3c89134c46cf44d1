import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { Executor } from '../../db/database.js';
import { insertQueuedObservation } from './transparency.repo.js';
import type { ToolSetObservation } from '../../../shared/api/tool-record.js';

/** A leaf of the log: the RFC 8785 canonical JSON of the observation. */
export function toolSetLeaf(observation: ToolSetObservation): string {
  const leaf = canonicalize({
    endpoint: observation.endpoint,
    observedAt: observation.observedAt,
    toolSetHash: observation.toolSetHash,
    toolHashes: observation.toolHashes,
  });
  if (leaf === undefined) throw new Error('an observation always canonicalises');
  return leaf;
}

/** RFC 9162 leaf hash: SHA-256(0x00 ‖ leaf), lowercase hex. */
export function leafHashOf(leaf: string): string {
  return createHash('sha256')
    .update(Buffer.from([0]))
    .update(leaf, 'utf8')
    .digest('hex');
}

/**
 * Queues an observed tool set for the transparency log inside the caller's transaction (so it is
 * logged exactly when the probe's result is stored); the lease-holding log writer
 * (transparency-writer.ts) appends queued observations in order within seconds and signs a new tree
 * head. Returns the leaf hash, by which logIndexesByLeafHash later finds the leaf's index.
 */
export async function enqueueToolSetObservation(
  trx: Executor,
  observation: ToolSetObservation,
): Promise<string> {
  const leaf = toolSetLeaf(observation);
  const leafHash = leafHashOf(leaf);
  await insertQueuedObservation(trx, { leaf, leaf_hash: leafHash, enqueued_at: new Date().toISOString() });
  return leafHash;
}
