import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../schema-helpers.js';

// U14's refresh inserts one row per scored customer (435,802 at 1,000,000 customers). On
// PostgreSQL each insert checked the foreign key to users, reading the customer's row and locking
// it `for key share`: 12.7–17.6 s of a 31–41 s statement (docs/benchmarks.md, "Value groups").
// What the key guarded the code does itself: an erasure deletes a customer's scores
// (CUSTOMER_REFERENCES), and on PostgreSQL it first waits for a refresh of the account running at
// that moment, as the key's lock on the customer's row made it wait
// (ErasureRepository.awaitScoreAndMemberWriters), so
// no score of an erased customer is committed after the erasure. SQLite cannot drop a constraint,
// so the table is rebuilt.

async function rebuild(db: Kysely<unknown>, withKey: boolean): Promise<void> {
  await db.schema
    .createTable('value_scores_rebuilt')
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => (withKey ? col.notNull().references('users.id').onDelete('cascade') : col.notNull()))
    .addColumn('recency', 'integer', (col) => col.notNull())
    .addColumn('frequency', 'integer', (col) => col.notNull())
    .addColumn('monetary', 'integer', (col) => col.notNull())
    .addColumn('value_group', 'text', (col) => col.notNull())
    .addColumn('total_units', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('value_scores_rebuilt_pk', ['account_id', 'user_id'])
    .execute();
  await sql`insert into value_scores_rebuilt select account_id, user_id, recency, frequency, monetary, value_group, total_units from value_scores`.execute(db);
  await db.schema.dropTable('value_scores').execute();
  await db.schema.alterTable('value_scores_rebuilt').renameTo('value_scores').execute();
  // An erasure deletes a customer's scores by user_id alone.
  await db.schema.createIndex('value_scores_user').on('value_scores').columns(['user_id']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`alter table value_scores drop constraint value_scores_user_id_fkey`.execute(db);
  else await rebuild(db, false);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from value_scores where not exists (select 1 from users u where u.id = value_scores.user_id)`.execute(db);
  if (isPostgres(db)) {
    await sql`alter table value_scores add constraint value_scores_user_id_fkey foreign key (user_id) references users (id) on delete cascade`.execute(db);
  } else await rebuild(db, true);
}
