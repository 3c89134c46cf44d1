// Every link either side builds comes from src/shared/routes.ts: these cases show that each builder's
// output is a page the client router routes (and the server serves), and that no source file
// concatenates a page path by hand instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { matchPath, type RouteObject } from 'react-router';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/client/app/router.js';
import { absoluteUrl, matchPagePattern, pagePatterns, paths } from '../../src/shared/routes.js';

type Paths = typeof paths;

/** The full path of every route of the client router, as it nests them (the catch-all left out). */
function routerPatterns(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const own =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    const children = routerPatterns(route.children ?? [], own);
    return route.path === undefined || route.path === '*' ? children : [own, ...children];
  });
}

const routed = routerPatterns(routes);

/**
 * Arguments each builder is called with; a builder that needs arguments must be listed, and every
 * builder without an entry is called with none.
 */
const samples: { [K in keyof Paths]?: Parameters<Paths[K]['href']>[] } = {
  home: [[], [{ verified: true }]],
  agents: [
    [],
    [{ q: ' code review ', category: 'dev-tools', pricing: 'free', verified: true, sort: 'newest', page: 3 }],
  ],
  agent: [
    ['patchwork'],
    ['odd slug/ü?#'],
    ['patchwork', { section: 'reviews' }],
    ['patchwork', { section: 'health' }],
    ['patchwork', { section: 'claims' }],
    ['patchwork', { section: 'record' }],
  ],
  auth: [[], [{ tab: 'register', returnPath: '/agents/patchwork?x=1#reviews' }]],
  authCallback: [[{ returnPath: '/dashboard' }], [{ error: 'GitHub sign-in was cancelled.' }]],
  resetPassword: [[], [{ token: 'Zm9v_YmFy-0' }]],
  verifyEmail: [[], [{ token: 'Zm9v_YmFy-0' }]],
  metrics: [[], [{ agentId: 4, range: '30d', why: true }]],
  settings: [[], [{ section: 'webhooks' }]],
  agentStatus: [[12], ['12']],
  editAgent: [[12]],
  policy: [['team-tools'], ['a b']],
  adminAdvisories: [[], [{ affects: 'footnote', summary: 'Leaks & more', details: 'a\nb' }]],
  history: [[], [{ page: 2, agentId: 3, kind: 'review' }]],
  toolRiskRules: [[], [{ rule: 'hidden-instructions' }]],
};

const pages = Object.entries(paths) as [keyof Paths, Paths[keyof Paths]][];

function builtLinks(): { name: string; pattern: string; href: string }[] {
  return pages.flatMap(([name, page]) => {
    const calls = (samples[name] ?? []) as unknown[][];
    if (calls.length === 0 && page.href.length > 0)
      throw new Error(`paths.${name}.href needs sample arguments`);
    const href = page.href as (...args: unknown[]) => string;
    return (calls.length > 0 ? calls : [[]]).map((args) => ({
      name,
      pattern: page.path,
      href: href(...args),
    }));
  });
}

