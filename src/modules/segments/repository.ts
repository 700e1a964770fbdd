import { type Kysely, type Selectable, sql, type SqlBool } from 'kysely';
import type { DB, SegmentsTable } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';
import { fold } from '../../lib/fold.js';
import type { Catalogue } from './definition.js';
import { escapeLike } from '../../lib/fields.js';
import { firstFreeSlug, slugBase } from './slug.js';

// Segments (SG1, SG4), their references and the catalogue their definitions are checked against;
// the statements over their members are members.ts's.

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

/** An insert that loses its slug to a concurrent one tries the next free slug, at most this often. */
const SLUG_ATTEMPTS = 10;

export class SegmentsRepository {
  constructor(private readonly db: Kysely<DB>) {}

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
        .select(['id', 'name', 'data_type', 'label'])
        .where('account_id', '=', accountId)
        .where('kind', '=', 'users')
        .execute(),
      this.db.selectFrom('events').select(['id', 'name']).where('account_id', '=', accountId).execute(),
      this.db.selectFrom('benefits').select('id').where('account_id', '=', accountId).execute(),
      this.db.selectFrom('mailings').select('id').where('account_id', '=', accountId).execute(),
      this.db.selectFrom('segments').select(['id', 'definition']).where('account_id', '=', accountId).execute(),
    ]);
    return {
      attributes: new Map(attributes.map((row) => [row.name, { id: Number(row.id), data_type: row.data_type, label: row.label }])),
      events: new Map(events.map((row) => [row.name, Number(row.id)])),
      benefits: new Set(benefits.map((row) => Number(row.id))),
      mailings: new Set(mailings.map((row) => Number(row.id))),
      segments: new Map(segments.map((row) => [Number(row.id), JSON.parse(row.definition) as unknown])),
      ...(self === undefined ? {} : { self }),
    };
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
