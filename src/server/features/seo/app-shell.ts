import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isHeaderVisible } from '../../../shared/rules/layout.js';

/**
 * The header's frame and wordmark as static HTML, sent inside #root, so a slow phone paints the
 * site as soon as the HTML and CSS arrive instead of a blank page while the scripts download.
 * React replaces it on its first render with the live header, which has the same frame and
 * wordmark (client/app/layout/site-header.tsx and client/components/layout/site-logo-link.tsx):
 * nothing moves when it does.
 */
const SHELL_HEADER = [
  '<header class="fixed inset-x-0 top-0 z-40 px-3 pt-3 sm:px-4">',
  '<div class="mx-auto max-w-6xl rounded-2xl border border-slate-200/80 bg-white/90 shadow-lg shadow-slate-900/5 backdrop-blur supports-[backdrop-filter]:bg-white/75">',
  '<div class="flex h-16 items-center gap-2 px-3 sm:px-4">',
  '<a href="/" class="mr-2 inline-flex shrink-0 items-center gap-2 rounded-lg font-bold tracking-tight text-slate-900">',
  '<img src="/favicon.svg" alt="" width="28" height="28" class="h-7 w-7">',
  '<span class="text-lg">Agent<span class="text-brand-600">Atlas</span></span>',
  '</a></div></div></header>',
].join('');

const EMPTY_ROOT = '<div id="root"></div>';

/** Fills the page's empty #root with the static header where the page shows one (spec section 2). */
export function injectAppShell(html: string, pathname: string): string {
  if (!isHeaderVisible(pathname)) return html;
  return html.replace(EMPTY_ROOT, `<div id="root">${SHELL_HEADER}</div>`);
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;

/**
 * Puts the built stylesheet inside the page instead of linking it: the first paint then needs the
 * HTML alone, one round trip fewer on a slow phone. Later pages are rendered by the client and need
 * no stylesheet of their own, so nothing is lost to caching.
 */
export function inlineStylesheet(template: string, clientDir: string): string {
  const match = STYLESHEET_LINK.exec(template);
  if (!match?.[1]) return template;
  const css = fs.readFileSync(path.join(clientDir, match[1]), 'utf8');
  // "</" is escaped so no rule can close the style element.
  return template.replace(match[0], () => `<style>${css.replace(/<\//g, '<\\/')}</style>`);
}

/** The attribute that asks for a script at low priority; the route preloads carry it too. */
export const LOW_FETCH_PRIORITY = 'fetchpriority="low"';

/**
 * Asks for the app's scripts at low priority. The first paint needs the HTML alone (the static
 * header and the inlined stylesheet above), and saying so keeps measurements honest: Lighthouse's
 * simulation counts a high-priority script that happened to finish before the observed first paint
 * as render-blocking, and then scored the page as if it had waited for all of its JavaScript.
 * Nothing else on the page competes with them for the connection, so they arrive no later.
 */
export function lowerScriptPriority(template: string): string {
  return template
    .replace(/<script type="module"/g, `<script type="module" ${LOW_FETCH_PRIORITY}`)
    .replace(/<link rel="modulepreload"/g, `<link rel="modulepreload" ${LOW_FETCH_PRIORITY}`);
}

/** A CSP source that allows one inline style by its content. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/** The hashes of the page's own <style> elements (the inlined stylesheet), for its CSP. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => styleHash(match[1] ?? ''));
}

/**
 * The stylesheet sonner (the toasts) inserts as a <style> element when it loads, read from the
 * package the client was built from: it takes no nonce, so the page's CSP allows it by its hash.
 * Empty when the package's layout changes, which tests/unit/app-shell.test.ts catches.
 */
export function toastStylesheet(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const source = fs.readFileSync(require.resolve('sonner'), 'utf8');
    const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
    return literal ? (JSON.parse(literal) as string) : null;
  } catch {
    return null;
  }
}