describe('links built from the typed routes', () => {
  it('routes exactly the typed patterns, no more and no fewer', () => {
    expect([...routed].sort()).toEqual([...pagePatterns].sort());
  });

  it('builds every link to a page the client routes and the server serves', () => {
    for (const { name, pattern, href } of builtLinks()) {
      const url = new URL(href, 'https://atlas.test');
      expect(href, `paths.${name}`).toBe(`${url.pathname}${url.search}${url.hash}`);
      const routes = routed.filter((route) => matchPath({ path: route, end: true }, url.pathname));
      expect(routes, `${href} (paths.${name})`).toEqual([pattern]);
      expect(matchPagePattern(url.pathname), href).toBe(pattern);
    }
  });

  it('encodes parameters so the page reads back what was given', () => {
    const odd = 'odd slug/ü?#';
    const agent = matchPath({ path: paths.agent.path, end: true }, paths.agent.href(odd));
    expect(decodeURIComponent(agent?.params.slug ?? '')).toBe(odd);
    const returnPath = '/agents/patchwork?x=1&y=2#reviews';
    const auth = new URL(paths.auth.href({ tab: 'login', returnPath }), 'https://atlas.test');
    expect(auth.searchParams.get('returnPath')).toBe(returnPath);
    expect(auth.hash).toBe('');
  });

  it('builds the exact links pages and e-mails rely on', () => {
    expect(paths.agent.href('patchwork', { section: 'reviews' })).toBe('/agents/patchwork#reviews');
    expect(paths.agents.href({ category: 'dev-tools', sort: 'newest' })).toBe(
      '/agents?category=dev-tools&sort=newest',
    );
    expect(paths.agents.href({ q: ' code review ', page: 1 })).toBe('/agents?q=code+review');
    expect(paths.metrics.href({ agentId: 4, why: true })).toBe('/metrics?agentId=4#why');
    expect(paths.settings.href({ section: 'webhooks' })).toBe('/settings#webhooks');
    expect(paths.authCallback.href({ error: 'GitHub sign-in was cancelled.' })).toBe(
      '/auth-callback?error=GitHub+sign-in+was+cancelled.',
    );
    expect(absoluteUrl('https://atlas.example', paths.verifyEmail.href({ token: 'Zm9v_YmFy-0' }))).toBe(
      'https://atlas.example/verify-email?token=Zm9v_YmFy-0',
    );
    expect(absoluteUrl('https://atlas.example/', paths.resetPassword.href({ token: 'Zm9v_YmFy-0' }))).toBe(
      'https://atlas.example/reset-password?token=Zm9v_YmFy-0',
    );
  });
});

/** Source files of both sides, but the home of the routes. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The string and template literals of a file that begin with a page path, with every `${…}` read as
 * "x": `/agents/${slug}#reviews` and `${publicUrl}/agents?category=${slug}` both count. A path that
 * only routes on another site (GitHub's `/login/oauth/…`) or is no page (`/api/…`) does not.
 */
/**
 * Literals that look like a page path but name something else, by file: the Prometheus scrape path is
 * served on METRICS_PORT, never on the site, whose /metrics is the owners' page.
 */
const notPageLinks: Record<string, readonly string[]> = {
  'src/server/ops/prometheus.ts': ['/metrics'],
};

function handBuiltLinks(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const check = (candidate: string, node: ts.Node) => {
    if (!candidate.startsWith('/') || candidate === '/') return;
    if (notPageLinks[path.relative(process.cwd(), file)]?.includes(candidate)) return;
    const pathname = candidate.split(/[?#]/)[0] ?? '';
    // A path ending in "/" is the start of one: `'/agents/' + slug`.
    if (matchPagePattern(pathname.endsWith('/') ? `${pathname}x` : pathname) === null) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.relative(process.cwd(), file)}:${line + 1} ${candidate}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) check(node.text, node);
    if (ts.isTemplateExpression(node)) {
      const pieces = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      // A literal that starts with a path is judged by it (`/api/…/${id}/test` is no page); one that
      // starts elsewhere may put a page path after an origin: `${publicUrl}/agents/${slug}`.
      if (node.head.text.startsWith('/')) check(pieces.join('x'), node);
      else pieces.forEach((piece, index) => check(pieces.slice(index).join('x'), node));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Parsing every source file takes seconds on a busy machine.
describe('no page link built by hand', { timeout: 60_000 }, () => {
  it('finds none in src/server or src/client', () => {
    const files = [...sourceFiles('src/server'), ...sourceFiles('src/client')];
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(handBuiltLinks)).toEqual([]);
  });

  it('would find the hand-built links it is there to refuse', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'links-'));
    try {
      const file = path.join(dir, 'example.ts');
      fs.writeFileSync(
        file,
        [
          'const slug = "x"; const publicUrl = "https://a.test";',
          'export const a = `/agents/${slug}#reviews`;',
          "export const b = '/admin/dashboard';",
          'export const c = `${publicUrl}/verify-email?token=${slug}`;',
          "export const d = '/agent-status/' + slug;",
          "export const fine = ['/api/agents', `${publicUrl}/login/oauth/authorize`, '/favicon.svg', '/'];",
        ].join('\n'),
      );
      expect(handBuiltLinks(file).map((found) => found.split(' ')[1])).toEqual([
        '/agents/x#reviews',
        '/admin/dashboard',
        '/verify-email?token=x',
        '/agent-status/',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
