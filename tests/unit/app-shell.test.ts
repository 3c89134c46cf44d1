import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import os from 'node:os';
import {
  injectAppShell,
  inlineStyleHashes,
  inlineStylesheet,
  pageScripts,
  SCRIPT_LOADER,
  takeEntryScript,
  inlineHash,
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
  it('leave the head of the real index.html, whose first paint then needs the HTML alone', () => {
    const built = template.replace(
      '<script type="module" src="/main.tsx"></script>',
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
    );
    const { template: page, entry } = takeEntryScript(built);
    expect(entry).toBe('/assets/index-a.js');
    expect(page).not.toContain('<script');
    expect(takeEntryScript('<head></head>').entry).toBeNull();
  });

  it('are named in a data block the constant loader reads, so no file name can close it', () => {
    const html = pageScripts('/assets/index-a.js', ['/assets/b.js', '/assets/</script>.js']);
    const data = /<script type="application\/json" id="aa-scripts">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data!)).toEqual({
      entry: '/assets/index-a.js',
      preloads: ['/assets/b.js', '/assets/</script>.js'],
    });
    expect(html.endsWith(`<script>${SCRIPT_LOADER}</script>`)).toBe(true);
  });
});

describe('the inline styles a page policy allows', () => {
  it('finds the stylesheet sonner inserts, so the toasts keep their styles under the CSP', () => {
    const css = toastStylesheet();
    expect(css?.startsWith('[data-sonner-toaster]')).toBe(true);
    expect(inlineHash(css!)).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  it('hashes each <style> element of a page', () => {
    expect(inlineStyleHashes('<head><style>a{color:red}</style><style></style></head>')).toEqual([
      inlineHash('a{color:red}'),
      inlineHash(''),
    ]);
  });
});
