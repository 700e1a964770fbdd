import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/schema-helpers.js';
import type { DB } from '../../db/types.js';

/** U14's groups, in the order they are tried (and answered). */
export const VALUE_GROUPS = ['champions', 'loyal', 'promising', 'at_risk', 'hibernating', 'regular'] as const;
export type ValueGroup = (typeof VALUE_GROUPS)[number];

/** Purchase totals are summed in these units (1/10,000), as segments' compiler sums them (SG2). */
export const TOTAL_UNITS = 10_000;

export interface ScoreRow {
  recency: number;
  frequency: number;
  monetary: number;
  value_group: ValueGroup;
}

export interface SnapshotRow {
  computed_at: string;
  run: string;
}

export interface GroupTotals {
  value_group: ValueGroup;
  customers: number;
  /** The 365-day purchase totals of the group's customers, in TOTAL_UNITS. */
  total_units: number;
}

/** What one refresh computes: the purchase window (inclusive) and the snapshot it writes. */
export interface Recompute {
  /** Purchases with createtime in [since, until] count (YYYY-MM-DD hh:mm:ss). */
  since: string;
  until: string;
  computedAt: string;
  run: string;
  /** When the next daily refresh of the account is due. */
  nextDue: string;
}

/** `1 + floor(5 × (r − 1) / n)` with r the rank (ties share the lowest) from worst to best (U14). */
const score = (worstToBest: ReturnType<typeof sql>) => sql<number>`1 + (5 * (rank() over (order by ${worstToBest}) - 1)) / count(*) over ()`;

