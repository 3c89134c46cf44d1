import type { Executor } from '../../db/database.js';
import type { SubmissionsRepo } from './submissions.repo.js';

const SLUG_MAX = 80;

/** "My Agent 2.0!" → "my-agent-2-0"; accents dropped, anything else becomes a dash. */
export function slugify(name: string, fallback = 'agent'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** A slug no other agent has: the name's, or the name's with -2, -3… */
export async function uniqueAgentSlug(
  deps: { submissions: SubmissionsRepo },
  name: string,
  trx?: Executor,
): Promise<string> {
  const base = slugify(name);
  const taken = new Set(await deps.submissions.findSlugsLike(base, trx));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
