import { Redis } from 'ioredis';
import { normalizeEmail } from '../../../shared/rules/email.js';
import { loadConfig } from '../../config.js';
import { createDb } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { NotificationHub } from '../../realtime/notification-hub.js';
import { createSessionsRepo } from '../auth/sessions.repo.js';
import { createUsersRepo } from './users.repo.js';
import { setUserRole } from './users.service.js';

/**
 * npm run admin -- grant|revoke <email>: changes an account's role by hand; exits non-zero on failure.
 * Revoking ends the person's sessions; with REDIS_URL the running instances close their sockets at
 * once, without it their session sweep does within 30 s.
 */
const [command, email] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('usage: npm run admin -- grant|revoke <email>');
  process.exit(2);
}

const config = loadConfig();
const db = createDb(config.database);
const hub = new NotificationHub({
  log: { info() {}, warn: (details, message) => console.error(message, details), error: console.error },
  ...(config.redisUrl
    ? {
        redis: {
          publisher: new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }),
          channelPrefix: config.redisChannelPrefix,
        },
      }
    : {}),
});
try {
  await migrateToLatest(db);
  const changed = await setUserRole(
    {
      users: createUsersRepo(db),
      sessions: createSessionsRepo(db),
      closeSessionSockets: hub.closeSessionSockets,
    },
    { email: normalizeEmail(email), role: command === 'grant' ? 'admin' : 'user' },
  );
  if (!changed) {
    console.error(`no account with the e-mail ${email}`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is ${command === 'grant' ? 'now an admin' : 'no longer an admin'}`);
  }
} catch (error) {
  console.error('could not change the role:', error);
  process.exitCode = 1;
} finally {
  await hub.stop();
  await db.close();
}
