import { loadConfig } from '../config.js';
import { createDb } from './database.js';
import { migrateToLatest } from './migrate.js';

/** npm run db:migrate: applies pending migrations and exits non-zero on any failure. */
const db = createDb(loadConfig().database);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} catch (error) {
  console.error('migration failed:', error);
  process.exitCode = 1;
} finally {
  await db.close();
}
