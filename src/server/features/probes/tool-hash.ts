import { createHash } from 'node:crypto';
import type { ToolBody } from '../../../shared/api/tool-record.js';
import { canonicalJson } from '../../../shared/rules/tool-changes.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Only the fields of a ToolBody, so that nothing else a caller carries changes the hash. */
export function toolBodyOf(tool: ToolBody): ToolBody {
  return {
    name: tool.name,
    ...(tool.title !== undefined ? { title: tool.title } : {}),
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
    ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}),
  };
}

/** A tool's hash: lowercase hex SHA-256 of the RFC 8785 canonical JSON of its body (DESIGN section 10). */
export function toolHash(tool: ToolBody): string {
  return sha256(canonicalJson(toolBodyOf(tool)));
}

/** A tool set's hash: SHA-256 of its tools' hashes, sorted, joined by "\n" (the order of tools is no part of it). */
export function toolSetHash(toolHashes: readonly string[]): string {
  return sha256([...toolHashes].sort().join('\n'));
}

/** A pin is 64 lowercase hex characters. */
export const TOOL_HASH_PATTERN = /^[0-9a-f]{64}$/;
