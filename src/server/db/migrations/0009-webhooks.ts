import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId, type AnyDb } from './table-with-id.js';

/**
 * Owners' signed webhooks: the subscriptions, one delivery per message and
 * subscription (written in the transaction that raised the event, sent by the dispatcher), and
 * every attempt of a delivery for the log.
 */
export function webhooksMigration(dialect: Dialect): Migration {
  const id = tableWithId(dialect);

  return {
    async up(db: AnyDb) {
      await id(db, 'webhooks')
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('agent_id', 'integer', (col) => col.references('agents.id').onDelete('cascade'))
        .addColumn('url', 'text', (col) => col.notNull())
        .addColumn('events', 'text', (col) => col.notNull())
        .addColumn('secret', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
        .addColumn('disabled_reason', 'text')
        .addColumn('failing_since', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('webhooks_user_idx').on('webhooks').column('user_id').execute();

      await id(db, 'webhook_deliveries')
        .addColumn('webhook_id', 'integer', (col) =>
          col.notNull().references('webhooks.id').onDelete('cascade'),
        )
        .addColumn('message_id', 'text', (col) => col.notNull())
        .addColumn('event', 'text', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
        .addColumn('next_attempt_at', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('delivered_at', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due_idx')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_webhook_idx')
        .on('webhook_deliveries')
        .columns(['webhook_id', 'id'])
        .execute();

      await id(db, 'webhook_attempts')
        .addColumn('delivery_id', 'integer', (col) =>
          col.notNull().references('webhook_deliveries.id').onDelete('cascade'),
        )
        .addColumn('attempted_at', 'text', (col) => col.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('duration_ms', 'integer', (col) => col.notNull())
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_attempts_delivery_idx')
        .on('webhook_attempts')
        .column('delivery_id')
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('webhook_attempts').execute();
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhooks').execute();
    },
  };
}
