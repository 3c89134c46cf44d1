import type { ExpressionBuilder } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { Database, FileRow, FilesTable } from '../../db/schema.js';

type FilesScope = ExpressionBuilder<Database, 'files'>;

/** A live listing's logo, or the logo of an edit waiting for review: such a file must stay. */
function usedByAgent(eb: FilesScope) {
  return eb.or([
    eb.exists(eb.selectFrom('agents').select('agents.id').whereRef('agents.logo_file_id', '=', 'files.id')),
    eb.exists(
      eb
        .selectFrom('agent_revisions')
        .select('agent_revisions.id')
        .whereRef('agent_revisions.logo_file_id', '=', 'files.id')
        .where('agent_revisions.status', '=', 'pending'),
    ),
  ]);
}

/** Used by an agent, a pending revision or a draft; anything else is an orphan. */
function inUse(eb: FilesScope) {
  return eb.or([
    usedByAgent(eb),
    eb.exists(eb.selectFrom('drafts').select('drafts.id').whereRef('drafts.logo_file_id', '=', 'files.id')),
  ]);
}

export interface FileUsage {
  usedBy: Array<{ id: number; slug: string; name: string }>;
  inDraft: boolean;
}

export function createFilesRepo(db: Db) {
  const k = db.kysely;

  return {
    insert(values: Omit<FilesTable, 'id'>, executor: Executor = k): Promise<FileRow> {
      return executor.insertInto('files').values(values).returningAll().executeTakeFirstOrThrow();
    },

    findById(id: number) {
      return k.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByKey(storageKey: string) {
      return k.selectFrom('files').selectAll().where('storage_key', '=', storageKey).executeTakeFirst();
    },

    listByOwner(ownerId: number, limit: number) {
      return k
        .selectFrom('files')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Which agents and drafts use each file, for a page of files. */
    async usageOf(fileIds: number[]): Promise<Map<number, FileUsage>> {
      const usage = new Map<number, FileUsage>(fileIds.map((id) => [id, { usedBy: [], inDraft: false }]));
      if (fileIds.length === 0) return usage;
      const [live, revisions, drafts] = await Promise.all([
        k
          .selectFrom('agents')
          .select(['logo_file_id as file_id', 'id', 'slug', 'name'])
          .where('logo_file_id', 'in', fileIds)
          .execute(),
        k
          .selectFrom('agent_revisions')
          .innerJoin('agents', 'agents.id', 'agent_revisions.agent_id')
          .select(['agent_revisions.logo_file_id as file_id', 'agents.id', 'agents.slug', 'agents.name'])
          .where('agent_revisions.logo_file_id', 'in', fileIds)
          .where('agent_revisions.status', '=', 'pending')
          .execute(),
        k
          .selectFrom('drafts')
          .select('logo_file_id as file_id')
          .where('logo_file_id', 'in', fileIds)
          .execute(),
      ]);
      for (const row of [...live, ...revisions]) {
        const entry = row.file_id === null ? undefined : usage.get(row.file_id);
        if (entry && !entry.usedBy.some((agent) => agent.id === row.id))
          entry.usedBy.push({ id: row.id, slug: row.slug, name: row.name });
      }
      for (const row of drafts) {
        const entry = row.file_id === null ? undefined : usage.get(row.file_id);
        if (entry) entry.inDraft = true;
      }
      return usage;
    },

    /** A page of every file with its owner, newest first; orphans true/false narrows to orphans or used files. */
    async listPage(options: { orphans?: boolean; limit: number; offset: number }) {
      let query = k.selectFrom('files');
      if (options.orphans === true) query = query.where((eb) => eb.not(inUse(eb)));
      if (options.orphans === false) query = query.where((eb) => inUse(eb));
      const [rows, total] = await Promise.all([
        query
          .leftJoin('users', 'users.id', 'files.owner_id')
          .selectAll('files')
          .select([
            'users.id as user_id',
            'users.email as user_email',
            'users.first_name',
            'users.last_name',
            'users.full_name',
            'users.username',
            'users.is_anonymous',
            'users.deleted_at',
          ])
          .orderBy('files.created_at', 'desc')
          .orderBy('files.id', 'desc')
          .limit(options.limit)
          .offset(options.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, totalCount: Number(total.n) };
    },

    async usage(orphanCutoff: string) {
      const totals = (where?: (eb: FilesScope) => ReturnType<typeof inUse>) => {
        let query = k.selectFrom('files');
        if (where) query = query.where(where);
        return query
          .select((eb) => [
            eb.fn.countAll<number>().as('n'),
            eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'),
          ])
          .executeTakeFirstOrThrow();
      };
      const [all, orphans, removable] = await Promise.all([
        totals(),
        totals((eb) => eb.not(inUse(eb))),
        totals((eb) => eb.and([eb.not(inUse(eb)), eb('files.created_at', '<', orphanCutoff)])),
      ]);
      return {
        fileCount: Number(all.n),
        totalBytes: Number(all.bytes),
        orphanCount: Number(orphans.n),
        orphanBytes: Number(orphans.bytes),
        removableCount: Number(removable.n),
      };
    },

    /**
     * Deletes the uploader's file unless an agent or pending revision uses it, in one statement so a
     * submission made at the same moment cannot lose its logo. Answers what was deleted.
     */
    async deleteOwnUnlessUsed(id: number, ownerId: number) {
      return k
        .deleteFrom('files')
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .where((eb) => eb.not(usedByAgent(eb)))
        .returning(['id', 'storage_key', 'size'])
        .executeTakeFirst();
    },

    /** Removes a file whatever uses it: live listings lose their logo, drafts and revisions their file. */
    async deleteForce(id: number) {
      return k.transaction().execute(async (trx) => {
        const file = await trx.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
        if (!file) return null;
        const agents = await trx
          .updateTable('agents')
          .set({ logo_url: null, logo_file_id: null })
          .where('logo_file_id', '=', id)
          .executeTakeFirst();
        await trx
          .updateTable('agent_revisions')
          .set({ logo_file_id: null })
          .where('logo_file_id', '=', id)
          .execute();
        await trx.updateTable('drafts').set({ logo_file_id: null }).where('logo_file_id', '=', id).execute();
        await trx.deleteFrom('files').where('id', '=', id).execute();
        return { file, agentsChanged: Number(agents.numUpdatedRows) };
      });
    },

    /** Deletes orphans created before the cutoff, re-checking orphanhood in the same statement. */
    async deleteOrphansBefore(cutoff: string, limit: number) {
      const candidates = await k
        .selectFrom('files')
        .select('id')
        .where((eb) => eb.and([eb.not(inUse(eb)), eb('files.created_at', '<', cutoff)]))
        .orderBy('id')
        .limit(limit)
        .execute();
      if (candidates.length === 0) return [];
      return k
        .deleteFrom('files')
        .where(
          'id',
          'in',
          candidates.map((row) => row.id),
        )
        .where((eb) => eb.not(inUse(eb)))
        .returning(['id', 'storage_key', 'size'])
        .execute();
    },
  };
}

export type FilesRepo = ReturnType<typeof createFilesRepo>;
