import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Marks the format, so a later change of algorithm can still read what was stored before. */
const VERSION = 'v1';
const KEY_FILE = 'secret.key';

export interface SecretBox {
  encrypt(plain: string): string;
  /** Throws when the value was not sealed with this key (tampered with, or another instance's key). */
  decrypt(sealed: string): string;
}

export function createSecretBox(rawKey: Buffer): SecretBox {
  // Hashing lets SECRET_KEY be any string of 32+ characters while the cipher gets exactly 32 bytes.
  const key = createHash('sha256').update(rawKey).digest();
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    decrypt(sealed) {
      const [version, payload] = sealed.split(':');
      if (version !== VERSION || !payload) throw new Error('unknown sealed value format');
      const raw = Buffer.from(payload, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value is too short');
      const decipher = createDecipheriv(ALGORITHM, key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/**
 * The key: SECRET_KEY when set (needed when several instances share a database), else one
 * generated on first start and kept in $DATA_DIR/secret.key, readable only by this user.
 */
export function loadSecretKey(options: { secretKey: string | undefined; dataDir: string }): Buffer {
  if (options.secretKey) return Buffer.from(options.secretKey, 'utf8');
  const file = path.join(options.dataDir, KEY_FILE);
  fs.mkdirSync(options.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting at once cannot both write a key.
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = fs.readFileSync(file, 'utf8').trim();
  if (stored.length < 32) throw new Error(`${file} is damaged: delete it or set SECRET_KEY`);
  return Buffer.from(stored, 'utf8');
}
