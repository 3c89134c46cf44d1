import type { ExpressionBuilder } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { PUBLIC_NAME_COLUMNS } from '../users/public-name.js';
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
  return {
    async insert(values: Omit<FilesTable, 'id'>, trx: Executor = db.kysely): Promise<FileRow> {
      return trx.insertInto('files').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async findById(id: number, trx: Executor = db.kysely) {
      return (await trx.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },

    /** The file if this user uploaded it, else null. */
    async findOwned(id: number, ownerId: number, trx: Executor = db.kysely) {
      return (
        (await trx
          .selectFrom('files')
          .select(['id', 'storage_key'])
          .where('id', '=', id)
          .where('owner_id', '=', ownerId)
          .executeTakeFirst()) ?? null
      );
    },

    async findByKey(storageKey: string, trx: Executor = db.kysely) {
      return (
        (await trx
          .selectFrom('files')
          .selectAll()
          .where('storage_key', '=', storageKey)
          .executeTakeFirst()) ?? null
      );
    },

    async listByOwner(ownerId: number, limit: number, trx: Executor = db.kysely) {
      return trx
        .selectFrom('files')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Which agents and drafts use each file, for a page of files. */
    async usageOf(fileIds: number[], trx: Executor = db.kysely): Promise<Map<number, FileUsage>> {
      const usage = new Map<number, FileUsage>(fileIds.map((id) => [id, { usedBy: [], inDraft: false }]));
      if (fileIds.length === 0) return usage;
      const [live, revisions, drafts] = await Promise.all([
        trx
          .selectFrom('agents')
          .select(['logo_file_id as file_id', 'id', 'slug', 'name'])
          .where('logo_file_id', 'in', fileIds)
          .execute(),
        trx
          .selectFrom('agent_revisions')
          .innerJoin('agents', 'agents.id', 'agent_revisions.agent_id')
          .select(['agent_revisions.logo_file_id as file_id', 'agents.id', 'agents.slug', 'agents.name'])
          .where('agent_revisions.logo_file_id', 'in', fileIds)
          .where('agent_revisions.status', '=', 'pending')
          .execute(),
        trx
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
    async listPage(options: { orphans?: boolean; limit: number; offset: number }, trx: Executor = db.kysely) {
      let query = trx.selectFrom('files');
      if (options.orphans === true) query = query.where((eb) => eb.not(inUse(eb)));
      if (options.orphans === false) query = query.where((eb) => inUse(eb));
      const [rows, total] = await Promise.all([
        query
          .leftJoin('users', 'users.id', 'files.owner_id')
          .selectAll('files')
          .select(['users.id as user_id', 'users.email as user_email', ...PUBLIC_NAME_COLUMNS])
          .orderBy('files.created_at', 'desc')
          .orderBy('files.id', 'desc')
          .limit(options.limit)
          .offset(options.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, totalCount: Number(total.n) };
    },

    async usage(orphanCutoff: string, trx: Executor = db.kysely) {
      const totals = (where?: (eb: FilesScope) => ReturnType<typeof inUse>) => {
        let query = trx.selectFrom('files');
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
     * submission made at the same moment cannot lose its logo. Answers what was deleted, else null.
     */
    async deleteOwnUnlessUsed(id: number, ownerId: number, trx: Executor = db.kysely) {
      return (
        (await trx
          .deleteFrom('files')
          .where('id', '=', id)
          .where('owner_id', '=', ownerId)
          .where((eb) => eb.not(usedByAgent(eb)))
          .returning(['id', 'storage_key', 'size'])
          .executeTakeFirst()) ?? null
      );
    },

    /**
     * Removes a file whatever uses it: live listings lose their logo, drafts and revisions their file.
     * Run it in a transaction. Null when there is no such file.
     */
    async deleteForce(id: number, trx: Executor = db.kysely) {
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
    },

    /** Deletes orphans created before the cutoff, re-checking orphanhood in the same statement. */
    async deleteOrphansBefore(cutoff: string, limit: number, trx: Executor = db.kysely) {
      const candidates = await trx
        .selectFrom('files')
        .select('id')
        .where((eb) => eb.and([eb.not(inUse(eb)), eb('files.created_at', '<', cutoff)]))
        .orderBy('id')
        .limit(limit)
        .execute();
      if (candidates.length === 0) return [];
      return trx
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
