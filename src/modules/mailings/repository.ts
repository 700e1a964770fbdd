import { type Expression, type Kysely, type Selectable, type SqlBool, type Updateable, sql } from 'kysely';
import { visibleEntries } from '../../db/blacklist-visibility.js';
import { selectAccountRows } from '../../db/account-rows.js';
import { isPostgres } from '../../db/schema-helpers.js';
import type { DB, MailingRecipientsTable, MailingStatus, MailingsTable, RecipientStatus } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';
import { escapeLike } from '../../lib/fields.js';

// Mailings (M2), their frozen audiences and the senders' claims on them (M5–M7), and the key of
// the public tokens (M8). SQL only: the rules are in service.ts and sender.ts.

export type MailingRow = Selectable<MailingsTable>;
export type RecipientRow = Selectable<MailingRecipientsTable>;
/** A segment's definition compiled to a condition over `users as u` (segments/compile.ts). */
export type AudienceCondition = Expression<SqlBool>;

export interface MailingStats {
  recipients: number;
  pending: number;
  sent: number;
  failed: number;
  bounced: number;
  suppressed: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
}

/** Why a member of the audience is suppressed when it is frozen (M5). */
export type SuppressionReason = 'no_email' | 'blacklisted' | 'mailing_disabled' | 'duplicate';

/** The audience a freeze would write now: every member, those reachable, the others by reason. */
export interface AudienceCounts {
  members: number;
  receivable: number;
  suppressed: Record<SuppressionReason, number>;
}

export const EMPTY_STATS: MailingStats = { recipients: 0, pending: 0, sent: 0, failed: 0, bounced: 0, suppressed: 0, opened: 0, clicked: 0, unsubscribed: 0 };

export interface MailingFilter {
  folderId?: number;
  status?: MailingStatus;
  /** Folded words, each a substring of the folded name. */
  words: string[];
}

/** A claimed recipient: its row as the claim left it. */
export type ClaimedRecipient = Pick<RecipientRow, 'id' | 'account_id' | 'mailing_id' | 'user_id' | 'email' | 'attempts'>;

export interface RecipientOutcome {
  id: number;
  status: RecipientStatus;
  reason: string | null;
  /** For a retry: when it is due (status stays pending). */
  nextAttemptAt?: string;
}

