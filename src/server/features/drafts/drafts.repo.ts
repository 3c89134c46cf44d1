import type { Executor } from '../../db/database.js';
import type { DraftsTable } from '../../db/schema.js';

/** A draft with its logo's storage key (null when no logo or the file is gone). */
export async function findDrafts(executor: Executor, userId: number) {
  return draftsQuery(executor)
    .where('drafts.user_id', '=', userId)
    .orderBy('drafts.updated_at', 'desc')
    .orderBy('drafts.id', 'desc')
    .execute();
}

export async function findDraft(executor: Executor, id: number) {
  return (await draftsQuery(executor).where('drafts.id', '=', id).executeTakeFirst()) ?? null;
}

function draftsQuery(executor: Executor) {
  return executor
    .selectFrom('drafts')
    .leftJoin('files', 'files.id', 'drafts.logo_file_id')
    .select([
      'drafts.id',
      'drafts.user_id',
      'drafts.data',
      'drafts.logo_file_id',
      'drafts.created_at',
      'drafts.updated_at',
      'files.storage_key as logo_storage_key',
    ]);
}

export type DraftWithLogo = NonNullable<Awaited<ReturnType<typeof findDraft>>>;

export async function countDrafts(executor: Executor, userId: number): Promise<number> {
  const row = await executor
    .selectFrom('drafts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertDraft(
  executor: Executor,
  values: Pick<DraftsTable, 'user_id' | 'data' | 'logo_file_id' | 'created_at' | 'updated_at'>,
): Promise<number> {
  const row = await executor.insertInto('drafts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDraft(
  executor: Executor,
  id: number,
  values: Pick<DraftsTable, 'data' | 'logo_file_id' | 'updated_at'>,
): Promise<void> {
  await executor.updateTable('drafts').set(values).where('id', '=', id).execute();
}

/** Deletes the user's draft; false when there was none of theirs. */
export async function deleteDraft(executor: Executor, id: number, userId: number): Promise<boolean> {
  const result = await executor
    .deleteFrom('drafts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
