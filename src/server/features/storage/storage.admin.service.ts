import type { AdminStorageResponse, StorageCleanupResponse } from '../../../shared/api/storage.js';
import { ORPHAN_MIN_AGE_MS } from '../../../shared/limits.js';
import { notFound } from '../../errors.js';
import { publicDisplayName } from '../users/public-name.js';
import { presentFile, storageInfo, type StorageDeps } from './uploads.service.js';

export const ADMIN_STORAGE_PAGE_SIZE = 20;
/** One clean-up removes at most this many files, so a request stays short; the admin can run it again. */
const CLEANUP_BATCH = 1000;

const orphanCutoff = (now = Date.now()) => new Date(now - ORPHAN_MIN_AGE_MS).toISOString();

export async function listStoredFiles(
  deps: StorageDeps,
  options: { page: number; orphans?: boolean },
): Promise<AdminStorageResponse> {
  const [{ rows, totalCount }, usage] = await Promise.all([
    deps.files.listPage({
      orphans: options.orphans,
      limit: ADMIN_STORAGE_PAGE_SIZE,
      offset: (options.page - 1) * ADMIN_STORAGE_PAGE_SIZE,
    }),
    deps.files.usage(orphanCutoff()),
  ]);
  const uses = await deps.files.usageOf(rows.map((row) => row.id));
  return {
    files: rows.map((row) => {
      const use = uses.get(row.id) ?? { usedBy: [], inDraft: false };
      return {
        ...presentFile(row),
        createdAt: row.created_at,
        owner:
          row.user_id !== null && row.user_email !== null && row.username !== null
            ? {
                id: row.user_id,
                email: row.user_email,
                displayName: publicDisplayName({
                  first_name: row.first_name,
                  last_name: row.last_name,
                  full_name: row.full_name,
                  username: row.username,
                  is_anonymous: row.is_anonymous ?? 0,
                  deleted_at: row.deleted_at,
                }),
              }
            : null,
        usedBy: use.usedBy,
        inDraft: use.inDraft,
        orphan: use.usedBy.length === 0 && !use.inDraft,
      };
    }),
    totalCount,
    totalPages: Math.ceil(totalCount / ADMIN_STORAGE_PAGE_SIZE),
    currentPage: options.page,
    usage,
    info: storageInfo(deps.driver),
  };
}

/** Removes a file whatever uses it; listings that showed it lose their logo. */
export async function deleteStoredFile(deps: StorageDeps, fileId: number): Promise<void> {
  const result = await deps.db.kysely.transaction().execute((trx) => deps.files.deleteForce(fileId, trx));
  if (!result) throw notFound('File not found');
  await deps.driver.delete(result.file.storage_key);
  if (result.agentsChanged > 0) deps.cache.invalidate();
}

/** Removes files nothing uses that are older than ORPHAN_MIN_AGE_MS (younger ones may be a form in progress). */
export async function cleanUpOrphans(deps: StorageDeps): Promise<StorageCleanupResponse> {
  const removed = await deps.files.deleteOrphansBefore(orphanCutoff(), CLEANUP_BATCH);
  for (const file of removed) await deps.driver.delete(file.storage_key);
  return { removed: removed.length, freedBytes: removed.reduce((sum, file) => sum + file.size, 0) };
}
