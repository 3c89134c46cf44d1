import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import os from 'node:os';
import {
  injectAppShell,
  inlineStyleHashes,
  inlineStylesheet,
  lowerScriptPriority,
  styleHash,
  toastStylesheet,
} from '../../src/server/features/seo/app-shell.js';

const template = fs.readFileSync(path.resolve(import.meta.dirname, '../../src/client/index.html'), 'utf8');
const rootOf = (html: string) => /<div id="root">(.*?)<\/div>\s*<noscript/s.exec(html)?.[1] ?? null;

describe('the static header sent before the scripts run', () => {
  it('fills the empty root of the real index.html with the wordmark linking home', () => {
    const root = rootOf(injectAppShell(template, '/agents'));
    expect(root).toContain('<a href="/"');
    expect(root).toContain('Agent<span class="text-brand-600">Atlas</span>');
  });

  it('is left out on the pages that hide the header', () => {
    for (const pathname of ['/login', '/register', '/auth', '/create-account'])
      expect(rootOf(injectAppShell(template, pathname))).toBe('');
  });
});

describe('the stylesheet sent inside the page', () => {
  it('replaces the link with the built file, so no rule can close the style element', () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-shell-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets/index-abc.css'), 'a{color:red}/*</style>*/');
    const page = '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>';
    expect(inlineStylesheet(page, clientDir)).toBe('<head><style>a{color:red}/*<\\/style>*/</style></head>');
    fs.rmSync(clientDir, { recursive: true, force: true });
  });
});

describe('the scripts of the page', () => {
  it('are asked for at low priority, since the first paint needs the HTML alone', () => {
    const page =
      '<script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/b.js">';
    expect(lowerScriptPriority(page)).toBe(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js"></script>\n<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/b.js">',
    );
  });
});

describe('the inline styles a page policy allows', () => {
  it('finds the stylesheet sonner inserts, so the toasts keep their styles under the CSP', () => {
    const css = toastStylesheet();
    expect(css?.startsWith('[data-sonner-toaster]')).toBe(true);
    expect(styleHash(css!)).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  it('hashes each <style> element of a page', () => {
    expect(inlineStyleHashes('<head><style>a{color:red}</style><style></style></head>')).toEqual([
      styleHash('a{color:red}'),
      styleHash(''),
    ]);
  });
});
