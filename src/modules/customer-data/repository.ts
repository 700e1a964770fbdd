import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { accountAsFilter } from '../../db/planner-hints.js';
import { lockedForUpdate } from '../../db/locking.js';
import { isPostgres } from '../../db/schema-helpers.js';
import type { DB } from '../../db/types.js';
import { CUSTOMER_REFERENCES, type CustomerReference, ERASURE_COUNTS, type ErasureCounts, type Records } from './references.js';

/** A customer about to be erased, as it is under the erasing transaction's lock. */
export interface LockedCustomer {
  id: number;
  service_uid: string | null;
  email: string | null;
  telephone: string | null;
}

/** A customer's membership of a segment, as SG8's message names the segment. */
export interface SegmentMembership {
  user_id: number;
  segment: { id: number; slug: string; title: string };
}

/** Frozen members written per statement (3 parameters each). */
const FROZEN_PER_STATEMENT = 2000;
/** Ids bound in one statement: far below either database's limit on parameters. */
const IDS_PER_STATEMENT = 5000;

function noCounts(): ErasureCounts {
  return Object.fromEntries(ERASURE_COUNTS.map((name) => [name, 0])) as ErasureCounts;
}

function chunks(ids: number[]): number[][] {
  const out: number[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) out.push(ids.slice(start, start + IDS_PER_STATEMENT));
  return out;
}

/**
 * D1–D4: every row of some customers, found through CUSTOMER_REFERENCES (the one list of what
 * refers to a customer), deleted or counted; and the members a bulk erasure froze. The tables are
 * named by that list, so the statements are built on an untyped view of the database.
 *
 * The ids of the customers' purchases and items are read first and the rows that refer to them are
 * then found by those ids: a subquery there left PostgreSQL, on tables it had no statistics of yet,
 * to join purchase_items with the purchases row by row (0.9 s to count 1,000 customers' items).
 */
export class ErasureRepository {
  private readonly any: Kysely<any>;

  constructor(private readonly db: Kysely<DB>) {
    this.any = db as Kysely<any>;
  }

