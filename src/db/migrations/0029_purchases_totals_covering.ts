import type { Kysely } from 'kysely';

// Segments' purchase-total conditions (SG2: `purchases.total` over a window) sum price_total per
// customer. With price_total outside the index, each customer's purchases were read from the table:
// at 1,000,000 customers and 3,000,000 purchases on PostgreSQL, a range of 5,000 customers took
// 0.2–1.3 s (the table does not fit in memory, so each row is a random read); with price_total the
// index answers alone, 16–28 ms (docs/benchmarks.md, "Live segments"). Same name, one more column.

const COLUMNS = ['account_id', 'user_id', 'createtime', 'id'];

async function replace(db: Kysely<unknown>, columns: string[]): Promise<void> {
  await db.schema.dropIndex('purchases_account_user_createtime').execute();
  await db.schema.createIndex('purchases_account_user_createtime').on('purchases').columns(columns).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replace(db, [...COLUMNS, 'price_total']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replace(db, COLUMNS);
}
