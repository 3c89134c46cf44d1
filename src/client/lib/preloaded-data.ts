/**
 * API answers the server embedded in the page (`#aa-initial-data`), keyed by the exact request
 * URL. Each is handed out once, to the first GET of that URL, so later reads go to the network.
 */
let preloaded: Map<string, unknown> | undefined;

function load(): Map<string, unknown> {
  if (preloaded) return preloaded;
  preloaded = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById('aa-initial-data');
  if (element?.textContent) {
    try {
      const data = JSON.parse(element.textContent) as Record<string, unknown>;
      for (const [url, value] of Object.entries(data)) preloaded.set(url, value);
    } catch {
      // A malformed block only costs the round trip it was meant to save.
    }
  }
  return preloaded;
}

/** The server marks an embedded error answer with this key (features/seo/pages.routes.ts). */
const EMBEDDED_ERROR = '__embeddedError';

type Taken =
  | { found: false }
  | { found: true; value: unknown; error?: undefined }
  | { found: true; value?: undefined; error: { status: number; message: string } };

export function takePreloaded(url: string): Taken {
  const data = load();
  if (!data.has(url)) return { found: false };
  const value = data.get(url);
  data.delete(url);
  if (typeof value === 'object' && value !== null && EMBEDDED_ERROR in value) {
    const error = (value as Record<string, { status: number; message: string }>)[EMBEDDED_ERROR]!;
    return { found: true, error };
  }
  return { found: true, value };
}
