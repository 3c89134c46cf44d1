import { signingAlgorithms, type SigningAlgorithm } from '../../../shared/api/signing-keys.js';
import { ConfigError, loadConfig } from '../../config.js';
import { createDb } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createSecretBox, loadSecretKey } from '../../lib/secret-box.js';
import { createSigningKeysRepo } from './signing-keys.repo.js';
import {
  createUnsealedKeyCache,
  RETIRED_KEY_KEPT_DAYS,
  rotateSigningKey,
  SigningKeyError,
} from './signing-keys.service.js';

/**
 * npm run keys -- list: the signing keys, newest first, with when each retired and leaves the JWKS.
 * npm run keys -- rotate [--algorithm ES256|EdDSA] [--keep-days N]: a new key signs from now on; the
 * previous one stays in /.well-known/jwks.json for N days (default 30; 0 drops it at once, for a
 * leaked key). Running instances pick the new key up at their next signature. Exits non-zero on failure.
 */
const usage = 'usage: npm run keys -- list | rotate [--algorithm ES256|EdDSA] [--keep-days N]';
const [command, ...rest] = process.argv.slice(2);

function options(args: string[]): { algorithm?: SigningAlgorithm; keepDays?: number } {
  const parsed: { algorithm?: SigningAlgorithm; keepDays?: number } = {};
  for (let i = 0; i < args.length; i += 2) {
    const [name, value] = [args[i], args[i + 1]];
    if (name === '--algorithm' && signingAlgorithms.includes(value as SigningAlgorithm))
      parsed.algorithm = value as SigningAlgorithm;
    else if (name === '--keep-days' && value !== undefined && /^\d{1,4}$/.test(value))
      parsed.keepDays = Number(value);
    else throw new SigningKeyError(`${name ?? ''} ${value ?? ''}`.trim() + ` is not understood\n${usage}`);
  }
  return parsed;
}

if ((command !== 'list' && command !== 'rotate') || (command === 'list' && rest.length > 0)) {
  console.error(usage);
  process.exit(2);
}

let db: ReturnType<typeof createDb> | undefined;
try {
  const config = loadConfig();
  const parsed = command === 'rotate' ? options(rest) : {};
  db = createDb(config.database);
  await migrateToLatest(db);
  const keys = createSigningKeysRepo(db);
  if (command === 'list') {
    const rows = await keys.list();
    if (rows.length === 0) console.log('no signing key yet: the first is made when something is signed');
    const now = new Date().toISOString();
    for (const row of rows) {
      const state = !row.retired_at
        ? 'signing'
        : row.not_after && row.not_after > now
          ? `retired ${row.retired_at}, in the JWKS until ${row.not_after}`
          : `retired ${row.retired_at}, out of the JWKS since ${row.not_after}`;
      console.log(`${row.generation}  ${row.kid}  ${row.algorithm}  created ${row.created_at}  ${state}`);
    }
  } else {
    const { current, retired } = await rotateSigningKey(
      {
        db,
        keys,
        secretBox: createSecretBox(loadSecretKey(config)),
        unsealed: createUnsealedKeyCache(),
      },
      parsed,
    );
    console.log(
      `signing key ${current.kid} (${current.algorithm}, generation ${current.generation}) signs from now on`,
    );
    if (retired)
      console.log(
        `key ${retired.kid} retired; it stays in the JWKS until ${retired.not_after} (${parsed.keepDays ?? RETIRED_KEY_KEPT_DAYS} days)`,
      );
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof SigningKeyError) console.error(error.message);
  else console.error(`npm run keys -- ${command} failed:`, error);
  process.exitCode = 1;
} finally {
  await db?.close();
}
