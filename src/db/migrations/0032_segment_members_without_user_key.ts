import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../schema-helpers.js';

// Live segments' stored members (SG7): a whole-segment refresh writes a row per member, millions
// at 1,000,000 customers. On PostgreSQL each insert checked the foreign key to users, reading the
// customer's row and locking it `for key share`: 400,000 members took 5.4 s with the key and 1.3 s
// without (one statement, PostgreSQL 15, 2026-11-29). What the key guarded is done explicitly:
// an erasure deletes a customer's memberships (CUSTOMER_REFERENCES) after waiting for the account's
// segment refreshes in flight (each holds its segment_live row), and the customer path passes over
// a customer an erasure holds (ErasureRepository.awaitScoreAndMemberWriters, LiveMembership). SQLite
// cannot drop a constraint, so the table is rebuilt; its one writer at a time never interleaves.

async function rebuild(db: Kysely<unknown>, withKey: boolean): Promise<void> {
  await db.schema
    .createTable('segment_members_rebuilt')
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('segment_id', 'integer', (col) => col.notNull().references('segments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => (withKey ? col.notNull().references('users.id').onDelete('cascade') : col.notNull()))
    .addColumn('since', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('segment_members_rebuilt_pk', ['segment_id', 'user_id'])
    .execute();
  await sql`insert into segment_members_rebuilt select account_id, segment_id, user_id, since from segment_members`.execute(db);
  await db.schema.dropTable('segment_members').execute();
  await db.schema.alterTable('segment_members_rebuilt').renameTo('segment_members').execute();
  await db.schema.createIndex('segment_members_user').on('segment_members').columns(['account_id', 'user_id', 'segment_id']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`alter table segment_members drop constraint segment_members_user_id_fkey`.execute(db);
  else await rebuild(db, false);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from segment_members where not exists (select 1 from users u where u.id = segment_members.user_id)`.execute(db);
  if (isPostgres(db)) {
    await sql`alter table segment_members add constraint segment_members_user_id_fkey foreign key (user_id) references users (id) on delete cascade`.execute(db);
  } else await rebuild(db, true);
}
