import type { Kysely } from 'kysely';

// U13: a club member's password, only as its scrypt hash (lib/passwords.ts). In a table of its own,
// not a column of users: every read of a customer selects the whole users row (selectAll), so a
// column there would travel with each one; here only the club's sign-in reads it. Erasure (D1)
// deletes it through CUSTOMER_REFERENCES; the export (D3) has no part that reads it.
//
// U11: `GET /transactions` reads the account's whole ledger newest first, with or without a concept:
// two indexes that lead with the account (the existing ones lead with the customer), so a page is
// the index's next rows, not a sort of every entry.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('club_passwords')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('updatetime', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('points_transactions_account_time').on('points_transactions').columns(['account_id', 'createtime', 'id']).execute();
  await db.schema
    .createIndex('points_transactions_account_concept_time')
    .on('points_transactions')
    .columns(['account_id', 'concept', 'createtime', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('points_transactions_account_concept_time').execute();
  await db.schema.dropIndex('points_transactions_account_time').execute();
  await db.schema.dropTable('club_passwords').execute();
}
