import type { ToolBody, ToolFinding } from '../api/tool-record.js';

/**
 * The published, deterministic risk rules for MCP tool definitions (DESIGN section 10).
 * PLACEHOLDER: the rules are being written (issue 35); until then no tool has findings.
 */
export interface ToolSetRisks {
  /** One list per tool, in the order given. */
  perTool: ToolFinding[][];
  /** Findings about the list as a whole (e.g. its token budget). */
  toolSet: ToolFinding[];
}

export function findToolRisks(tools: readonly ToolBody[]): ToolSetRisks {
  return { perTool: tools.map(() => []), toolSet: [] };
}
