import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { paths } from '../../shared/routes.js';

/** Our own origin for websockets: ws://host, or wss://host when PUBLIC_URL is https. */
export function websocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

export interface PagePolicyOptions {
  https: boolean;
  /** PUBLIC_URL: websockets may only go back to it. Without it, only 'self' (which browsers differ on for ws:). */
  publicUrl?: string;
  /**
   * The page's own inline styles: hashes of its <style> elements and of the ones the client's libraries
   * insert, and the nonce for the ones whose content is only known in the browser (pages.routes.ts).
   */
  styleSources?: readonly string[];
  /** The page's own inline scripts by hash: the loader of its scripts (features/seo/app-shell.ts). */
  scriptSources?: readonly string[];
}

/**
 * The page policy. `style-src` has no 'unsafe-inline': an injected <style> could read the page with
 * attribute selectors; style attributes stay allowed (style-src-attr), since they carry no selectors and
 * React, Radix and sonner position popovers and toasts with them. `base-uri 'none'` as ASVS asks.
 */
export function contentSecurityPolicy(options: PagePolicyOptions): string {
  const styles = ["'self'", ...(options.styleSources ?? [])].join(' ');
  const scripts = ["'self'", ...(options.scriptSources ?? [])].join(' ');
  const websockets = options.publicUrl ? ` ${websocketOrigin(options.publicUrl)}` : '';
  return [
    "default-src 'self'",
    "base-uri 'none'",
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "img-src 'self' data: https:",
    "object-src 'none'",
    `script-src ${scripts}`,
    "script-src-attr 'none'",
    `style-src ${styles}`,
    "style-src-attr 'unsafe-inline'",
    `connect-src 'self'${websockets}`,
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * The standard security headers (the set helmet sends), computed once at start instead of per
 * request: on the hot catalogue reads helmet's per-request directive parsing was ~5% of CPU. A page
 * replaces the policy with its own, which allows its inline styles (pages.routes.ts).
 */
export function securityHeaders(options: PagePolicyOptions): Record<string, string> {
  const csp = contentSecurityPolicy(options);
  return {
    'content-security-policy': csp,
    // Popups this site opens (the GitHub connection) keep their opener, so the callback page can post
    // its code back as spec section 4 describes; other sites still never get a handle on our windows.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * The page GitHub sends the connection popup back to: it must share a browsing context group with
 * its opener to reach window.opener, so it sets no opener policy of its own (unsafe-none).
 */
const OPENER_CALLBACK_PATH = paths.submitAgentGithubCallback.path;

/**
 * The built scripts and styles are never documents, so the policies that only act on documents
 * (CSP, framing, opener, referrer) would be half a kilobyte of dead weight on each of them.
 */
function assetHeaders(headers: Record<string, string>): Record<string, string> {
  const kept = ['cross-origin-resource-policy', 'x-content-type-options', 'strict-transport-security'];
  return Object.fromEntries(Object.entries(headers).filter(([name]) => kept.includes(name)));
}

/**
 * API answers are JSON, never documents, so they carry the set OWASP's REST Security Cheat Sheet
 * names for APIs: a policy that allows nothing and no framing, nosniff, and HSTS over https. The
 * page policy would be more than half a kilobyte on every call, and reading it cost a benchmark
 * client a fifth of its throughput.
 */
export function apiHeaders(options: { https: boolean }): Record<string, string> {
  const headers = securityHeaders(options);
  const kept = [
    'cross-origin-resource-policy',
    'x-content-type-options',
    'x-frame-options',
    'strict-transport-security',
  ];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(Object.entries(headers).filter(([name]) => kept.includes(name))),
  };
}

/** The API's interactive documentation is a page of its own, under /api/ but a document. */
const API_DOCS_PATH = '/api/docs';

async function securityHeadersPlugin(app: FastifyInstance) {
  const headers = securityHeaders({ https: app.config.secureCookies, publicUrl: app.config.publicUrl });
  const callbackHeaders = { ...headers, 'cross-origin-opener-policy': 'unsafe-none' };
  const builtAssetHeaders = assetHeaders(headers);
  const jsonApiHeaders = apiHeaders({ https: app.config.secureCookies });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/assets/')) {
      reply.headers(builtAssetHeaders);
      return;
    }
    if (request.url.startsWith('/api/') && !request.url.startsWith(API_DOCS_PATH)) {
      reply.headers(jsonApiHeaders);
      return;
    }
    const isCallback =
      request.url.startsWith(OPENER_CALLBACK_PATH) &&
      (request.url.length === OPENER_CALLBACK_PATH.length ||
        '?/'.includes(request.url[OPENER_CALLBACK_PATH.length]!));
    reply.headers(isCallback ? callbackHeaders : headers);
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
