import { type Compilable, CompiledQuery, type Expression, type Kysely, type RawBuilder, sql, type SqlBool } from 'kysely';
import { accountAsFilter } from '../../db/planner-hints.js';
import { isPostgres } from '../../db/schema-helpers.js';
import type { DB } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';
import { BadRequestError } from '../../lib/errors.js';
import { userSearchCondition } from '../../db/user-search.js';
import { type UserSort, orderUsers } from '../../db/user-order.js';
import type { UserRow } from '../users/repository.js';
import type { CompiledSegment, CountDialect } from './compile.js';

// The members of segments (SG4–SG6, SG7's point queries): every statement that evaluates a compiled
// definition over the customers (compile.ts) is here, each as one statement; the segments
// themselves are repository.ts's.

/** A segment with its definition compiled. */
export interface SegmentCondition {
  id: number;
  compiled: CompiledSegment;
}

/**
 * Bound parameters one member query may have: SQLite allows 32,766. A definition alone stays far
 * below (definition.ts limits its lists); only one that refers to several large segments gets here.
 */
const MAX_PARAMETERS = 30_000;
/** Member ids read per step of the statement that lists them (SG6's export, D4's erasure). */
const MEMBER_IDS_CHUNK = 5000;

/** Segments whose membership one statement checks (each adds its expression to a UNION ALL). */
const SEGMENTS_PER_STATEMENT = 20;

export class SegmentMembers {
  private readonly postgres: boolean;
  private readonly dialect: CountDialect;

  constructor(private readonly db: Kysely<DB>) {
    this.postgres = isPostgres(db as Kysely<unknown>);
    this.dialect = this.postgres ? 'postgres' : 'sqlite';
  }

