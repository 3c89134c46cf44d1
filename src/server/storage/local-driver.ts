import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isStorageKey, type StorageDriver } from './storage-driver.js';

/** Files on the local disk under one folder ($DATA_DIR/uploads by default). */
export function createLocalDriver(root: string): StorageDriver {
  const folder = path.resolve(root);

  function fileFor(key: string): string {
    // Keys are checked again here so no caller can ever reach outside the folder.
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return path.join(folder, key);
  }

  return {
    kind: 'local',
    label: 'Local disk',

    async init() {
      await fs.promises.mkdir(folder, { recursive: true });
    },

    async put(key, data) {
      const target = fileFor(key);
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = path.join(folder, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      await fs.promises.writeFile(temporary, data, { flag: 'wx', mode: 0o644 });
      try {
        await fs.promises.rename(temporary, target);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      if (!isStorageKey(key)) return null;
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(fileFor(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { stream: handle.createReadStream(), size: stat.size };
    },

    async delete(key) {
      await fs.promises.rm(fileFor(key), { force: true });
    },
  };
}
