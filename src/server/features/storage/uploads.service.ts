import { randomBytes } from 'node:crypto';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import type { OwnUploadList, StorageInfo, UploadedFile } from '../../../shared/api/storage.js';
import {
  LOGO_OUTPUT_SIZE_PX,
  ORPHAN_MIN_AGE_MS,
  UPLOAD_ACCEPTED_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_DIMENSION_PX,
} from '../../../shared/limits.js';
import type { Db } from '../../db/database.js';
import type { FileRow } from '../../db/schema.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import type { ResponseCache } from '../../lib/response-cache.js';
import { createBoundedQueue, QueueFullError, type BoundedQueue } from '../../lib/bounded-queue.js';
import { nowIso } from '../../lib/time.js';
import { publicFileUrl } from '../../storage/file-url.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import type { FilesRepo } from './files.repo.js';

export interface StorageDeps {
  db: Db;
  driver: StorageDriver;
  files: FilesRepo;
  cache: ResponseCache;
  /** Where every decode runs: bounds the native memory sharp holds (decision 0012). */
  images: BoundedQueue;
}

export interface ImageQueueOptions {
  /** Images decoded at once. */
  workers: number;
  /** Uploads that may wait for a worker; the next one is answered 503 with Retry-After. */
  waiting: number;
  /** The longest an upload waits for a worker before it is answered 503 (IMAGE_MAX_WAIT_MS). */
  maxWaitMs?: number;
}

/**
 * An upload waits at most this long for its turn: well under the 30 s after which the server closes a
 * connection that saw no traffic (app.ts), so the client gets a 503 with Retry-After, not a reset.
 */
export const IMAGE_MAX_WAIT_MS = 20_000;

/**
 * The queue every decode goes through, and sharp's process-wide settings (set as it loads, in
 * loadSharp), chosen on purpose rather than left to its defaults. A decode of a 4096×4096 PNG holds
 * the whole image outside the V8 heap (48 MB for RGB, 128 MB for RGBA 16-bit), so the queue's
 * `workers` bounds that memory; one libvips thread per image (sharp's default only on glibc without
 * jemalloc) keeps it the same on every platform; and no operation cache, since no two uploads are
 * the same image.
 */
export function createImageQueue(options: ImageQueueOptions): BoundedQueue {
  return createBoundedQueue({
    concurrency: options.workers,
    maxWaiting: options.waiting,
    maxWaitMs: options.maxWaitMs ?? IMAGE_MAX_WAIT_MS,
  });
}

let sharpLoaded: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined;

/**
 * sharp with its process-wide settings (above), loaded at the first upload: libvips is about 10 MB
 * of resident memory that a server nobody uploads to does not need (npm run bench, peak RSS).
 */
function loadSharp() {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return (input: Buffer, options: SharpOptions) => sharp(input, options);
  });
  return sharpLoaded;
}

export const OUTPUT_TYPE = 'image/webp';
export const SVG_REFUSED = 'SVG images are not accepted. Upload a PNG, JPEG or WebP image.';
export const TYPE_REFUSED = 'Only PNG, JPEG or WebP images are accepted.';
export const TOO_LARGE = 'The file is larger than 1 MB.';
export const DIMENSIONS_REFUSED = `The image is larger than ${UPLOAD_MAX_DIMENSION_PX}×${UPLOAD_MAX_DIMENSION_PX} pixels.`;
export const UNREADABLE = 'The image could not be read. It may be damaged.';
export const BUSY = 'Many images are being processed right now. Please try again in a few seconds.';
const OWN_UPLOADS_LIMIT = 100;

type AcceptedType = (typeof UPLOAD_ACCEPTED_TYPES)[number];
const SHARP_FORMATS: Record<AcceptedType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/** The image type the bytes say they are (never the name or the declared type), or svg, or null. */
export function sniffImageType(bytes: Buffer): AcceptedType | 'svg' | null {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  // SVG is text: an XML prolog, comments or a doctype may come before the <svg> element.
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<') && /<svg[\s>/]/i.test(head)) return 'svg';
  return null;
}

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** sharp's refusal of an image with more pixels than `limitInputPixels`, before anything is decoded. */
const isPixelLimitError = (error: unknown) =>
  error instanceof Error && /exceeds pixel limit/i.test(error.message);

/**
 * Checks an uploaded logo by its content and re-encodes it: turned upright, fitted inside
 * LOGO_OUTPUT_SIZE_PX without enlarging, WebP, with no metadata (EXIF, GPS, ICC comments) kept.
 * The checks read only the header; the decode waits its turn in `deps.images`.
 */
