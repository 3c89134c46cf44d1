import { ROW_ID_MAX } from '../../../shared/limits.js';

/** How a request names an agent: by its id, or by its slug. */
export type AgentLookup = { id: number } | { slug: string };

/**
 * The one reading of "id or slug" in a path: a number, or a string of digits, is an id; any other
 * string is a slug, compared in lower case. Null for an id past the 32-bit column's range: no row
 * has one, and PostgreSQL would refuse the query itself.
 */
export function parseAgentRef(idOrSlug: number | string): AgentLookup | null {
  if (typeof idOrSlug === 'number' || /^\d+$/.test(idOrSlug)) {
    const id = Number(idOrSlug);
    return id <= ROW_ID_MAX ? { id } : null;
  }
  return { slug: idOrSlug.toLowerCase() };
}
