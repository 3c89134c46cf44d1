import { normalizeEmail } from '../../../shared/rules/email.js';
import { loadConfig } from '../../config.js';
import { createDb } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { nowIso } from '../../lib/time.js';

/** npm run admin -- grant|revoke <email>: changes an account's role by hand; exits non-zero on failure. */
const [command, email] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('usage: npm run admin -- grant|revoke <email>');
  process.exit(2);
}

const db = createDb(loadConfig().database);
try {
  await migrateToLatest(db);
  const result = await db.kysely
    .updateTable('users')
    .set({ role: command === 'grant' ? 'admin' : 'user', updated_at: nowIso() })
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    console.error(`no account with the e-mail ${email}`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is ${command === 'grant' ? 'now an admin' : 'no longer an admin'}`);
  }
} catch (error) {
  console.error('could not change the role:', error);
  process.exitCode = 1;
} finally {
  await db.close();
}