export class ValueGroupsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Replaces the account's snapshot: the snapshot row, then its scores deleted and the new ones
   * inserted by one insert…select (the window functions rank every scored customer at once).
   * Run it in one transaction: readers see the old snapshot or the new one. Returns the customers
   * scored. Recency ranks by the day of the last purchase (an earlier day is more whole UTC days
   * before today: worse); frequency by the count; monetary by the total in whole 1/10,000 units,
   * each total rounded first, so both databases add exact integers.
   */
  async recompute(accountId: number, run: Recompute): Promise<number> {
    // The snapshot row first: its row lock makes a concurrent refresh of the account (the daily one
    // and a requested one, on PostgreSQL) wait for this one to commit, so its delete then sees the
    // rows this one inserted instead of colliding with them.
    const values = { computed_at: run.computedAt, run: run.run, scored: 0, due_at: run.nextDue };
    await this.db
      .insertInto('value_snapshots')
      .values({ account_id: accountId, ...values })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
      .execute();
    await this.db.deleteFrom('value_scores').where('account_id', '=', accountId).execute();
    // At 1,000,000 customers the default 4 MB spilled the three rank sorts and the per-customer
    // aggregate to disk (9.4 s of the statement's 13.3 s before its insert, docs/benchmarks.md);
    // 64 MB keeps them in memory (the aggregate gets twice that: hash_mem_multiplier). This
    // transaction only.
    if (isPostgres(this.db as Kysely<unknown>)) await sql`set local work_mem = '64MB'`.execute(this.db);
    const perCustomer = sql`select p.user_id, substr(max(p.createtime), 1, 10) as last_day, count(*) as purchases,
        sum(floor(p.price_total * ${TOTAL_UNITS} + 0.5)) as units
      from purchases p
      where p.account_id = ${accountId} and p.createtime >= ${run.since} and p.createtime <= ${run.until}
      group by p.user_id`;
    const scored = sql`select c.user_id, ${score(sql`c.last_day`)} as recency, ${score(sql`c.purchases`)} as frequency,
        ${score(sql`c.units`)} as monetary, c.units
      from (${perCustomer}) c`;
    const result = await sql`insert into value_scores (account_id, user_id, recency, frequency, monetary, value_group, total_units)
      select ${accountId}, s.user_id, s.recency, s.frequency, s.monetary,
        case
          when s.recency >= 4 and s.frequency >= 4 then 'champions'
          when s.frequency >= 4 then 'loyal'
          when s.recency >= 4 and s.frequency <= 2 then 'promising'
          when s.recency <= 2 and s.frequency >= 3 then 'at_risk'
          when s.recency <= 2 and s.frequency <= 2 then 'hibernating'
          else 'regular'
        end,
        cast(s.units as bigint)
      from (${scored}) s`.execute(this.db);
    const count = Number(result.numAffectedRows ?? 0);
    await this.db.updateTable('value_snapshots').set({ scored: count }).where('account_id', '=', accountId).execute();
    return count;
  }

  async snapshot(accountId: number): Promise<SnapshotRow | undefined> {
    return this.db.selectFrom('value_snapshots').select(['computed_at', 'run']).where('account_id', '=', accountId).executeTakeFirst();
  }

  /**
   * The snapshot's time and the customer's scores in it (undefined before the first snapshot), read
   * by one statement: on PostgreSQL a statement sees one committed state, so the time and the scores
   * are of the same snapshot even while a refresh commits.
   */
  async scoresOf(accountId: number, userId: number): Promise<{ computed_at: string; scores: ScoreRow | undefined } | undefined> {
    const row = await this.db
      .selectFrom('value_snapshots as s')
      .leftJoin('value_scores as v', (join) => join.onRef('v.account_id', '=', 's.account_id').on('v.user_id', '=', userId))
      .select(['s.computed_at', 'v.recency', 'v.frequency', 'v.monetary', 'v.value_group'])
      .where('s.account_id', '=', accountId)
      .executeTakeFirst();
    if (!row) return undefined;
    const scores =
      row.value_group === null || row.value_group === undefined
        ? undefined
        : { recency: Number(row.recency), frequency: Number(row.frequency), monetary: Number(row.monetary), value_group: row.value_group as ValueGroup };
    return { computed_at: row.computed_at, scores };
  }

  /** Scores of these customers (an export's page), by user id. */
  async scoresOfMany(accountId: number, userIds: readonly number[]): Promise<Map<number, ScoreRow>> {
    const found = new Map<number, ScoreRow>();
    if (userIds.length === 0) return found;
    const rows = await this.db
      .selectFrom('value_scores')
      .select(['user_id', 'recency', 'frequency', 'monetary', 'value_group'])
      .where('account_id', '=', accountId)
      .where('user_id', 'in', [...userIds])
      .execute();
    for (const row of rows) {
      found.set(Number(row.user_id), { recency: Number(row.recency), frequency: Number(row.frequency), monetary: Number(row.monetary), value_group: row.value_group as ValueGroup });
    }
    return found;
  }

  /**
   * The snapshot's time and its groups that have customers (the service adds the empty ones),
   * undefined before the first snapshot; one statement, for the reason scoresOf gives.
   */
  async groups(accountId: number): Promise<{ computed_at: string; groups: GroupTotals[] } | undefined> {
    const rows = await this.db
      .selectFrom('value_snapshots as s')
      .leftJoin('value_scores as v', 'v.account_id', 's.account_id')
      .select((eb) => ['s.computed_at', 'v.value_group', eb.fn.count<number | string>('v.user_id').as('customers'), eb.fn.sum<number | string | null>('v.total_units').as('units')])
      .where('s.account_id', '=', accountId)
      .groupBy(['s.computed_at', 'v.value_group'])
      .execute();
    if (rows.length === 0) return undefined;
    const groups = rows
      .filter((row) => row.value_group !== null)
      .map((row) => ({ value_group: row.value_group as ValueGroup, customers: Number(row.customers), total_units: Number(row.units ?? 0) }));
    return { computed_at: rows[0]!.computed_at, groups };
  }

  // --- the daily refresh (the worker's schedule, across accounts) ---

  /**
   * Accounts whose daily refresh is due: refreshed before and due, or never refreshed and with a
   * purchase (an account without any has nothing to score until it has one).
   */
  async dueAccounts(now: string, limit: number): Promise<number[]> {
    const due = await this.db.selectFrom('value_snapshots').select('account_id').where('due_at', '<=', now).orderBy('due_at').limit(limit).execute();
    const never = await this.db
      .selectFrom('accounts as a')
      .select('a.id as account_id')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('value_snapshots as s').select('s.account_id').whereRef('s.account_id', '=', 'a.id'))))
      .where((eb) => eb.exists(eb.selectFrom('purchases as p').select('p.id').whereRef('p.account_id', '=', 'a.id')))
      .orderBy('a.id')
      .limit(limit)
      .execute();
    return [...new Set([...due, ...never].map((row) => Number(row.account_id)))];
  }

  /**
   * Takes the account's due refresh for this transaction; true for the one caller (of every
   * process) that did. The claimed row stays locked until the transaction ends (PostgreSQL: a
   * concurrent claim waits for it, then finds nothing due), so claim, refresh and commit together.
   */
  async claimDue(accountId: number, now: string, placeholder: { run: string; nextDue: string }): Promise<boolean> {
    const updated = await this.db
      .updateTable('value_snapshots')
      .set({ due_at: placeholder.nextDue })
      .where('account_id', '=', accountId)
      .where('due_at', '<=', now)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return true;
    // Never refreshed: the first to insert the row claims it (a concurrent insert waits on the key).
    const inserted = await this.db
      .insertInto('value_snapshots')
      .values({ account_id: accountId, computed_at: now, run: placeholder.run, scored: 0, due_at: placeholder.nextDue })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
