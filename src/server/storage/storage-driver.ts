import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The local-disk driver is the only one today; a later S3 (or other
 * object store) driver implements the same calls, and nothing outside src/server/storage knows
 * which one is in use.
 */
export interface StorageDriver {
  readonly kind: 'local';
  /** Shown to admins on /storage-info and /admin/storage; never a path or a secret. */
  readonly label: string;
  /** Prepares the driver (creates the folder, checks the bucket); called once at start. */
  init(): Promise<void>;
  /** Stores the bytes under the key, replacing nothing: keys are random and used once. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes as a stream with their size, or null when nothing is stored under the key. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the file; a key that is already gone is not an error. Usage is counted from the files table. */
  delete(key: string): Promise<void>;
}

/** Keys are random names made by the upload service: one plain file name, no folders, no dots first. */
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}\.[a-z0-9]{1,10}$/;

export function isStorageKey(value: string): boolean {
  return STORAGE_KEY_PATTERN.test(value);
}
