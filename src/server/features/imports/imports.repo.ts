import type { ImportOrigin } from '../../../shared/api/imports.js';
import type { Db, Executor } from '../../db/database.js';
import type { ImportCandidatesTable, RegistrySyncTable } from '../../db/schema.js';

/** The listing a source matches, and by what. */
export interface MatchedListing {
  id: number;
  name: string;
  slug: string;
  matchedBy: 'repository' | 'remote URL' | 'registry name';
}

const SYNC_ROW_ID = 1;

/**
 * What imports read and write: the sources listings were imported from, the listings a source
 * would duplicate, the registry sync's state and the import candidates it queues for admins.
 */
export function createImportsRepo(db: Db) {
  const k = db.kysely;
  const liveAgents = (trx: Executor) =>
    trx
      .selectFrom('agents')
      .select(['agents.id', 'agents.name', 'agents.slug'])
      .where('agents.status', '!=', 'rejected');

  async function findListingWithRegistryName(
    registryName: string,
    trx: Executor = k,
  ): Promise<{ id: number; name: string; slug: string } | null> {
    return (
      (await liveAgents(trx)
        .innerJoin('agent_sources', 'agent_sources.agent_id', 'agents.id')
        .where('agent_sources.registry_name', '=', registryName)
        .executeTakeFirst()) ?? null
    );
  }

  return {
    findListingWithRegistryName,

    /**
     * The listing (not rejected) with this repository, remote endpoint or registry name, first by
     * registry name, then repository, then endpoint; null when the source is new here.
     */
    async findMatchingListing(
      keys: {
        registryName: string | null;
        githubRepo: string | null;
        repoUrl: string | null;
        mcpUrl: string | null;
        agentCardUrl: string | null;
      },
      trx: Executor = k,
    ): Promise<MatchedListing | null> {
      if (keys.registryName) {
        const row = await findListingWithRegistryName(keys.registryName, trx);
        if (row) return { ...row, matchedBy: 'registry name' };
      }
      if (keys.githubRepo || keys.repoUrl) {
        const row = await liveAgents(trx)
          .where((eb) =>
            eb.or([
              ...(keys.githubRepo
                ? [eb(eb.fn('lower', ['agents.github_repo']), '=', keys.githubRepo.toLowerCase())]
                : []),
              ...(keys.repoUrl ? [eb('agents.repo_url', '=', keys.repoUrl)] : []),
            ]),
          )
          .executeTakeFirst();
        if (row) return { ...row, matchedBy: 'repository' };
      }
      if (keys.mcpUrl || keys.agentCardUrl) {
        const row = await liveAgents(trx)
          .where((eb) =>
            eb.or([
              ...(keys.mcpUrl ? [eb('agents.mcp_url', '=', keys.mcpUrl)] : []),
              ...(keys.agentCardUrl ? [eb('agents.agent_card_url', '=', keys.agentCardUrl)] : []),
            ]),
          )
          .executeTakeFirst();
        if (row) return { ...row, matchedBy: 'remote URL' };
      }
      return null;
    },

    async insertAgentSource(agentId: number, origin: ImportOrigin, trx: Executor = k): Promise<void> {
      await trx
        .insertInto('agent_sources')
        .values({
          agent_id: agentId,
          source: origin.source,
          source_url: origin.url,
          registry_name: origin.registryName,
          version: origin.version,
          fetched_at: origin.fetchedAt,
          queued_version: null,
        })
        .execute();
    },

    /** The imported listings (not rejected) among these registry names, with their owners. */
    async findSourcesByRegistryName(names: string[], trx: Executor = k) {
      if (names.length === 0) return [];
      return trx
        .selectFrom('agent_sources')
        .innerJoin('agents', 'agents.id', 'agent_sources.agent_id')
        .select([
          'agent_sources.agent_id',
          'agent_sources.registry_name',
          'agent_sources.version',
          'agent_sources.queued_version',
          'agents.name',
          'agents.status',
          'agents.owner_id',
        ])
        .where('agent_sources.registry_name', 'in', names)
        .where('agents.status', '!=', 'rejected')
        .execute();
    },

    async markVersionQueued(agentId: number, version: string, trx: Executor = k): Promise<void> {
      await trx
        .updateTable('agent_sources')
        .set({ queued_version: version })
        .where('agent_id', '=', agentId)
        .execute();
    },

    /** After an approved edit from the registry: the listing now shows that version. */
    async setVersion(agentId: number, version: string, trx: Executor = k): Promise<void> {
      await trx.updateTable('agent_sources').set({ version }).where('agent_id', '=', agentId).execute();
    },

    async findSyncState(trx: Executor = k): Promise<RegistrySyncTable> {
      const row = await trx
        .selectFrom('registry_sync')
        .selectAll()
        .where('id', '=', SYNC_ROW_ID)
        .executeTakeFirst();
      return (
        row ?? {
          id: SYNC_ROW_ID,
          enabled: 0,
          updated_since: null,
          cursor: null,
          last_run_at: null,
          last_success_at: null,
          last_error: null,
          last_counts: null,
          lease_until: null,
        }
      );
    },

    async updateSyncState(values: Partial<Omit<RegistrySyncTable, 'id'>>, trx: Executor = k): Promise<void> {
      await trx
        .insertInto('registry_sync')
        .values({ id: SYNC_ROW_ID, enabled: 0, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },

    /**
     * Takes the sync's lease when nobody holds it (several instances share one database), and, for
     * the periodic run, only while the sync is on; false otherwise.
     */
    async takeSyncLease(options: {
      now: string;
      leaseUntil: string;
      onlyIfEnabled: boolean;
    }): Promise<boolean> {
      await k
        .insertInto('registry_sync')
        .values({ id: SYNC_ROW_ID, enabled: 0 })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      let query = k
        .updateTable('registry_sync')
        .set({ lease_until: options.leaseUntil })
        .where('id', '=', SYNC_ROW_ID)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', options.now)]));
      if (options.onlyIfEnabled) query = query.where('enabled', '=', 1);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Adds a new registry server, or moves a waiting one to its newer version; a dismissed one stays. */
    async upsertCandidate(
      candidate: Pick<
        ImportCandidatesTable,
        'registry_name' | 'version' | 'title' | 'description' | 'data' | 'registry_updated_at'
      > & { at: string },
      trx: Executor = k,
    ): Promise<'added' | 'updated' | 'unchanged'> {
      const { at, ...values } = candidate;
      const existing = await trx
        .selectFrom('import_candidates')
        .select(['id', 'version', 'status'])
        .where('registry_name', '=', values.registry_name)
        .executeTakeFirst();
      if (!existing) {
        await trx
          .insertInto('import_candidates')
          .values({ ...values, status: 'new', created_at: at, updated_at: at })
          .execute();
        return 'added';
      }
      if (existing.status !== 'new' || existing.version === values.version) return 'unchanged';
      await trx
        .updateTable('import_candidates')
        .set({ ...values, updated_at: at })
        .where('id', '=', existing.id)
        .execute();
      return 'updated';
    },

    async countNewCandidates(trx: Executor = k): Promise<number> {
      const row = await trx
        .selectFrom('import_candidates')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', 'new')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Waiting candidates, newest first, a page at a time (`beforeId` from the previous page). */
    async listNewCandidates(options: { limit: number; beforeId: number | null }) {
      let query = k
        .selectFrom('import_candidates')
        .select([
          'id',
          'registry_name',
          'version',
          'title',
          'description',
          'registry_updated_at',
          'created_at',
        ])
        .where('status', '=', 'new');
      if (options.beforeId !== null) query = query.where('id', '<', options.beforeId);
      return query.orderBy('id', 'desc').limit(options.limit).execute();
    },

    async findCandidate(id: number, trx: Executor = k) {
      return (
        (await trx.selectFrom('import_candidates').selectAll().where('id', '=', id).executeTakeFirst()) ??
        null
      );
    },

    /** Decides a waiting candidate; false when it was decided already. */
    async decideCandidate(
      id: number,
      status: 'dismissed' | 'drafted',
      at: string,
      trx: Executor = k,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('import_candidates')
        .set({ status, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'new')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type ImportsRepo = ReturnType<typeof createImportsRepo>;
