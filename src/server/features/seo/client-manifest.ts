import fs from 'node:fs';
import path from 'node:path';
import { paths, type PagePattern } from '../../../shared/routes.js';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The lazily loaded client module of the pages worth preloading. The browser would otherwise learn
 * of a page's chunk only after the main bundle ran, one round trip later.
 */
const routeModules: Partial<Record<PagePattern, string>> = {
  [paths.home.path]: 'routes/home.tsx',
  [paths.agents.path]: 'routes/agents.tsx',
  [paths.agent.path]: 'routes/agent-detail.tsx',
  [paths.categories.path]: 'routes/categories.tsx',
};

/** Reads Vite's build manifest and answers the chunk files each page should preload. */
export function loadRoutePreloads(clientDir: string): (pattern: PagePattern) => string[] {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const entryFiles = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    if (chunk.isEntry) {
      entryFiles.add(chunk.file);
      for (const imported of chunk.imports ?? []) entryFiles.add(manifest[imported]?.file ?? '');
    }
  }
  const cache = new Map<PagePattern, string[]>();
  return (pattern) => {
    const cached = cache.get(pattern);
    if (cached) return cached;
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file) || entryFiles.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    const module = routeModules[pattern];
    if (module) visit(module);
    const result = [...files].map((chunkFile) => `/${chunkFile}`);
    cache.set(pattern, result);
    return result;
  };
}
