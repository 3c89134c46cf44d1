import type { FastifyRequest } from 'fastify';
import { invalid } from '../errors.js';

export const NUL_CHARACTER = 'Text cannot contain the NUL character (\\u0000).';

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit, lastKey?: string): string {
  const keys: string[] = lastKey === undefined ? [] : [lastKey];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** The dotted path of the first string (or key) holding U+0000 in a parsed JSON value, or null. */
export function findNulCharacter(value: unknown): string | null {
  // Iterative and linked to parents (no path copied per level), so a body nested thousands deep
  // costs neither stack nor quadratic time.
  const pending: Visit[] = [{ value, key: null, parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathOf(visit);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, key: String(index), parent: visit }));
    } else if (typeof current === 'object' && current !== null) {
      // Parsed JSON, params and query are plain records (some without Object.prototype); files are not.
      if (ArrayBuffer.isView(current) || typeof (current as { pipe?: unknown }).pipe === 'function') continue;
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return pathOf(visit, key.replaceAll('\u0000', ''));
        pending.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * Refuses U+0000 anywhere in a request's path, query or JSON body with a 400 naming where. PostgreSQL
 * cannot store it in text (the query would fail with a 500), and no person types it; SQLite would
 * keep it, so both databases refuse it here alike.
 */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  for (const [part, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const found = findNulCharacter(value);
    if (found === null) continue;
    // A path no route matched has its whole path as the wildcard parameter `*`.
    const field = found === '' || found === '*' ? (part === 'params' ? 'path' : part) : found;
    throw invalid(NUL_CHARACTER, { [field]: [NUL_CHARACTER] });
  }
}
