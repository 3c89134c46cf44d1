/** Where any URL resolves against when checking a return path: a host that can never be ours. */
const PROBE_ORIGIN = 'https://return-path.invalid';

/**
 * A return path is only followed when it stays on this site. Browsers drop tabs and newlines from
 * a URL anywhere in it and read a backslash as a slash, so `/\t/evil.example` or `/\evil.example`
 * would become `//evil.example`, another site: any control character or backslash refuses the
 * path, and so does anything the URL parser resolves to another origin.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    if (new URL(value, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return fallback;
  } catch {
    return fallback;
  }
  return value;
}
