import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDb } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoIfEmpty } from './db/seed-demo.js';
import { hashPassword } from './features/auth/passwords.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  const db = createDb(config.database);
  await migrateToLatest(db);
  if (config.seed === 'demo') {
    const ownerPasswordHash = config.demoOwnerPassword ? await hashPassword(config.demoOwnerPassword) : null;
    const seeded = await seedDemoIfEmpty(db, Date.now(), { ownerPasswordHash, demoOrigin: config.publicUrl });
    if (seeded)
      console.log(JSON.stringify({ level: 30, msg: `seeded demo catalogue: ${seeded.agents} agents` }));
  }

  const app = await buildApp(config, { db, migrate: false });
  app.addHook('onClose', () => db.close());

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  // A promise nobody awaits must not end the process with every request in flight: log it with its
  // stack, so it is found and fixed, and keep serving.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection');
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