  /**
   * Which of these customers exist, locked until the transaction ends (PostgreSQL, in id order so
   * two erasures never wait for each other crosswise): a write naming one of them meanwhile waits,
   * and the counts are exactly what is deleted. Run it in the erasing transaction.
   */
  async lockCustomers(accountId: number, userIds: number[]): Promise<LockedCustomer[]> {
    if (userIds.length === 0) return [];
    const rows = await lockedForUpdate(
      this.db,
      this.db.selectFrom('users').select(['id', 'service_uid', 'email', 'telephone']).where('account_id', '=', accountId).where('id', 'in', userIds).orderBy('id'),
    ).execute();
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /**
   * Waits (PostgreSQL) for the account's writers that insert rows of customers without a foreign
   * key making them wait for this erasure (migrations 0031, 0032): a value-group refresh (it holds
   * the account's value_snapshots row until it commits) and the steps of segment refreshes (each
   * holds its segment's segment_live row). Once they have committed, the memberships read next and
   * the rows deleted are theirs too; a refresh or step starting later waits for this transaction,
   * then no longer sees the customers. Run it in the erasing transaction, after lockCustomers and
   * before memberships. SQLite has one writer at a time: nothing to wait for.
   */
  async awaitScoreAndMemberWriters(accountId: number): Promise<void> {
    if (!isPostgres(this.any)) return;
    await sql`select account_id from value_snapshots where account_id = ${accountId} for share`.execute(this.db);
    await sql`select segment_id from segment_live where account_id = ${accountId} order by segment_id for share`.execute(this.db);
  }

  /** The segments these customers are stored as members of (SG8: an erasure announces their exits). */
  async memberships(accountId: number, userIds: number[]): Promise<SegmentMembership[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('segment_members as m')
      .innerJoin('segments as s', 's.id', 'm.segment_id')
      .select(['m.user_id', 's.id', 's.slug', 's.title'])
      .where('m.account_id', '=', accountId)
      .where('m.user_id', 'in', userIds)
      .orderBy('m.user_id')
      .orderBy('s.id')
      .execute();
    return rows.map((row) => ({ user_id: Number(row.user_id), segment: { id: Number(row.id), slug: row.slug, title: row.title } }));
  }

  /** Deletes every row of these customers, the profiles last, and answers D1's counts. Run it in a transaction. */
  async erase(accountId: number, userIds: number[]): Promise<ErasureCounts> {
    const counts = noCounts();
    if (userIds.length === 0) return counts;
    const records = await this.records(accountId, userIds);
    for (const reference of CUSTOMER_REFERENCES) {
      for (const ids of chunks(records[reference.records])) {
        const result = await this.any.deleteFrom(reference.table).where(this.rowsOf(reference, accountId, ids)).executeTakeFirst();
        if (reference.counted) counts[reference.counted] += Number(result.numDeletedRows);
      }
    }
    return counts;
  }

  /** O8: what erase would delete now. */
  async count(accountId: number, userIds: number[]): Promise<ErasureCounts> {
    const counts = noCounts();
    if (userIds.length === 0) return counts;
    const records = await this.records(accountId, userIds);
    for (const reference of CUSTOMER_REFERENCES) {
      if (!reference.counted) continue;
      for (const ids of chunks(records[reference.records])) {
        const row = await this.any
          .selectFrom(reference.table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where(this.rowsOf(reference, accountId, ids))
          .executeTakeFirstOrThrow();
        counts[reference.counted] += Number(row.n);
      }
    }
    return counts;
  }

  /** D4: records the customers a bulk erasure will erase. Run it in the transaction that accepts it. */
  async freeze(accountId: number, erasureId: string, userIds: number[]): Promise<void> {
    for (let start = 0; start < userIds.length; start += FROZEN_PER_STATEMENT) {
      await this.db
        .insertInto('erasure_members')
        .values(userIds.slice(start, start + FROZEN_PER_STATEMENT).map((id) => ({ erasure_id: erasureId, account_id: accountId, user_id: id })))
        .onConflict((oc) => oc.columns(['erasure_id', 'user_id']).doNothing())
        .execute();
    }
  }

  /** The next customers a bulk erasure still has to erase, lowest id first. */
  async frozen(accountId: number, erasureId: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('erasure_members')
      .select('user_id')
      .where('erasure_id', '=', erasureId)
      .where('account_id', '=', accountId)
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map((row) => Number(row.user_id));
  }

  /** Forgets frozen customers (erased, or gone since the erasure was accepted). */
  async unfreeze(accountId: number, erasureId: string, userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .deleteFrom('erasure_members')
      .where('erasure_id', '=', erasureId)
      .where('account_id', '=', accountId)
      .where('user_id', 'in', userIds)
      .execute();
  }

  /** The customers, their purchases and those purchases' items, by id. */
  private async records(accountId: number, userIds: number[]): Promise<Record<Records, number[]>> {
    const idsOf = async (table: 'purchases' | 'purchase_items', column: 'user_id' | 'purchase_id', of: number[]) => {
      const out: number[] = [];
      for (const ids of chunks(of)) {
        const rows = await this.any.selectFrom(table).select('id').where('account_id', '=', accountId).where(column, 'in', ids).execute();
        out.push(...rows.map((row) => Number(row.id)));
      }
      return out;
    };
    const purchases = await idsOf('purchases', 'user_id', userIds);
    return { customers: userIds, purchases, purchase_items: await idsOf('purchase_items', 'purchase_id', purchases) };
  }

  /** The rows of `reference`'s table whose column holds one of `ids` (of its kind of record). */
  private rowsOf(reference: CustomerReference, accountId: number, ids: number[]) {
    return (eb: ExpressionBuilder<any, any>) => {
      // Every column that refers to a customer has an index of its own (migrations 0015, 0017), which
      // SQLite must use (through user_events by account and event, a dry run of 100,138 customers
      // took 105 s instead of 24).
      const conditions = [eb(reference.column, 'in', ids), accountAsFilter(accountId)];
      if (reference.kind !== undefined) {
        conditions.push(
          eb(
            'definition_id',
            'in',
            this.any.selectFrom('attribute_definitions').select('id').where('account_id', '=', accountId).where('kind', '=', reference.kind),
          ),
        );
      }
      return eb.and(conditions);
    };
  }
}
