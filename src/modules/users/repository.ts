import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import { lockedForNoKeyUpdate, lockedForUpdate } from '../../db/locking.js';
import { accountAsFilter } from '../../db/planner-hints.js';
import { PreparedQuery } from '../../db/prepared.js';
import type { DB, UsersTable } from '../../db/types.js';
import type { DateRange } from '../../lib/fields.js';
import type { Page } from '../../http/pagination.js';
import { visibleEntries } from '../../db/blacklist-visibility.js';
import { foldedUserColumns } from '../../db/folded-columns.js';
import { userSearchCondition } from '../../db/user-search.js';
import { type UserSort, orderUsers } from '../../db/user-order.js';
import { parseUserRef } from './user-ref.js';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Omit<Insertable<UsersTable>, 'id' | 'account_id'>;
export type UserChanges = Omit<Updateable<UsersTable>, 'id' | 'account_id'>;

export interface Identity {
  service_uid?: string | null;
  email?: string | null;
  document?: string | null;
  telephone?: string | null;
}

export const IDENTITY_FIELDS = ['service_uid', 'email', 'document', 'telephone'] as const;

export interface PointsEntry {
  concept: string;
  description?: string | null;
}

/** A ledger entry just written, with the user's identities as they are after it (points.changed, W2). */
export interface RecordedPoints {
  transactionId: number;
  balance: number;
  row: { id: number; concept: string; points: number; description: string | null; balance_after: number; createtime: string };
  user: { id: number; service_uid: string | null; email: string | null };
}

export interface LedgerFilter extends DateRange {
  concept?: string;
}

/** The highest balance the API keeps exact (O4); a credit beyond it is refused like a debit below 0. */
const MAX_BALANCE = Number.MAX_SAFE_INTEGER;


// POST /user-events finds its user by identity on every call: one compiled query per identity field.
const userByIdentity = Object.fromEntries(
  IDENTITY_FIELDS.map((field) => [
    field,
    new PreparedQuery<{ accountId: number; value: string }, UserRow>(`users.by-${field}`, ['accountId', 'value'], (db: Kysely<DB>, p) =>
      db.selectFrom('users').selectAll().where('account_id', '=', p.accountId).where(field, '=', p.value).orderBy('id').limit(1),
    ),
  ]),
) as Record<(typeof IDENTITY_FIELDS)[number], PreparedQuery<{ accountId: number; value: string }, UserRow>>;

// Reads by primary key (GET /users/{id}, and the users of a page of purchases or user events).
const userById = new PreparedQuery<{ accountId: number; id: number }, UserRow>('users.by-id', ['accountId', 'id'], (db: Kysely<DB>, p) =>
  db.selectFrom('users').selectAll().where('account_id', '=', p.accountId).where('id', '=', p.id),
);
const usersByIds = new PreparedQuery<{ accountId: number; ids: number[] }, UserRow>('users.by-ids', ['accountId', 'ids'], (db: Kysely<DB>, p) =>
  db.selectFrom('users').selectAll().where(accountAsFilter(p.accountId)).where('id', 'in', p.ids),
);

export type UserSummaryRow = Pick<UserRow, 'id' | 'service_uid' | 'email'>;
const userSummariesByIds = new PreparedQuery<{ accountId: number; ids: number[] }, UserSummaryRow>(
  'users.summaries-by-ids',
  ['accountId', 'ids'],
  (db: Kysely<DB>, p) => db.selectFrom('users').select(['id', 'service_uid', 'email']).where(accountAsFilter(p.accountId)).where('id', 'in', p.ids),
);

// Both lists in one query (one round trip on PostgreSQL, where each round trip costs a read's time): the e-mails on the e-mail list
// and the telephones on the telephone list, each part present only when there are values to check.
const listedValues = new PreparedQuery<{ accountId: number; emails?: string[]; telephones?: string[] }, { list: string; value: string }>(
  'blacklist_entries.listed',
  ['accountId', 'emails', 'telephones'],
  // Only the lists' live generations (migration 0008): an upload applying or a list being emptied is not seen half-way.
  (db: Kysely<DB>, p) => {
    const emails = p.emails && visibleEntries(db, p.accountId, 'email').select(['list', 'value']).where('value', 'in', p.emails);
    const telephones = p.telephones && visibleEntries(db, p.accountId, 'telephone').select(['list', 'value']).where('value', 'in', p.telephones);
    return emails && telephones ? emails.unionAll(telephones) : (emails ?? telephones)!;
  },
);

