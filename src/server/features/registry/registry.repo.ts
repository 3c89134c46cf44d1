import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** What a registry server is made of: the listing and where it was imported from. */
export interface RegistryServerRow {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  website_url: string | null;
  repo_url: string | null;
  mcp_url: string;
  verified: number;
  reputation_score: number;
  published_at: string | null;
  updated_at: string;
  registry_name: string | null;
  registry_version: string | null;
  approved_edits: number;
  category_slug: string;
}

/** `%` and `_` match themselves in a search, as a person typing them means. */
/** How many edits of the listing moderators approved: the middle number of its version (1.n.0). */
const approvedEdits = (eb: ExpressionBuilder<Database, 'agents'>) =>
  eb
    .selectFrom('agent_revisions')
    .select((inner) => inner.fn.countAll<number>().as('count'))
    .whereRef('agent_revisions.agent_id', '=', 'agents.id')
    .where('agent_revisions.status', '=', 'approved');

/** The version AgentAtlas gives a listing not imported from a registry: 1.<approved edits>.0. */
export const LISTING_VERSION_PATTERN = /^1\.(\d{1,9})\.0$/;

const likeContaining = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createRegistryRepo(db: Db) {
  const k = db.kysely;

  function servers() {
    return k
      .selectFrom('agents')
      .innerJoin('categories', 'categories.id', 'agents.category_id')
      .leftJoin('agent_sources', (join) =>
        join
          .onRef('agent_sources.agent_id', '=', 'agents.id')
          .on('agent_sources.source', '=', 'mcp-registry'),
      )
      .select((eb) => [
        'agents.id',
        'agents.slug',
        'agents.name',
        'agents.tagline',
        'agents.website_url',
        'agents.repo_url',
        'agents.verified',
        'agents.reputation_score',
        'agents.published_at',
        'agents.updated_at',
        'categories.slug as category_slug',
        eb.fn.coalesce('agents.mcp_url', sql.lit('')).as('mcp_url'),
        'agent_sources.registry_name',
        'agent_sources.version as registry_version',
        approvedEdits(eb).as('approved_edits'),
      ])
      .where('agents.status', '=', 'published')
      .where('agents.mcp_url', 'is not', null);
  }

  /** A view's registry: the servers it admits now. */
  function admittedBy<Q extends ReturnType<typeof servers>>(query: Q, viewId: number | undefined): Q {
    if (viewId === undefined) return query;
    return query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('policy_members')
          .select('policy_members.agent_id')
          .whereRef('policy_members.agent_id', '=', 'agents.id')
          .where('policy_members.view_id', '=', viewId)
          .where('policy_members.state', '=', 'admitted'),
      ),
    ) as Q;
  }

  const withNumbers = (row: Omit<RegistryServerRow, 'approved_edits'> & { approved_edits: unknown }) => ({
    ...row,
    approved_edits: Number(row.approved_edits ?? 0),
  });

  return {
    /** One page of servers in id order after `afterId`; one row more than `limit` says there is a next page. */
    async findPage(options: {
      afterId: number;
      limit: number;
      search?: string;
      updatedSince?: string;
      /** An exact registry version: imported listings carry the registry's, others none to match. */
      version?: string;
      /** Only the servers this policy view admits. */
      viewId?: number;
    }): Promise<RegistryServerRow[]> {
      let query = admittedBy(servers(), options.viewId)
        .where('agents.id', '>', options.afterId)
        .orderBy('agents.id')
        .limit(options.limit + 1);
      if (options.updatedSince) query = query.where('agents.updated_at', '>=', options.updatedSince);
      if (options.version) {
        const version = options.version;
        const edits = LISTING_VERSION_PATTERN.exec(version)?.[1];
        query = query.where((eb: ExpressionBuilder<Database, 'agents' | 'agent_sources'>) =>
          eb.or([
            eb('agent_sources.version', '=', version),
            ...(edits === undefined
              ? []
              : [
                  eb.and([
                    eb('agent_sources.version', 'is', null),
                    eb(approvedEdits(eb), '=', Number(edits)),
                  ]),
                ]),
          ]),
        );
      }
      if (options.search) {
        const pattern = likeContaining(options.search);
        query = query.where((eb: ExpressionBuilder<Database, 'agents' | 'agent_sources'>) =>
          eb.or([
            sql<boolean>`lower(${eb.ref('agents.name')}) like ${pattern} escape '\\'`,
            sql<boolean>`lower(${eb.ref('agents.slug')}) like ${pattern} escape '\\'`,
            sql<boolean>`lower(${eb.ref('agent_sources.registry_name')}) like ${pattern} escape '\\'`,
          ]),
        );
      }
      return (await query.execute()).map(withNumbers);
    },

    /** What a listing's server name is made of, published or not (a view's changelog names a gone one). */
    findNameParts(agentId: number) {
      return k
        .selectFrom('agents')
        .leftJoin('agent_sources', (join) =>
          join
            .onRef('agent_sources.agent_id', '=', 'agents.id')
            .on('agent_sources.source', '=', 'mcp-registry'),
        )
        .select(['agents.slug', 'agent_sources.registry_name'])
        .where('agents.id', '=', agentId)
        .executeTakeFirst();
    },

    /** The server an imported registry name or a listing's slug names; undefined when none is listed. */
    async findOne(
      where: { registryName: string } | { slug: string },
      viewId?: number,
    ): Promise<RegistryServerRow | undefined> {
      const row = await admittedBy(
        'registryName' in where
          ? servers().where('agent_sources.registry_name', '=', where.registryName)
          : servers().where('agents.slug', '=', where.slug).where('agent_sources.registry_name', 'is', null),
        viewId,
      )
        .orderBy('agents.id')
        .limit(1)
        .executeTakeFirst();
      return row && withNumbers(row);
    },
  };
}

export type RegistryRepo = ReturnType<typeof createRegistryRepo>;
