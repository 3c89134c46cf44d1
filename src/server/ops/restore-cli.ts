import { ConfigError, loadConfig } from '../config.js';
import { BackupError, restoreBackup } from './backup.js';

/**
 * npm run restore -- <file> [--force]: restores a backup into the configured DATA_DIR and database,
 * which must be empty unless --force; then applies this version's newer migrations.
 */
const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((arg) => arg !== '--force');
if (files.length !== 1 || files[0]!.startsWith('--')) {
  console.error('usage: npm run restore -- <file.tar.gz> [--force]');
  process.exit(2);
}
try {
  const { manifest, applied } = await restoreBackup({ config: loadConfig(), file: files[0]!, force });
  console.log(
    `restored ${manifest.files.length} files from a backup of ${manifest.createdAt} ` +
      `(version ${manifest.appVersion}, migration ${manifest.migration ?? '(none)'}); ` +
      (applied.length ? `then applied: ${applied.join(', ')}` : 'no migration was needed'),
  );
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
  else console.error('restore failed:', error);
  process.exitCode = 1;
}
