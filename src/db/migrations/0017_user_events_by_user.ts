import type { Kysely } from 'kysely';

// One index on user_events by customer instead of two. Segments (0011) added (account_id, user_id,
// event_id, datetime) for "n events of a kind in a window" per customer, and erasure (0015) has
// (user_id, datetime) for the foreign-key checks and a customer's timeline. Both lead with the
// customer, so every event written lands on a random page of each: at 10M events, writing
// POST /user-events with both ran at 0.66x of the rate with one (docs/benchmarks.md, Segments).
// (user_id, datetime, event_id, account_id) serves all three: the checks and the timeline by its
// first columns, and a customer's count of one event in a window from the index alone (user_id is
// unique across accounts; account_id is there so the segment's account check needs no row).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('user_events_user_datetime_event')
    .on('user_events')
    .columns(['user_id', 'datetime', 'event_id', 'account_id'])
    .execute();
  await db.schema.dropIndex('user_events_user_datetime').execute();
  await db.schema.dropIndex('user_events_account_user_event_datetime').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('user_events_account_user_event_datetime')
    .on('user_events')
    .columns(['account_id', 'user_id', 'event_id', 'datetime'])
    .execute();
  await db.schema.createIndex('user_events_user_datetime').on('user_events').columns(['user_id', 'datetime']).execute();
  await db.schema.dropIndex('user_events_user_datetime_event').execute();
}
