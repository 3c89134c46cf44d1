import { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { readJsonColumn } from '../../db/json-columns.js';
import type { AdvisoriesTable } from '../../db/schema.js';

export type AdvisoryRow = Omit<AdvisoriesTable, 'id'> & { id: number };
export interface AffectedRow {
  advisory_id: number;
  agent_id: number;
  slug: string;
  versions: string[];
  toolSetHashes: string[];
}
export type AffectedInput = { agentId: number; versions: string[]; toolSetHashes: string[] };

const strings = z.array(z.string());
const readStrings = (json: string): string[] => readJsonColumn(strings, json, []);

export function createAdvisoriesRepo(db: Db) {
  const k = db.kysely;

  async function affectedOf(advisoryIds: number[], trx: Executor = k): Promise<AffectedRow[]> {
    if (advisoryIds.length === 0) return [];
    const rows = await trx
      .selectFrom('advisory_affected')
      .innerJoin('agents', 'agents.id', 'advisory_affected.agent_id')
      .select([
        'advisory_affected.advisory_id',
        'advisory_affected.agent_id',
        'agents.slug',
        'advisory_affected.versions',
        'advisory_affected.tool_set_hashes',
      ])
      .where('advisory_affected.advisory_id', 'in', advisoryIds)
      .orderBy('agents.slug')
      .execute();
    return rows.map((row) => ({
      advisory_id: row.advisory_id,
      agent_id: row.agent_id,
      slug: row.slug,
      versions: readStrings(row.versions),
      toolSetHashes: readStrings(row.tool_set_hashes),
    }));
  }

  async function replaceAffected(advisoryId: number, affected: AffectedInput[], trx: Executor) {
    await trx.deleteFrom('advisory_affected').where('advisory_id', '=', advisoryId).execute();
    await trx
      .insertInto('advisory_affected')
      .values(
        affected.map((entry) => ({
          advisory_id: advisoryId,
          agent_id: entry.agentId,
          versions: JSON.stringify(entry.versions),
          tool_set_hashes: JSON.stringify(entry.toolSetHashes),
        })),
      )
      .execute();
  }

  return {
    affectedOf,

    /** Agents by slug, for an advisory naming them; unknown slugs are absent. */
    async findAgentsBySlug(slugs: string[], trx: Executor = k) {
      if (slugs.length === 0) return [];
      return trx
        .selectFrom('agents')
        .select(['id', 'slug', 'name', 'owner_id'])
        .where('slug', 'in', slugs)
        .execute();
    },

    /** The next number of the year's advisories, read in the publishing transaction. */
    async nextSeq(year: number, trx: Executor): Promise<number> {
      const row = await trx
        .selectFrom('advisories')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('year', '=', year)
        .executeTakeFirst();
      return Number(row?.seq ?? 0) + 1;
    },

    async insert(
      values: Omit<AdvisoryRow, 'id' | 'withdrawn_at'>,
      affected: AffectedInput[],
      trx: Executor,
    ): Promise<AdvisoryRow> {
      const row = await trx.insertInto('advisories').values(values).returningAll().executeTakeFirstOrThrow();
      await replaceAffected(row.id, affected, trx);
      return row;
    },

    async update(
      id: number,
      values: Pick<AdvisoryRow, 'summary' | 'details' | 'severity' | 'modified_at'>,
      affected: AffectedInput[],
      trx: Executor,
    ): Promise<AdvisoryRow> {
      const row = await trx
        .updateTable('advisories')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await replaceAffected(id, affected, trx);
      return row;
    },

    /** Withdraws the advisory unless it already is; the row as it is now. */
    async withdraw(id: number, at: string, trx: Executor): Promise<AdvisoryRow> {
      await trx
        .updateTable('advisories')
        .set({ withdrawn_at: at, modified_at: at })
        .where('id', '=', id)
        .where('withdrawn_at', 'is', null)
        .execute();
      return trx.selectFrom('advisories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },

    findByOsvId(osvId: string, trx: Executor = k): Promise<AdvisoryRow | undefined> {
      return trx.selectFrom('advisories').selectAll().where('osv_id', '=', osvId).executeTakeFirst();
    },

    /** Newest first: of one agent when given, else of all. */
    async list(options: { agentId?: number; limit: number }): Promise<AdvisoryRow[]> {
      let query = k.selectFrom('advisories').selectAll('advisories');
      if (options.agentId !== undefined) {
        const agentId = options.agentId;
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('advisory_affected')
              .select('advisory_affected.agent_id')
              .whereRef('advisory_affected.advisory_id', '=', 'advisories.id')
              .where('advisory_affected.agent_id', '=', agentId),
          ),
        );
      }
      return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
    },

    /**
     * The advisories not withdrawn that name these agents, oldest first, with the tool set hashes they
     * are limited to and the hash the agent's MCP server serves now.
     */
    async findOpenNaming(agentIds: readonly number[]) {
      if (agentIds.length === 0) return [];
      const rows = await k
        .selectFrom('advisory_affected')
        .innerJoin('advisories', 'advisories.id', 'advisory_affected.advisory_id')
        .leftJoin('agent_endpoints', (join) =>
          join
            .onRef('agent_endpoints.agent_id', '=', 'advisory_affected.agent_id')
            .on('agent_endpoints.kind', '=', 'mcp'),
        )
        .select([
          'advisory_affected.agent_id',
          'advisories.osv_id',
          'advisory_affected.tool_set_hashes',
          'agent_endpoints.tool_set_hash',
        ])
        .where('advisory_affected.agent_id', 'in', [...agentIds])
        .where('advisories.withdrawn_at', 'is', null)
        .orderBy('advisories.published_at')
        .orderBy('advisories.id')
        .execute();
      return rows.map((row) => ({
        agentId: row.agent_id,
        osvId: row.osv_id,
        toolSetHashes: readStrings(row.tool_set_hashes),
        servedHash: row.tool_set_hash,
      }));
    },
  };
}

export type AdvisoriesRepo = ReturnType<typeof createAdvisoriesRepo>;
