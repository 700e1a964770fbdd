import { type Compilable, CompiledQuery, type Expression, type Kysely, type RawBuilder, type Selectable, sql, type SqlBool } from 'kysely';
import type { DB, SegmentsTable } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';
import { BadRequestError } from '../../lib/errors.js';
import { fold } from '../../lib/fold.js';
import type { UserRow } from '../users/repository.js';
import type { Catalogue } from './definition.js';
import { userSearchCondition } from '../../db/user-search.js';
import { escapeLike } from '../../lib/fields.js';
import { accountAsFilter } from '../../db/planner-hints.js';
import { isPostgres } from '../../db/schema-helpers.js';
import { countForm } from './compile.js';
import { firstFreeSlug, slugBase } from './slug.js';

// Segments (SG1, SG4) and their members. A member query takes the expression compile.ts made of a
// definition (over `users as u`) and runs it as one statement; nothing about membership is stored.

export type SegmentRow = Selectable<SegmentsTable>;

export interface NewSegment {
  title: string;
  description: string | null;
  /** The SG2 definition as given (validated); stored as its JSON text. */
  definition: unknown;
  advanced: boolean;
  /** The segments the definition refers to. */
  references: readonly number[];
}

/** SG7: whether a new or redefined segment's membership changes are announced. */
export interface LiveOptions {
  announce: boolean;
}

export type SegmentChanges = Partial<NewSegment>;

