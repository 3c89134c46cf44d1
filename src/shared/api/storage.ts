import { z } from 'zod';
import { ROW_ID_MAX } from '../limits.js';
import { pagedSchema } from './paging.js';

/** POST /api/uploads (multipart field `file`) → 201. */
export const uploadedFileSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** GET /api/user/uploads: the signed-in person's own files (for /storage-basic). */
export const ownUploadListSchema = z.object({
  files: z.array(uploadedFileSchema.extend({ createdAt: z.string(), inUse: z.boolean() })),
});
export type OwnUploadList = z.infer<typeof ownUploadListSchema>;

/** GET /api/storage/info: the driver and limits, never a secret or a path on disk. */
export const storageInfoSchema = z.object({
  driver: z.enum(['local']),
  driverLabel: z.string(),
  limits: z.object({
    maxBytes: z.number().int(),
    maxWidth: z.number().int(),
    maxHeight: z.number().int(),
    acceptedTypes: z.array(z.string()),
    outputType: z.string(),
    outputMaxSizePx: z.number().int(),
    orphanMinAgeHours: z.number(),
  }),
});
export type StorageInfo = z.infer<typeof storageInfoSchema>;

export const storedFileSchema = uploadedFileSchema.extend({
  createdAt: z.string(),
  owner: z.object({ id: z.number().int(), email: z.string(), displayName: z.string() }).nullable(),
  /** Agents whose logo this is (live listings and pending revisions). */
  usedBy: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })),
  /** Also referenced by a draft. */
  inDraft: z.boolean(),
  orphan: z.boolean(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const storageUsageSchema = z.object({
  fileCount: z.number().int(),
  totalBytes: z.number().int(),
  orphanCount: z.number().int(),
  orphanBytes: z.number().int(),
  /** Orphans old enough for the clean-up to remove. */
  removableCount: z.number().int(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** GET /api/admin/storage?page= */
export const adminStorageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(10_000).default(1),
  orphans: z
    .enum(['true', 'false'], { error: 'orphans must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export const adminStorageResponseSchema = pagedSchema('files', storedFileSchema).extend({
  usage: storageUsageSchema,
  info: storageInfoSchema,
});
export type AdminStorageResponse = z.infer<typeof adminStorageResponseSchema>;

/** POST /api/admin/storage/cleanup: removes orphans older than a day. */
export const storageCleanupResponseSchema = z.object({
  removed: z.number().int(),
  freedBytes: z.number().int(),
});
export type StorageCleanupResponse = z.infer<typeof storageCleanupResponseSchema>;

/** DELETE /api/uploads/{id} and /api/admin/storage/{id}. */
export const fileIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(ROW_ID_MAX) });

/** GET /uploads/*: the storage key (a hidden route). */
export const uploadPathParamsSchema = z.object({ '*': z.string() });
