import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// SG9: "bounced within the last N days" needs the time of the bounce, which 0019 did not keep (a
// bounced recipient has no sent_at). The sender now records it in `bounced_at`. A row that bounced
// before this migration gets the time its last attempt was due (`next_attempt_at`, which a bounce
// leaves as it was): the attempt that bounced, moments before its answer was recorded.
//
// No index: SG9's conditions find a customer's rows by mailing_recipients_user (0019), and a whole
// mailing's by mailing_recipients_mailing_user.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mailing_recipients').addColumn('bounced_at', 'text').execute();
  await sql`update mailing_recipients set bounced_at = next_attempt_at where status = 'bounced'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mailing_recipients').dropColumn('bounced_at').execute();
}
