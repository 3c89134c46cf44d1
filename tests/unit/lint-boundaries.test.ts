// The boundaries of docs/decisions/0008 are kept by lint: these cases show that the rules refuse what they
// must refuse (and let the right places through), so a config change that silences them fails here.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const query = `import type { Db } from '../../db/database.js';
export async function countAgents(db: Db) {
  return db.kysely.selectFrom('agents').select('id').execute();
}
`;

// Loading the whole lint configuration (typescript-eslint, import-x) takes seconds on a busy machine.
describe('lint boundaries', { timeout: 60_000 }, () => {
  it('refuses a query in a service or a route, and accepts it in a repository', async () => {
    expect(await rulesBroken('src/server/features/agents/agents.service.ts', query)).toContain(
      'no-restricted-syntax',
    );
    expect(await rulesBroken('src/server/features/agents/agents.routes.ts', query)).toContain(
      'no-restricted-syntax',
    );
    expect(await rulesBroken('src/server/features/agents/agents.repo.ts', query)).toEqual([]);
  });

  it('refuses a raw sql template outside a repository', async () => {
    const raw = `import { sql } from 'kysely';
export const now = sql\`select 1\`;
`;
    expect(await rulesBroken('src/server/plugins/session.ts', raw)).toContain('no-restricted-syntax');
  });

  it('refuses a client feature importing another feature, and lib importing a feature', async () => {
    const crossFeature = `import { useFavorites } from '../../favorites/api/get-favorites.js';
export const use = useFavorites;
`;
    expect(await rulesBroken('src/client/features/reviews/api/example.ts', crossFeature)).toContain(
      'import-x/no-restricted-paths',
    );
    const libToFeature = `import { useFavorites } from '../features/favorites/api/get-favorites.js';
export const use = useFavorites;
`;
    expect(await rulesBroken('src/client/lib/example.ts', libToFeature)).toContain(
      'import-x/no-restricted-paths',
    );
    const routeToFeature = `import { useFavorites } from '../features/favorites/api/get-favorites.js';
export const use = useFavorites;
`;
    expect(await rulesBroken('src/client/routes/example.tsx', routeToFeature)).toEqual([]);
  });
});