/** A segment a user may belong to, with its definition compiled. */
export interface CompiledSegment {
  id: number;
  compiled: Expression<SqlBool>;
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
/** An insert that loses its slug to a concurrent one tries the next free slug, at most this often. */
const SLUG_ATTEMPTS = 10;

export class SegmentsRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<DB>) {
    this.postgres = isPostgres(db as Kysely<unknown>);
  }

  private inTransaction<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }

  /**
   * Stores a new segment with its slug (SG1): the title's slug, or with the lowest free suffix.
   * A concurrent insert taking the same slug first makes this one try the next (the unique index
   * decides; ON CONFLICT DO NOTHING keeps a PostgreSQL transaction usable).
   */
  async insert(accountId: number, segment: NewSegment, now: string, live: LiveOptions = { announce: false }): Promise<SegmentRow> {
    const base = slugBase(segment.title);
    return this.inTransaction(async (db) => {
      for (let attempt = 1; ; attempt += 1) {
        const taken = await db
          .selectFrom('segments')
          .select('slug')
          .where('account_id', '=', accountId)
          .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
          .execute();
        const slug = firstFreeSlug(base, new Set(taken.map((row) => row.slug)));
        const row = await db
          .insertInto('segments')
          .values({
            account_id: accountId,
            slug,
            title: segment.title,
            title_folded: fold(segment.title),
            description: segment.description,
            definition: JSON.stringify(segment.definition),
            advanced: segment.advanced ? 1 : 0,
            createtime: now,
            updatetime: now,
          })
          .onConflict((oc) => oc.columns(['account_id', 'slug']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (row) {
          await insertReferences(db, accountId, row.id, segment.references);
          await db.insertInto('segment_live').values({ segment_id: row.id, account_id: accountId, refresh_announce: live.announce ? 1 : 0 }).execute();
          return row;
        }
        if (attempt === SLUG_ATTEMPTS) throw new Error(`segments: no free slug for "${base}" after ${SLUG_ATTEMPTS} attempts`);
      }
    });
  }

  findById(accountId: number, id: number): Promise<SegmentRow | undefined> {
    return this.db.selectFrom('segments').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  findBySlug(accountId: number, slug: string): Promise<SegmentRow | undefined> {
    return this.db.selectFrom('segments').selectAll().where('account_id', '=', accountId).where('slug', '=', slug).executeTakeFirst();
  }

  /** SG4: `{id}` is a numeric id or a slug (slugs are never all digits). */
  find(accountId: number, ref: string): Promise<SegmentRow | undefined> {
    // Ids are 32-bit on both databases: a larger number names no segment (PostgreSQL would refuse it: O4).
    if (/^[0-9]{1,15}$/.test(ref)) return Number(ref) > 2_147_483_647 ? Promise.resolve(undefined) : this.findById(accountId, Number(ref));
    return this.findBySlug(accountId, ref);
  }

  /** How many segments the account has (O10's totals). */
  async total(accountId: number): Promise<number> {
    const row = await this.db.selectFrom('segments').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Every segment of the account, in id order (a user's segments are checked against each). */
  all(accountId: number): Promise<SegmentRow[]> {
    return this.db.selectFrom('segments').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
  }

  /** SG4: id order; `search` as U3 (every word a substring of the folded title). */
  list(accountId: number, page: Page, search?: string): Promise<SegmentRow[]> {
    let query = this.db.selectFrom('segments').selectAll().where('account_id', '=', accountId);
    for (const word of (search ?? '').split(/\s+/).filter((w) => w !== '')) {
      query = query.where(sql<SqlBool>`title_folded like ${`%${escapeLike(fold(word))}%`} escape '\\'`);
    }
    return query.orderBy('id').limit(page.limit).offset(page.offset).execute();
  }

  /** Changes what is given (the slug never changes); undefined when there is no such segment. */
  async update(accountId: number, id: number, changes: SegmentChanges, now: string, live: LiveOptions = { announce: true }): Promise<SegmentRow | undefined> {
    return this.inTransaction(async (db) => {
      const set: Partial<Omit<SegmentRow, 'id' | 'account_id' | 'slug' | 'createtime'>> = { updatetime: now };
      if (changes.title !== undefined) {
        set.title = changes.title;
        set.title_folded = fold(changes.title);
      }
      if (changes.description !== undefined) set.description = changes.description;
      if (changes.definition !== undefined) set.definition = JSON.stringify(changes.definition);
      if (changes.advanced !== undefined) set.advanced = changes.advanced ? 1 : 0;
      const row = await db
        .updateTable('segments')
        .set(set)
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (row && changes.references !== undefined) {
        await db.deleteFrom('segment_references').where('account_id', '=', accountId).where('segment_id', '=', id).execute();
        await insertReferences(db, accountId, id, changes.references);
      }
      if (row && changes.definition !== undefined) await redefined(db, id, live.announce);
      return row;
    });
  }

  /** Deletes the segment (its own references go with it); false when there was none. */
  async delete(accountId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('segments').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** SG4: the segments whose definitions refer to this one, in id order. */
  referrers(accountId: number, id: number): Promise<Array<{ id: number; title: string }>> {
    return this.db
      .selectFrom('segment_references as r')
      .innerJoin('segments as s', 's.id', 'r.segment_id')
      .select(['s.id', 's.title'])
      .where('r.account_id', '=', accountId)
      .where('r.referenced_id', '=', id)
      .orderBy('s.id')
      .execute();
  }

  /** What definition.ts looks up, for the account; `self` is the segment being updated, if any. */
  async catalogue(accountId: number, self?: number): Promise<Catalogue> {
    const [attributes, events, benefits, mailings, segments] = await Promise.all([
      this.db
        .selectFrom('attribute_definitions')
        .select(['id', 'name', 'data_type'])
        .where('account_id', '=', accountId)
        .where('kind', '=', 'users')
        .execute(),
      this.db.selectFrom('events').select(['id', 'name']).where('account_id', '=', accountId).execute(),
      this.db.selectFrom('benefits').select('id').where('account_id', '=', accountId).execute(),
      this.db.selectFrom('mailings').select('id').where('account_id', '=', accountId).execute(),
      this.db.selectFrom('segments').select(['id', 'definition']).where('account_id', '=', accountId).execute(),
    ]);
    return {
      attributes: new Map(attributes.map((row) => [row.name, { id: Number(row.id), data_type: row.data_type }])),
      events: new Map(events.map((row) => [row.name, Number(row.id)])),
      benefits: new Set(benefits.map((row) => Number(row.id))),
      mailings: new Set(mailings.map((row) => Number(row.id))),
      segments: new Map(segments.map((row) => [Number(row.id), JSON.parse(row.definition) as unknown])),
      ...(self === undefined ? {} : { self }),
    };
  }

  private memberQuery(accountId: number, compiled: Expression<SqlBool>) {
    return this.db.selectFrom('users as u').where('u.account_id', '=', accountId).where(compiled);
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

  /** SG4 `count`: one statement, with the definition in its form for counting (compile.ts, countForm). */
  async count(accountId: number, compiled: Expression<SqlBool>): Promise<number> {
    const whole = countForm(compiled, this.postgres ? 'postgres' : 'sqlite');
    const [row] = await this.run(this.memberQuery(accountId, whole).select((eb) => eb.fn.countAll<number>().as('n')), true);
    return Number(row?.n ?? 0);
  }

  /** SG4 preview, SG5: a page of members in userapp_id order, optionally narrowed by a U3 search. */
  members(accountId: number, compiled: Expression<SqlBool>, page: Page, search?: string): Promise<UserRow[]> {
    let query = this.memberQuery(accountId, compiled).selectAll('u');
    const searched = userSearchCondition(search);
    if (searched) query = query.where(searched);
    return this.run(query.orderBy('u.id').limit(page.limit).offset(page.offset), true, true) as Promise<UserRow[]>;
  }

  /** Members with an id above `afterId`, in id order (keyset pages: exports, bulk erasure). */
  membersAfter(accountId: number, compiled: Expression<SqlBool>, afterId: number, limit: number): Promise<UserRow[]> {
    return this.run(this.memberQuery(accountId, compiled).selectAll('u').where('u.id', '>', afterId).orderBy('u.id').limit(limit), true, true) as Promise<UserRow[]>;
  }

  /**
   * Every member's id in id order, from one statement in the count form: the definition is evaluated
   * once (an export reading pages of members evaluated it once a page: for a segment over every
   * purchase, once per thousand members). Read MEMBER_IDS_CHUNK at a time (SQLite: the statement
   * stepped in chunks; PostgreSQL: a cursor) into a typed array, 8 bytes a member.
   */
  async memberIds(accountId: number, compiled: Expression<SqlBool>): Promise<Float64Array> {
    const query = this.memberQuery(accountId, countForm(compiled, this.postgres ? 'postgres' : 'sqlite')).select('u.id').orderBy('u.id');
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

  /** membersAfter's ids only (D4 freezes a segment's members). */
  async memberIdsAfter(accountId: number, compiled: Expression<SqlBool>, afterId: number, limit: number): Promise<number[]> {
    const rows = await this.run(this.memberQuery(accountId, compiled).select('u.id').where('u.id', '>', afterId).orderBy('u.id').limit(limit), true, true);
    return rows.map((row) => Number(row.id));
  }

  /** Whether one user is a member: a point query on the user's row. */
  async isMember(accountId: number, compiled: Expression<SqlBool>, userId: number): Promise<boolean> {
    const rows = await this.run(this.memberQuery(accountId, compiled).select('u.id').where('u.id', '=', userId), false);
    return rows.length > 0;
  }

  /** SG5: which of these segments the user belongs to, in id order; one statement per 20 segments. */
  async segmentsOfUser(accountId: number, userId: number, segments: readonly CompiledSegment[]): Promise<number[]> {
    const found: number[] = [];
    for (let start = 0; start < segments.length; start += SEGMENTS_PER_STATEMENT) {
      const parts = segments
        .slice(start, start + SEGMENTS_PER_STATEMENT)
        .map(
          (segment) =>
            sql`select cast(${segment.id} as integer) as id from users u where u.account_id = ${accountId} and u.id = ${userId} and ${segment.compiled}`,
        );
      const rows = await this.run(sql<{ id: number }>`${sql.join(parts, sql` union all `)}`, false);
      found.push(...rows.map((row) => Number(row.id)));
    }
    return found.sort((a, b) => a - b);
  }
}

async function insertReferences(db: Kysely<DB>, accountId: number, segmentId: number, references: readonly number[]): Promise<void> {
  const unique = [...new Set(references)];
  if (unique.length === 0) return;
  await db
    .insertInto('segment_references')
    .values(unique.map((referenced_id) => ({ account_id: accountId, segment_id: segmentId, referenced_id })))
    .execute();
}

/**
 * SG7: a redefinition starts the segment's refresh over under a new version (a refresh under way
 * stops at its next step). A segment still taking its first members silently stays silent until it
 * has them all, whatever `announce` says.
 */
async function redefined(db: Kysely<DB>, segmentId: number, announce: boolean): Promise<void> {
  const stillSilent = sql<number>`case when (refresh_requested = 1 and refresh_announce = 0) or (started_at is not null and run_announce = 0) then 0 else 1 end`;
  await db
    .updateTable('segment_live')
    .set((eb) => ({
      version: eb('version', '+', 1),
      refresh_requested: 1,
      refresh_announce: announce ? stillSilent : 0,
      started_at: null,
      cursor: 0,
      holder: null,
      lease_until: null,
    }))
    .where('segment_id', '=', segmentId)
    .execute();
}
