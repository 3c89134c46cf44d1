import { loadConfig } from '../config.js';
import { createDb } from './database.js';
import { listMigrations, migrateToLatest } from './migrate.js';

/**
 * npm run db:migrate: applies pending migrations and exits non-zero on any failure.
 * npm run db:migrate -- status: lists the applied and the pending migrations, changing nothing, so an
 * operator sees what a new version will apply before it starts.
 */
const command = process.argv[2] ?? 'up';
if (command !== 'up' && command !== 'status') {
  console.error(`unknown command ${JSON.stringify(command)}: use npm run db:migrate [-- status]`);
  process.exit(2);
}
const db = createDb(loadConfig().database);
try {
  if (command === 'status') {
    const migrations = await listMigrations(db);
    for (const { name, appliedAt } of migrations)
      console.log(
        `${appliedAt ? 'applied' : 'pending'}  ${name}${appliedAt ? `  ${appliedAt.toISOString()}` : ''}`,
      );
    const pending = migrations.filter((migration) => !migration.appliedAt).length;
    console.log(`${migrations.length - pending} applied, ${pending} pending`);
  } else {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  }
} catch (error) {
  console.error(command === 'status' ? 'migration status failed:' : 'migration failed:', error);
  process.exitCode = 1;
} finally {
  await db.close();
}