  private inTransaction<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }

  private memberQuery(accountId: number, condition: Expression<SqlBool>) {
    return this.db.selectFrom('users as u').where('u.account_id', '=', accountId).where(condition);
  }

  /**
   * Runs a member query, refusing one with more parameters than SQLite takes (a 400, not a 500).
   * `scan`: a query over the account's customers (count, pages, export), not about one customer.
   */
  private async run<R>(query: Compilable<R> | RawBuilder<R>, scan: boolean, page = false): Promise<R[]> {
    const compiled = 'isRawBuilder' in query ? query.compile(this.db) : query.compile();
    this.checkSize(compiled);
    if (!this.postgres || !scan) return (await this.db.executeQuery(compiled)).rows;
    // PostgreSQL compiles a statement's expressions to machine code (JIT) once its estimated cost
    // passes jit_above_cost. A definition's correlated subqueries are costed once per customer, so
    // even a count that runs in 50 ms is estimated in the millions, and compiling its expressions
    // took 1-2 s on every count (docs/benchmarks.md, Segments): queries over the customers run
    // without JIT. Those about one customer are estimated far below the threshold.
    return this.scanning(page, async (db) => (await db.executeQuery(compiled)).rows);
  }

  /** PostgreSQL: `work` in a transaction set up for a scan of the account's customers (run says why). */
  private scanning<T>(page: boolean, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.inTransaction(async (db) => {
      await sql`set local jit = off`.execute(db);
      // A page stops after its members: PostgreSQL would still build, before the first customer, a
      // hash of every set an EXISTS of the definition looks in (it plans them for the whole
      // table), 0.5 s for R6's first page of 25. With memory for small sets only (a category's
      // SKUs) it probes the large ones customer by customer, as far as the page goes: 8 ms (64 kB
      // left R5's SKUs unhashed too, 121 ms; 1 MB still hashed some of R6's, 185 ms).
      if (page) await sql`set local work_mem = '256kB'`.execute(db);
      return work(db);
    });
  }

  private checkSize(compiled: { parameters: readonly unknown[] }): void {
    if (compiled.parameters.length > MAX_PARAMETERS) {
      throw new BadRequestError(
        `definition: too large to evaluate with the segments it refers to (${compiled.parameters.length} values; at most ${MAX_PARAMETERS})`,
      );
    }
  }

  /** SG4 `count`: one statement, with the definition in its form for counting (and SG5's search, for a listing's total). */
  async count(accountId: number, compiled: CompiledSegment, search?: string): Promise<number> {
    const whole = compiled.countWhere(this.dialect);
    let query = this.memberQuery(accountId, whole);
    const searched = userSearchCondition(search);
    if (searched) query = query.where(searched);
    const [row] = await this.run(query.select((eb) => eb.fn.countAll<number>().as('n')), true);
    return Number(row?.n ?? 0);
  }

  /** SG4 preview, SG5: a page of members in userapp_id order (or `sort`'s), optionally narrowed by a U3 search. */
  members(accountId: number, compiled: CompiledSegment, page: Page, search?: string, sort?: UserSort): Promise<UserRow[]> {
    let query = this.memberQuery(accountId, compiled.where).selectAll('u');
    const searched = userSearchCondition(search);
    if (searched) query = query.where(searched);
    return this.run(orderUsers(query, sort).limit(page.limit).offset(page.offset), true, true) as Promise<UserRow[]>;
  }

  /**
   * Every member's id in id order, from one statement in the count form: the definition is evaluated
   * once (an export reading pages of members evaluated it once a page: for a segment over every
   * purchase, once per thousand members). Read MEMBER_IDS_CHUNK at a time (SQLite: the statement
   * stepped in chunks; PostgreSQL: a cursor) into a typed array, 8 bytes a member.
   */
  async memberIds(accountId: number, compiled: CompiledSegment): Promise<Float64Array> {
    const query = this.memberQuery(accountId, compiled.countWhere(this.dialect)).select('u.id').orderBy('u.id');
    const statement = query.compile();
    this.checkSize(statement);
    let ids = new Float64Array(1024);
    let length = 0;
    const collect = (rows: ReadonlyArray<{ id: number }>) => {
      if (length + rows.length > ids.length) {
        const grown = new Float64Array(Math.max(ids.length * 2, length + rows.length));
        grown.set(ids);
        ids = grown;
      }
      for (const row of rows) ids[length++] = Number(row.id);
    };
    if (this.postgres) {
      // A cursor read in chunks: all 181,692 rows at once grew the process by 60 MB.
      await this.scanning(false, async (db) => {
        await db.executeQuery(CompiledQuery.raw(`declare segment_members no scroll cursor for ${statement.sql}`, [...statement.parameters]));
        const fetch = CompiledQuery.raw(`fetch forward ${MEMBER_IDS_CHUNK} from segment_members`);
        for (;;) {
          const { rows } = await db.executeQuery<{ id: number }>(fetch);
          if (rows.length === 0) break;
          collect(rows);
        }
        await db.executeQuery(CompiledQuery.raw('close segment_members'));
      });
    } else {
      // The executor's chunks, not query.stream(): that one steps once per row.
      for await (const chunk of this.db.getExecutor().stream<{ id: number }>(statement, MEMBER_IDS_CHUNK)) collect(chunk.rows);
    }
    return ids.subarray(0, length);
  }

  /** These customers' rows, in id order: every column, or only the columns named (the rest absent). */
  usersByIds(accountId: number, ids: ArrayLike<number>, columns?: readonly (keyof UserRow)[]): Promise<UserRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    const users = this.db.selectFrom('users');
    // PostgreSQL gets the ids as one array (a thousand parameters made the export of 181,692
    // members 20 % slower).
    return (columns ? users.select(columns) : users.selectAll())
      .where(accountAsFilter(accountId))
      .where(this.postgres ? sql<boolean>`id = any(${`{${Array.from(ids).join(',')}}`}::bigint[])` : sql<boolean>`id in (${sql.join(Array.from(ids))})`)
      .orderBy('id')
      .execute() as Promise<UserRow[]>;
  }

  /** Whether one user is a member: a point query on the user's row. */
  async isMember(accountId: number, compiled: CompiledSegment, userId: number): Promise<boolean> {
    const rows = await this.run(this.memberQuery(accountId, compiled.where).select('u.id').where('u.id', '=', userId), false);
    return rows.length > 0;
  }

  /**
   * Which of these customers belong to which of these segments now: point queries on the customers'
   * rows, one statement per 20 segments (a UNION ALL). SG5's segments of one customer, and the live
   * membership's customer path (SG7) for a batch.
   */
  async membersAmong(accountId: number, segments: readonly SegmentCondition[], userIds: readonly number[]): Promise<Array<{ segment_id: number; user_id: number }>> {
    if (segments.length === 0 || userIds.length === 0) return [];
    const found: Array<{ segment_id: number; user_id: number }> = [];
    const part = (segment: SegmentCondition, ids: readonly number[]) =>
      sql`select cast(${segment.id} as integer) as segment_id, u.id as user_id from users u where u.account_id = ${accountId} and ${segment.compiled.forCustomers(ids, this.dialect)}`;
    const parameters = (query: RawBuilder<unknown>) => query.compile(this.db).parameters.length;
    let batch: Array<RawBuilder<unknown>> = [];
    let batchParameters = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = await this.run(sql<{ segment_id: number; user_id: number }>`${sql.join(batch, sql` union all `)}`, false);
      for (const row of rows) found.push({ segment_id: Number(row.segment_id), user_id: Number(row.user_id) });
      batch = [];
      batchParameters = 0;
    };
    // Segments share a statement up to SEGMENTS_PER_STATEMENT and SQLite's parameter limit (on
    // SQLite every customer id is a parameter of every segment's part); a segment whose part alone
    // passes the limit takes the customers a slice at a time. A batch of the live segments' customer
    // path that failed here would fail again on every pass.
    for (const segment of segments) {
      const whole = part(segment, userIds);
      const count = parameters(whole);
      if (count > MAX_PARAMETERS && this.dialect === 'sqlite') {
        await flush();
        const perSlice = Math.max(1, MAX_PARAMETERS - (count - userIds.length));
        for (let start = 0; start < userIds.length; start += perSlice) {
          batch = [part(segment, userIds.slice(start, start + perSlice))];
          await flush();
        }
        continue;
      }
      if (batch.length >= SEGMENTS_PER_STATEMENT || batchParameters + count > MAX_PARAMETERS) await flush();
      batch.push(whole);
      batchParameters += count;
    }
    await flush();
    return found;
  }

}
