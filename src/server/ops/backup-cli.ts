import { ConfigError, loadConfig } from '../config.js';
import { BackupError, createBackup } from './backup.js';

/** npm run backup -- <file>: an online backup of the configured site, while it serves. */
const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0) {
  console.error('usage: npm run backup -- <file.tar.gz>');
  process.exit(2);
}
try {
  const manifest = await createBackup({ config: loadConfig(), file });
  const bytes = manifest.files.reduce((sum, entry) => sum + entry.size, 0);
  console.log(
    `backup written to ${file}: ${manifest.database} at migration ${manifest.migration ?? '(none)'}, ` +
      `${manifest.files.length} files, ${bytes} bytes before compression`,
  );
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
  else console.error('backup failed:', error);
  process.exitCode = 1;
}
