import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// The due messages' partial index (0016) also holds what a claim checks of each: whether another
// process's lease still holds it and its endpoint. A claim walks the due messages oldest first, and
// the oldest are the ones in flight (leased, still pending): read from the table, they cost a row
// each on every claim, which is most of a claim's time while a backlog drains (docs/benchmarks.md,
// Webhooks); from the index alone they cost an entry.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_messages_due').execute();
  await db.schema
    .createIndex('webhook_messages_due')
    .on('webhook_messages')
    .columns(['next_attempt_at', 'id', 'lease_until', 'endpoint_id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_messages_due').execute();
  await db.schema
    .createIndex('webhook_messages_due')
    .on('webhook_messages')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}