export class UsersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  findById(accountId: number, id: number): Promise<UserRow | undefined> {
    return userById.first(this.db, { accountId, id });
  }

  findMany(accountId: number, ids: number[]): Promise<UserRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return usersByIds.execute(this.db, { accountId, ids });
  }

  /** The identity fields the user-event objects carry, for a page's users. */
  findSummaries(accountId: number, ids: number[]): Promise<UserSummaryRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return userSummariesByIds.execute(this.db, { accountId, ids });
  }

  /** The first non-empty of service_uid, email, document, telephone decides (U6, E3). */
  async findByIdentity(accountId: number, identity: Identity): Promise<UserRow | undefined> {
    for (const field of IDENTITY_FIELDS) {
      const raw = identity[field];
      if (raw === undefined || raw === null || raw.trim() === '') continue;
      const value = field === 'email' ? raw.trim().toLowerCase() : raw;
      const [row] = await userByIdentity[field].execute(this.db, { accountId, value });
      return row;
    }
    return undefined;
  }

  /**
   * findByIdentity for many identities at once (bulk writes): one query per identity field in use.
   * Answers, in the order given, the user each identity finds (undefined when none or when empty).
   */
  async findByIdentities(accountId: number, identities: Identity[]): Promise<Array<UserRow | undefined>> {
    const wanted = identities.map((identity) => {
      for (const field of IDENTITY_FIELDS) {
        const raw = identity[field];
        if (raw === undefined || raw === null || raw.trim() === '') continue;
        return { field, value: field === 'email' ? raw.trim().toLowerCase() : raw };
      }
      return undefined;
    });
    const found = new Map<string, UserRow>();
    for (const field of IDENTITY_FIELDS) {
      const values = [...new Set(wanted.flatMap((w) => (w?.field === field ? [w.value] : [])))];
      for (let start = 0; start < values.length; start += 500) {
        // Sorted here, not in SQL: with `order by id` SQLite walked the (account_id, id) index — every
        // customer of the account, 53 ms for 100 of 100,000 — rather than look the values up.
        const rows = await this.db
          .selectFrom('users')
          .selectAll()
          .where('account_id', '=', accountId)
          .where(field, 'in', values.slice(start, start + 500))
          .execute();
        rows.sort((a, b) => Number(b.id) - Number(a.id));
        // Lowest id last, so it wins where a value is not unique (telephone), as in findByIdentity.
        for (const row of rows) found.set(`${field}\u0000${row[field]}`, row);
      }
    }
    return wanted.map((w) => (w ? found.get(`${w.field}\u0000${w.value}`) : undefined));
  }

  /** U3: `{id}` of /users/{id}, a numeric userapp_id or the base64 of a service_uid. */
  async findByRef(accountId: number, rawId: string): Promise<UserRow | undefined> {
    const ref = parseUserRef(rawId);
    if (!ref) return undefined;
    return 'id' in ref ? this.findById(accountId, ref.id) : this.findByIdentity(accountId, { service_uid: ref.serviceUid });
  }

  /**
   * Locks the user's row until the caller's transaction ends and answers its current tags: writes
   * that read the user first (tag merges, family members) then cannot interleave. Run it in a transaction.
   */
  async lock(accountId: number, id: number): Promise<{ tags: string } | undefined> {
    return lockedForUpdate(
      this.db,
      this.db.selectFrom('users').select('tags').where('account_id', '=', accountId).where('id', '=', id),
    ).executeTakeFirst();
  }

  /**
   * U5a: makes the balance `target` through the ledger: one entry for the difference (none when it
   * is already that), read under the row lock so a concurrent credit is never overwritten unseen.
   */
  async setPoints(accountId: number, userId: number, target: number, entry: PointsEntry, now: string): Promise<RecordedPoints | undefined> {
    const current = await lockedForUpdate(
      this.db,
      this.db.selectFrom('users').select('points').where('account_id', '=', accountId).where('id', '=', userId),
    ).executeTakeFirst();
    if (!current || Number(current.points) === target) return undefined;
    return this.recordPoints(accountId, userId, target - Number(current.points), entry, now);
  }

  /** U3: every word of `search` is a substring of e-mail, names, service_uid, document or telephone, folded. */
  async list(accountId: number, page: Page, search?: string, sort?: UserSort): Promise<UserRow[]> {
    let query = this.db.selectFrom('users as u').selectAll('u').where('u.account_id', '=', accountId);
    const matches = userSearchCondition(search);
    if (matches) query = query.where(matches);
    return orderUsers(query, sort).limit(page.limit).offset(page.offset).execute();
  }

  /**
   * The account's distinct tag lists with how many customers hold each (one row per combination,
   * so the tags themselves are counted by the caller: the same SQL on both databases).
   */
  async tagCombinations(accountId: number): Promise<{ tags: string; n: number | string }[]> {
    return this.db
      .selectFrom('users')
      .select((eb) => ['tags', eb.fn.countAll<number | string>().as('n')])
      .where('account_id', '=', accountId)
      .where('tags_folded', 'is not', null)
      .groupBy('tags')
      .execute();
  }

  /** How many users `list` would page through with this search. */
  async count(accountId: number, search?: string): Promise<number> {
    let query = this.db.selectFrom('users as u').where('u.account_id', '=', accountId);
    const matches = userSearchCondition(search);
    if (matches) query = query.where(matches);
    const row = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  insert(accountId: number, row: NewUserRow): Promise<UserRow> {
    return this.db
      .insertInto('users')
      .values({ ...row, ...foldedUserColumns(row), account_id: accountId })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Answers the row as the update left it (undefined when there is none). */
  update(accountId: number, id: number, changes: UserChanges): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set({ ...changes, ...foldedUserColumns(changes as Parameters<typeof foldedUserColumns>[0]) })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Adds `delta` to the balance in one conditional UPDATE, so concurrent changes can never take it
   * below zero, and records the ledger entry. Answers the entry, the new balance and the user's
   * identities, or undefined when refused. Run it inside the caller's transaction when other writes
   * must commit with it; services change points through PointsLedger (points.ts), which also writes
   * the points.changed message.
   */
  async recordPoints(accountId: number, userId: number, delta: number, entry: PointsEntry, now: string): Promise<RecordedPoints | undefined> {
    const updated = await this.db
      .updateTable('users')
      .set((eb) => ({ points: eb('points', '+', delta), updatetime: now }))
      .where('account_id', '=', accountId)
      .where('id', '=', userId)
      .where((eb) => eb(eb('points', '+', delta), '>=', 0))
      .where((eb) => eb(eb('points', '+', delta), '<=', MAX_BALANCE))
      .returning(['points', 'service_uid', 'email'])
      .executeTakeFirst();
    if (!updated) return undefined;
    return this.insertLedgerEntry(accountId, { id: userId, service_uid: updated.service_uid, email: updated.email }, delta, updated.points, entry, now);
  }

  /**
   * U5a for a customer just inserted with its balance (insert wrote `points`): the ledger's first
   * entry, the whole balance, in one statement (no update of the balance just written).
   */
  async recordOpeningBalance(accountId: number, user: UserRow, entry: PointsEntry, now: string): Promise<RecordedPoints> {
    return this.insertLedgerEntry(accountId, user, user.points, user.points, entry, now);
  }

  /** The ledger entry of a change of `points` that left the user's balance at `balance`. */
  private async insertLedgerEntry(
    accountId: number,
    user: Pick<UserRow, 'id' | 'service_uid' | 'email'>,
    points: number,
    balance: number,
    entry: PointsEntry,
    now: string,
  ): Promise<RecordedPoints> {
    const row = { concept: entry.concept, points, description: entry.description ?? null, balance_after: balance, createtime: now };
    const transaction = await this.db
      .insertInto('points_transactions')
      .values({ ...row, account_id: accountId, user_id: user.id })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    return {
      balance,
      transactionId: transaction.id,
      row: { id: transaction.id, ...row },
      user: { id: user.id, service_uid: user.service_uid, email: user.email },
    };
  }

  /**
   * recordPoints for many credits at once (bulk purchases): three statements whatever their number.
   * The users' rows are locked in id order (so concurrent callers cannot deadlock; FOR NO KEY UPDATE,
   * which the key-share locks of inserts naming these users do not conflict with), their balances
   * set in one UPDATE, and the ledger entries written in one insert, each with the balance right
   * after it. All or nothing: when a credit would take a balance beyond the largest one, nothing is
   * written and the refused user ids are answered. Credits only (positive amounts). Run it in a
   * transaction. Answers the refused user ids, or (none refused) the entries written, in order.
   */
  async recordCredits(
    accountId: number,
    credits: Array<{ userId: number; points: number; entry: PointsEntry }>,
    now: string,
  ): Promise<{ refused: Set<number>; recorded: RecordedPoints[] }> {
    const refused = new Set<number>();
    if (credits.length === 0) return { refused, recorded: [] };
    const ids = [...new Set(credits.map((credit) => credit.userId))].sort((a, b) => a - b);
    const rows = await lockedForNoKeyUpdate(
      this.db,
      this.db
        .selectFrom('users')
        .select(['id', 'points', 'service_uid', 'email'])
        .where(accountAsFilter(accountId))
        .where('id', 'in', ids)
        .orderBy('id'),
    ).execute();
    const balances = new Map(rows.map((row) => [Number(row.id), Number(row.points)]));
    const ledger = credits.map((credit) => {
      const balance = (balances.get(credit.userId) ?? Number.NaN) + credit.points;
      if (!(balance <= MAX_BALANCE)) refused.add(credit.userId); // NaN: no such user
      balances.set(credit.userId, balance);
      return {
        account_id: accountId,
        user_id: credit.userId,
        concept: credit.entry.concept,
        points: credit.points,
        description: credit.entry.description ?? null,
        balance_after: balance,
        createtime: now,
      };
    });
    if (refused.size > 0) return { refused, recorded: [] };
    const points = sql<number>`case ${sql.join(
      ids.map((id) => sql`when id = ${id} then cast(${balances.get(id)!} as bigint)`),
      sql` `,
    )} end`;
    await this.db.updateTable('users').set({ points, updatetime: now }).where(accountAsFilter(accountId)).where('id', 'in', ids).execute();
    // RETURNING's row order is not promised: each id is placed by its user and the balance after it
    // (a user's balances only grow along its credits, so that pair is unique).
    const idOf = new Map<string, number>();
    for (let start = 0; start < ledger.length; start += 500) {
      const written = await this.db
        .insertInto('points_transactions')
        .values(ledger.slice(start, start + 500))
        .returning(['id', 'user_id', 'balance_after'])
        .execute();
      for (const row of written) idOf.set(`${row.user_id}:${row.balance_after}`, Number(row.id));
    }
    const users = new Map(rows.map((row) => [Number(row.id), { id: Number(row.id), service_uid: row.service_uid, email: row.email }]));
    const recorded = ledger.map(({ account_id: _, user_id, ...row }) => {
      const id = idOf.get(`${user_id}:${row.balance_after}`)!;
      return { transactionId: id, balance: row.balance_after, row: { id, ...row }, user: users.get(user_id)! };
    });
    return { refused, recorded };
  }

  listTransactions(accountId: number, userId: number, page: Page) {
    return this.db
      .selectFrom('points_transactions')
      .select(['id', 'concept', 'points', 'description', 'balance_after', 'createtime'])
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /** U8: the ledger newest first (createtime, then id), filtered by concept and createtime. */
  listLedger(accountId: number, userId: number, filter: LedgerFilter, page: Page) {
    let query = this.db
      .selectFrom('points_transactions')
      .select(['id', 'concept', 'points', 'description', 'balance_after', 'createtime'])
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId);
    if (filter.concept !== undefined) query = query.where('concept', '=', filter.concept);
    if (filter.from !== undefined) query = query.where('createtime', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('createtime', '<=', filter.to);
    return query.orderBy('createtime', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  }

  /**
   * U11: the account's ledger newest first (createtime, then id), filtered as listLedger, with each
   * entry's customer. The page's ids are found first on the index alone (migration 0024), and only
   * those rows are read: a deep page skips index entries, not rows.
   */
  listAccountLedger(accountId: number, filter: LedgerFilter, page: Page) {
    let ids = this.db.selectFrom('points_transactions').select('id').where('account_id', '=', accountId);
    if (filter.concept !== undefined) ids = ids.where('concept', '=', filter.concept);
    if (filter.from !== undefined) ids = ids.where('createtime', '>=', filter.from);
    if (filter.to !== undefined) ids = ids.where('createtime', '<=', filter.to);
    const pageIds = ids.orderBy('createtime', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset);
    return this.db
      .selectFrom('points_transactions as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.concept', 'p.points', 'p.description', 'p.balance_after', 'p.createtime', 'p.user_id', 'u.service_uid', 'u.email'])
      .where('p.id', 'in', pageIds)
      .orderBy('p.createtime', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
  }

  /** U13: the club password's hash of a customer, if it has one. */
  async passwordHash(accountId: number, userId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('club_passwords')
      .select('password_hash')
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.password_hash;
  }

  /** U13: sets (or replaces) a customer's club password hash. */
  async setPasswordHash(accountId: number, userId: number, hash: string, now: string): Promise<void> {
    await this.db
      .insertInto('club_passwords')
      .values({ account_id: accountId, user_id: userId, password_hash: hash, updatetime: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: hash, updatetime: now }))
      .execute();
  }

  /** Which of these normalised e-mails and telephones are on their blacklist (U4). */
  async blacklisted(accountId: number, emails: string[], telephones: string[]): Promise<{ email: Set<string>; telephone: Set<string> }> {
    const listed = { email: new Set<string>(), telephone: new Set<string>() };
    if (emails.length === 0 && telephones.length === 0) return listed;
    const rows = await listedValues.execute(this.db, {
      accountId,
      emails: emails.length > 0 ? [...new Set(emails)] : undefined,
      telephones: telephones.length > 0 ? [...new Set(telephones)] : undefined,
    });
    for (const row of rows) (row.list === 'email' ? listed.email : listed.telephone).add(row.value);
    return listed;
  }
}
