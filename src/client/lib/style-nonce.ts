/**
 * Gives the page's CSP nonce to the code that writes <style> elements in the browser: Radix's scroll
 * lock (react-remove-scroll-bar through react-style-singleton) reads it from `__webpack_nonce__`. The
 * server puts a fresh nonce on #aa-initial-data with each page (features/seo/pages.routes.ts); the
 * policy has no 'unsafe-inline' for styles, so without it that <style> would be refused.
 */
export function shareStyleNonce(): void {
  const nonce = styleNonce();
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}

/** The page's nonce, for components that write a <style> element themselves (Radix's scroll area). */
export function styleNonce(): string | undefined {
  return document.getElementById('aa-initial-data')?.nonce || undefined;
}