export class MailingsRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<DB>) {
    this.postgres = isPostgres(db as Kysely<unknown>);
  }

  private inTransaction<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }

  async insert(accountId: number, values: Omit<MailingsTable, 'id' | 'account_id' | 'track_opens' | 'track_clicks'> & { track_opens: number; track_clicks: number }): Promise<MailingRow> {
    return this.db
      .insertInto('mailings')
      .values({ ...values, account_id: accountId })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  find(accountId: number, id: number): Promise<MailingRow | undefined> {
    return this.db.selectFrom('mailings').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /** M2: newest first, ties by id descending. */
  list(accountId: number, filter: MailingFilter, page: Page): Promise<MailingRow[]> {
    let query = this.db.selectFrom('mailings').selectAll().where('account_id', '=', accountId);
    if (filter.folderId !== undefined) query = query.where('folder_id', '=', filter.folderId);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    for (const word of filter.words) query = query.where(sql<SqlBool>`name_folded like ${`%${escapeLike(word)}%`} escape '\\'`);
    return query.orderBy('createtime', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  }

  /**
   * Changes a mailing only while its status is one of `inStatus` (a concurrent send or pause wins
   * or loses as a whole); undefined when it is not (or there is no such mailing).
   */
  async update(accountId: number, id: number, values: Updateable<MailingsTable>, inStatus: readonly MailingStatus[]): Promise<MailingRow | undefined> {
    return this.db
      .updateTable('mailings')
      .set(values)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('status', 'in', inStatus)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes a mailing not `sending` (its recipients go with it); false when none was deleted. */
  async delete(accountId: number, id: number): Promise<boolean> {
    return this.inTransaction(async (db) => {
      await db
        .deleteFrom('mailing_recipients')
        .where('account_id', '=', accountId)
        .where('mailing_id', 'in', db.selectFrom('mailings').select('id').where('account_id', '=', accountId).where('id', '=', id).where('status', '<>', 'sending'))
        .execute();
      const result = await db.deleteFrom('mailings').where('account_id', '=', accountId).where('id', '=', id).where('status', '<>', 'sending').executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  /** M7: the statistics of these mailings, from their recipient rows (one statement). */
  async stats(accountId: number, mailingIds: readonly number[]): Promise<Map<number, MailingStats>> {
    const found = new Map<number, MailingStats>();
    if (mailingIds.length === 0) return found;
    const rows = await this.db
      .selectFrom('mailing_recipients')
      .select((eb) => [
        'mailing_id',
        'status',
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.count<number | string>('opened_at').as('opened'),
        eb.fn.count<number | string>('clicked_at').as('clicked'),
        eb.fn.count<number | string>('unsubscribed_at').as('unsubscribed'),
      ])
      .where('account_id', '=', accountId)
      .where('mailing_id', 'in', mailingIds)
      .groupBy(['mailing_id', 'status'])
      .execute();
    for (const row of rows) {
      const id = Number(row.mailing_id);
      const stats = found.get(id) ?? { ...EMPTY_STATS };
      const n = Number(row.n);
      stats.recipients += n;
      stats[row.status] += n;
      stats.opened += Number(row.opened);
      stats.clicked += Number(row.clicked);
      stats.unsubscribed += Number(row.unsubscribed);
      found.set(id, stats);
    }
    return found;
  }

  /** M7: recipients in id order (the audience's userapp_id order). */
  recipients(accountId: number, mailingId: number, status: RecipientStatus | undefined, page: Page): Promise<RecipientRow[]> {
    let query = this.db.selectFrom('mailing_recipients').selectAll().where('account_id', '=', accountId).where('mailing_id', '=', mailingId);
    if (status) query = query.where('status', '=', status);
    return query.orderBy('user_id').limit(page.limit).offset(page.offset).execute();
  }

  findRecipient(accountId: number, mailingId: number, recipientId: number): Promise<RecipientRow | undefined> {
    return selectAccountRows(this.db, 'mailing_recipients', accountId).where('mailing_id', '=', mailingId).where('id', '=', recipientId).executeTakeFirst();
  }

  /** M9: a customer's recipient rows with their mailings' names, in mailing id order. */
  ofUser(accountId: number, userId: number) {
    return this.db
      .selectFrom('mailing_recipients as r')
      .innerJoin('mailings as m', 'm.id', 'r.mailing_id')
      .select(['r.mailing_id', 'm.name', 'r.status', 'r.sent_at', 'r.opened_at', 'r.clicked_at', 'r.unsubscribed_at'])
      .where('r.account_id', '=', accountId)
      .where('r.user_id', '=', userId)
      .orderBy('r.mailing_id')
      .execute();
  }

  /** A customer's recipient rows with their mailings, newest first (the latest frozen audience first). */
  ofUserPaged(accountId: number, userId: number, page: Page) {
    return this.db
      .selectFrom('mailing_recipients as r')
      .innerJoin('mailings as m', 'm.id', 'r.mailing_id')
      .select(['r.id', 'r.mailing_id', 'm.name', 'm.subject', 'r.email', 'r.status', 'r.reason', 'r.sent_at', 'r.opened_at', 'r.clicked_at', 'r.unsubscribed_at', 'r.bounced_at'])
      .where('r.account_id', '=', accountId)
      .where('r.user_id', '=', userId)
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /** M9: erasure removes the customer's recipient rows. */
  async deleteOfUser(accountId: number, userId: number): Promise<number> {
    const result = await this.db.deleteFrom('mailing_recipients').where('account_id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * The members of the condition as the freeze sees them (`k.id`, `k.email`, `k.status`,
   * `k.reason`): one row per customer; suppressed with the reason when it has no e-mail, its
   * e-mail is on the e-mail blacklist, its mailing flag is off, or another member with the same
   * e-mail came first (`duplicate`: one message per address; the first is the reachable one with
   * the lowest id). The one place these rules are written: the freeze inserts these rows, the
   * audience counts them.
   */
  private audienceOf(db: Kysely<DB>, accountId: number, condition: AudienceCondition) {
    const listed = visibleEntries(db, accountId, 'email').select(sql`1`.as('one')).whereRef('blacklist_entries.value', '=', sql.ref('u.email_list_key'));
    const members = db
      .selectFrom('users as u')
      .where('u.account_id', '=', accountId)
      .where(condition)
      .select((eb) => [
        'u.id',
        'u.email',
        sql<number>`case when u.email is null or u.email = '' then 1 when ${eb.exists(listed)} then 2 when u.mailing_enabled = 0 then 3 else 0 end`.as('blocked'),
      ]);
    const ranked = db
      .selectFrom(members.as('m'))
      .select([
        'm.id',
        'm.email',
        'm.blocked',
        sql<number>`row_number() over (partition by lower(m.email) order by case when m.blocked = 0 then 0 else 1 end, m.id)`.as('rank'),
      ]);
    return db.selectFrom(ranked.as('r')).select([
      'r.id',
      'r.email',
      sql<RecipientStatus>`case when r.blocked = 0 and r.rank = 1 then 'pending' else 'suppressed' end`.as('status'),
      sql<SuppressionReason | null>`case r.blocked when 1 then 'no_email' when 2 then 'blacklisted' when 3 then 'mailing_disabled' else case when r.rank = 1 then null else 'duplicate' end end`.as(
        'reason',
      ),
    ]);
  }

  /** A statement over the audience in one transaction, without PostgreSQL's JIT (segments/repository.ts says why it costs seconds here). */
  private overAudience<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.inTransaction(async (db) => {
      if (this.postgres) await sql`set local jit = off`.execute(db);
      return work(db);
    });
  }

  /**
   * M5: freezes the audience as recipient rows (audienceOf's), in one INSERT … SELECT (no member
   * passes through the process). Answers how many rows were written.
   */
  async freeze(accountId: number, mailingId: number, condition: AudienceCondition, now: string): Promise<number> {
    return this.overAudience(async (db) => {
      const rows = db
        .selectFrom(this.audienceOf(db, accountId, condition).as('k'))
        .select([sql.lit(accountId).as('account_id'), sql.lit(mailingId).as('mailing_id'), 'k.id as user_id', 'k.email', 'k.status', 'k.reason', sql.lit(now).as('next_attempt_at')]);
      const result = await db
        .insertInto('mailing_recipients')
        .columns(['account_id', 'mailing_id', 'user_id', 'email', 'status', 'reason', 'next_attempt_at'])
        .expression(rows)
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    });
  }

  /** The audience a freeze would write now, counted by status and reason (one statement; nothing written). */
  async audience(accountId: number, condition: AudienceCondition): Promise<AudienceCounts> {
    return this.overAudience(async (db) => {
      const rows = await db
        .selectFrom(this.audienceOf(db, accountId, condition).as('k'))
        .select((eb) => ['k.status', 'k.reason', eb.fn.countAll<number | string>().as('n')])
        .groupBy(['k.status', 'k.reason'])
        .execute();
      const counts: AudienceCounts = { members: 0, receivable: 0, suppressed: { no_email: 0, blacklisted: 0, mailing_disabled: 0, duplicate: 0 } };
      for (const row of rows) {
        const n = Number(row.n);
        counts.members += n;
        if (row.status === 'pending') counts.receivable += n;
        else if (row.reason !== null) counts.suppressed[row.reason] += n;
      }
      return counts;
    });
  }

  /** The mailings a sender works on now, whatever their account: sending, or scheduled and due. */
  active(now: string): Promise<MailingRow[]> {
    return this.db
      .selectFrom('mailings')
      .selectAll()
      .where((eb) => eb.or([eb('status', '=', 'sending'), eb.and([eb('status', '=', 'scheduled'), eb('send_at', '<=', now)])]))
      .orderBy('id')
      .execute();
  }

  /** The mailing's status now (the sender checks it between messages: pause and cancel). */
  async statusOf(accountId: number, mailingId: number): Promise<MailingStatus | undefined> {
    const row = await this.db.selectFrom('mailings').select('status').where('account_id', '=', accountId).where('id', '=', mailingId).executeTakeFirst();
    return row?.status;
  }

  /**
   * M6: claims up to `limit` due pending recipients of the mailing for `claimer` until `leaseUntil`:
   * those never claimed or whose lease ran out (a process that died holding them). PostgreSQL skips
   * rows another process is claiming at this instant; SQLite has one writer at a time.
   */
  async claim(accountId: number, mailingId: number, claimer: string, now: string, leaseUntil: string, limit: number): Promise<ClaimedRecipient[]> {
    const due = sql`select id from mailing_recipients
      where mailing_id = ${mailingId} and status = 'pending' and next_attempt_at <= ${now} and (lease_until is null or lease_until < ${now})
      order by next_attempt_at, id limit ${limit}${this.postgres ? sql` for update skip locked` : sql``}`;
    const rows = await this.db
      .updateTable('mailing_recipients')
      .set({ claimed_by: claimer, lease_until: leaseUntil })
      .where('account_id', '=', accountId)
      .where(sql<SqlBool>`id in (${due})`)
      .returning(['id', 'account_id', 'mailing_id', 'user_id', 'email', 'attempts'])
      .execute();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** Gives back claimed rows not attempted (a pause or cancel came): claimable at once. */
  async release(accountId: number, ids: readonly number[], claimer: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('mailing_recipients')
      .set({ claimed_by: null, lease_until: null })
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .where('claimed_by', '=', claimer)
      .execute();
  }

  /**
   * Records the outcomes of one batch, one statement per kind of outcome, only on rows this
   * claimer still holds. Answers the ids recorded (a row whose lease ran out and was claimed by
   * another process is not).
   */
  async record(accountId: number, claimer: string, outcomes: readonly RecipientOutcome[], now: string): Promise<Set<number>> {
    const groups = new Map<string, RecipientOutcome[]>();
    for (const outcome of outcomes) {
      const key = `${outcome.status}|${outcome.reason ?? ''}|${outcome.nextAttemptAt ?? ''}`;
      const group = groups.get(key) ?? [];
      group.push(outcome);
      groups.set(key, group);
    }
    const recorded = new Set<number>();
    for (const group of groups.values()) {
      const { status, reason, nextAttemptAt } = group[0]!;
      const rows = await this.db
        .updateTable('mailing_recipients')
        .set((eb) => ({
          status,
          reason,
          attempts: status === 'suppressed' ? eb.ref('attempts') : eb('attempts', '+', 1),
          claimed_by: null,
          lease_until: null,
          ...(status === 'sent' ? { sent_at: now } : {}),
          ...(status === 'bounced' ? { bounced_at: now } : {}),
          ...(nextAttemptAt ? { next_attempt_at: nextAttemptAt } : {}),
        }))
        .where('account_id', '=', accountId)
        .where(
          'id',
          'in',
          group.map((outcome) => outcome.id),
        )
        .where('claimed_by', '=', claimer)
        .returning('id')
        .execute();
      for (const row of rows) recorded.add(Number(row.id));
    }
    return recorded;
  }

  /** Whether the mailing still has pending recipients (claimed or not). */
  async hasPending(accountId: number, mailingId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('mailing_recipients')
      .select('id')
      .where('mailing_id', '=', mailingId)
      .where('status', '=', 'pending')
      .where('account_id', '=', accountId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** When the next pending recipient of the mailing is due (retries wait), or undefined. */
  async nextDue(accountId: number, mailingId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('mailing_recipients')
      .select((eb) => eb.fn.min('next_attempt_at').as('due'))
      .where('mailing_id', '=', mailingId)
      .where('status', '=', 'pending')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return (row?.due as string | null | undefined) ?? undefined;
  }

  /** Sets the first open, click or unsubscription of a recipient; false when it was set already. */
  async markFirst(accountId: number, recipientId: number, column: 'opened_at' | 'clicked_at' | 'unsubscribed_at', now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('mailing_recipients')
      .set({ [column]: now })
      .where('account_id', '=', accountId)
      .where('id', '=', recipientId)
      .where(column, 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** M8: the account's token key, made on first use (the first of two concurrent makers wins). */
  async tokenKey(accountId: number, make: () => string, now: string): Promise<string> {
    const found = await this.db.selectFrom('mailing_keys').select('secret').where('account_id', '=', accountId).executeTakeFirst();
    if (found) return found.secret;
    await this.db
      .insertInto('mailing_keys')
      .values({ account_id: accountId, secret: make(), createtime: now })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
    const row = await this.db.selectFrom('mailing_keys').select('secret').where('account_id', '=', accountId).executeTakeFirstOrThrow();
    return row.secret;
  }

  /** M8: the account's token key, or undefined when none was ever made (no token of it exists). */
  async tokenKeyIfAny(accountId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('mailing_keys').select('secret').where('account_id', '=', accountId).executeTakeFirst();
    return row?.secret;
  }
}
