import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { Executor } from '../../db/database.js';
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
 * Queues an observed tool set for the transparency log inside the caller's transaction; the
 * lease-holding log writer appends queued observations in order and signs a new tree head.
 * Returns the leaf hash by which the caller can later find the leaf's index.
 * PLACEHOLDER (issue 35): the queue itself is being built; nothing is stored yet.
 */
export async function enqueueToolSetObservation(
  _trx: Executor,
  observation: ToolSetObservation,
): Promise<string> {
  return leafHashOf(toolSetLeaf(observation));
}
