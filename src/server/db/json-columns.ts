/** Readers of the columns that hold JSON text: a malformed value reads as empty rather than failing the page. */

/** Tags are stored as a JSON array of strings; anything else (or no value) reads as no tags. */
export function parseTags(json: string | null): string[] {
  if (json === null) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A stored JSON object (a draft's or a revision's fields, validated when stored); anything that is
 * not an object reads as `{}`.
 */
export function parseJsonObject<T extends object>(json: string): Partial<T> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Partial<T>) : {};
  } catch {
    return {};
  }
}
