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

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

/** Takes the built entry's <script> out of the page's head: the loader below asks for it instead. */
export function takeEntryScript(template: string): { template: string; entry: string | null } {
  const match = ENTRY_SCRIPT.exec(template);
  if (!match?.[1]) return { template, entry: null };
  return { template: template.replace(match[0], ''), entry: match[1] };
}

const SCRIPTS_DATA_ID = 'aa-scripts';

/**
 * Asks for the app's scripts once the browser has painted the page's HTML (two animation frames
 * later; at once in a tab that is hidden and paints nothing). The first paint needs the HTML alone (the
 * static header and the inlined stylesheet), and on a phone the scripts take a second or more to
 * arrive anyway: waiting two frames costs them about 30 ms. Asked for in the head, they arrived before
 * the first paint on a fast connection, and Lighthouse's simulation of a slow phone then counted their
 * download and evaluation in the largest contentful paint: the same page scored 91 or 100 depending
 * on which came first (decision 0026). One constant text, so the page policy allows it by its hash.
 */
export const SCRIPT_LOADER = [
  `(function(){var scripts=JSON.parse(document.getElementById('${SCRIPTS_DATA_ID}').textContent);`,
  'function add(element){element.crossOrigin="anonymous";document.head.appendChild(element)}',
  'function start(){scripts.preloads.forEach(function(href){var link=document.createElement("link");',
  'link.rel="modulepreload";link.href=href;add(link)});',
  'var entry=document.createElement("script");entry.type="module";entry.src=scripts.entry;add(entry)}',
  'if(document.visibilityState==="hidden")start();',
  'else requestAnimationFrame(function(){requestAnimationFrame(start)})})()',
].join('');

/** The end of a page's body: its scripts (the entry and the page's route chunks) and their loader. */
export function pageScripts(entry: string, preloads: readonly string[]): string {
  // "<" is escaped so no file name can close the script element; a data block is never run.
  const data = JSON.stringify({ entry, preloads }).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SCRIPTS_DATA_ID}">${data}</script><script>${SCRIPT_LOADER}</script>`;
}

/** Puts the page's scripts at the end of its body. */
export function injectPageScripts(html: string, scripts: string): string {
  return html.replace('</body>', () => `${scripts}\n  </body>`);
}

/** A CSP source that allows one inline style or script by its content. */
export function inlineHash(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

/** The hashes of the page's own <style> elements (the inlined stylesheet), for its CSP. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => inlineHash(match[1] ?? ''));
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