export async function processLogo(deps: Pick<StorageDeps, 'images'>, bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > UPLOAD_MAX_BYTES) throw new AppError('too_large', TOO_LARGE);
  const type = sniffImageType(bytes);
  if (type === 'svg') throw invalid(SVG_REFUSED, { file: [SVG_REFUSED] });
  if (!type) throw invalid(TYPE_REFUSED, { file: [TYPE_REFUSED] });

  const refuse = (message: string) => invalid(message, { file: [message] });
  const refusal = (error: unknown) => refuse(isPixelLimitError(error) ? DIMENSIONS_REFUSED : UNREADABLE);
  // A decompression bomb (a few KB of PNG that inflate to 20000×20000 pixels) stops here: sharp
  // compares the header's size with this limit before it decodes a pixel.
  const options = {
    limitInputPixels: UPLOAD_MAX_DIMENSION_PX * UPLOAD_MAX_DIMENSION_PX,
    failOn: 'error' as const,
    sequentialRead: true,
  };
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    throw refusal(error);
  }
  if (metadata.format !== SHARP_FORMATS[type] || !metadata.width || !metadata.height)
    throw refuse(UNREADABLE);
  if (metadata.width > UPLOAD_MAX_DIMENSION_PX || metadata.height > UPLOAD_MAX_DIMENSION_PX)
    throw refuse(DIMENSIONS_REFUSED);
  try {
    const { data, info } = await deps.images.run(() =>
      sharp(bytes, options)
        .rotate()
        .resize({
          width: LOGO_OUTPUT_SIZE_PX,
          height: LOGO_OUTPUT_SIZE_PX,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 85 })
        .toBuffer({ resolveWithObject: true }),
    );
    return { data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof QueueFullError)
      throw new AppError('unavailable', BUSY, undefined, { 'retry-after': String(error.retryAfterSeconds) });
    throw refusal(error);
  }
}

export function presentFile(row: FileRow): UploadedFile {
  return {
    id: row.id,
    url: publicFileUrl(row.storage_key),
    contentType: row.content_type,
    size: row.size,
    width: row.width,
    height: row.height,
  };
}

/** Stores a checked, re-encoded logo under a fresh random key, owned by its uploader. */
export async function storeUpload(
  deps: StorageDeps,
  options: { ownerId: number; bytes: Buffer; originalName: string | null },
): Promise<UploadedFile> {
  const image = await processLogo(deps, options.bytes);
  const key = `${randomBytes(18).toString('base64url')}.webp`;
  await deps.driver.put(key, image.data, OUTPUT_TYPE);
  try {
    const row = await deps.files.insert({
      owner_id: options.ownerId,
      storage_key: key,
      content_type: OUTPUT_TYPE,
      size: image.data.length,
      width: image.width,
      height: image.height,
      original_name: options.originalName ? options.originalName.slice(0, 255) : null,
      created_at: nowIso(),
    });
    return presentFile(row);
  } catch (error) {
    await deps.driver.delete(key);
    throw error;
  }
}

export async function listOwnUploads(deps: StorageDeps, ownerId: number): Promise<OwnUploadList> {
  const rows = await deps.files.listByOwner(ownerId, OWN_UPLOADS_LIMIT);
  const usage = await deps.files.usageOf(rows.map((row) => row.id));
  return {
    files: rows.map((row) => {
      const use = usage.get(row.id);
      return {
        ...presentFile(row),
        createdAt: row.created_at,
        inUse: Boolean(use && (use.usedBy.length > 0 || use.inDraft)),
      };
    }),
  };
}

/** The uploader deletes their own file; someone else's answers 404, a logo in use 409. */
export async function deleteOwnUpload(deps: StorageDeps, options: { ownerId: number; fileId: number }) {
  const deleted = await deps.files.deleteOwnUnlessUsed(options.fileId, options.ownerId);
  if (!deleted) {
    const file = await deps.files.findById(options.fileId);
    if (!file || file.owner_id !== options.ownerId) throw notFound('File not found');
    throw conflict('This image is the logo of an agent or of an edit waiting for review, so it stays.');
  }
  await deps.driver.delete(deleted.storage_key);
}

export function storageInfo(driver: StorageDriver): StorageInfo {
  return {
    driver: driver.kind,
    driverLabel: driver.label,
    limits: {
      maxBytes: UPLOAD_MAX_BYTES,
      maxWidth: UPLOAD_MAX_DIMENSION_PX,
      maxHeight: UPLOAD_MAX_DIMENSION_PX,
      acceptedTypes: [...UPLOAD_ACCEPTED_TYPES],
      outputType: OUTPUT_TYPE,
      outputMaxSizePx: LOGO_OUTPUT_SIZE_PX,
      orphanMinAgeHours: ORPHAN_MIN_AGE_MS / 3_600_000,
    },
  };
}

/** A stored file to serve, with its content type, or null when the key names nothing stored. */
export async function openStoredFile(deps: StorageDeps, key: string) {
  const row = await deps.files.findByKey(key);
  if (!row) return null;
  const stored = await deps.driver.get(key);
  if (!stored) return null;
  return { ...stored, contentType: row.content_type };
}
