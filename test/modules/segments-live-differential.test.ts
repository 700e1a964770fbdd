// SG7, SG8: the stored membership against the reference evaluator (helpers/segments-reference.ts)
// after a random sequence of writes, clock moves and evaluations. Each run makes an account with a
// few customers and a few segments (profile, tags, purchase and event windows, `not` and `any`),
// takes the segments' first members silently, then applies its operations, the writes directly to
// the tables (so the triggers of migration 0021 mark the customers, whichever path writes).
//
// A model of the stored membership follows the evaluations: a batch of the customer path
// re-evaluates the customers of the marks it takes (the oldest `DIRTY_BATCH`) against the segments
// that read the tables those marks name (migration 0026: a purchase mark concerns segments with a
// purchase condition, not one on points), a refresh of every segment re-evaluates everyone; each is the reference's answer for the data and the clock as they
// are. After every evaluation step the stored rows equal the model, and the transitions recorded by
// that step are exactly the differences between the model before and after it. Only evaluated
// customers may change: a customer whose window has passed keeps their membership until evaluated.
// And every customer written since the customer path last evaluated them has a mark when it runs.
//
// Seeded and bounded: LIVE_SEGMENTS_SEED, LIVE_SEGMENTS_RUNS.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { foldedUserColumns } from '../../src/db/folded-columns.js';
import type { DB, UserSegmentColumns } from '../../src/db/types.js';
import { formatDateTime } from '../../src/lib/time.js';
import { parseDefinition } from '../../src/modules/segments/definition.js';
import { SegmentsRepository } from '../../src/modules/segments/repository.js';
import { buildLiveMembership } from '../../src/services.js';
import { TestClock } from '../helpers/app.js';
import { createSegmentsTestDatabase } from '../helpers/segments-db.js';
import { type RefData, type RefUser, referenceMembers, TEXT_FIELDS } from '../helpers/segments-reference.js';

const SEED = Number(process.env.LIVE_SEGMENTS_SEED ?? 20261128);
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const RUNS = Number(process.env.LIVE_SEGMENTS_RUNS ?? (postgres ? 70 : 250));
const DIRTY_BATCH = 3;
const RANGE_SIZE = 3;

const main = await createSegmentsTestDatabase();
after(() => main.drop());
const db = main.database.db;
const clock = new TestClock();
const live = buildLiveMembership(db, { clock, refreshMinutes: 10_080, holder: 'differential', dirtyBatch: DIRTY_BATCH, rangeSize: RANGE_SIZE });

// --- the generated world ------------------------------------------------------------------------

const NOWS = ['2026-03-01T08:00:00Z', '2024-02-28T23:00:00Z', '2025-12-31T12:00:00Z'];
const HOUR = 3600;
const DAY = 24 * HOUR;
/** When a purchase or an event happened, in seconds before the clock at its write. */
const AGES = [0, HOUR, DAY - 60, DAY + 60, 2 * DAY, 6 * DAY + 23 * HOUR, 8 * DAY];
/** How far the clock moves, in seconds: across the 1- and 7-day windows, or not. */
const MOVES = [60, 12 * HOUR, DAY, 2 * DAY, 6 * DAY, 8 * DAY];
const TAGS = ['VIP', 'vip', 'Gold', 'Café'];
const CITIES = [null, 'Córdoba', 'CORDOBA', 'Bogotá'];
const EVENTS = ['login', 'visit'];
const POINTS = [0, 50, 99, 100, 150];

interface GenCustomer {
  points: number;
  tags: string[];
  city: string | null;
  purchases: Array<{ age: number; total: number }>;
  events: Array<{ name: string; age: number }>;
}

type Operation =
  | { kind: 'points'; customer: number; value: number }
  | { kind: 'tags'; customer: number; tags: string[] }
  | { kind: 'city'; customer: number; city: string | null }
  | { kind: 'purchase'; customer: number; age: number; total: number }
  | { kind: 'deletePurchase'; customer: number; which: number }
  | { kind: 'event'; customer: number; name: string; age: number }
  | { kind: 'clock'; seconds: number }
  /** One transaction of the customer path. */
  | { kind: 'batch' }
  /** The customer path until no mark is left. */
  | { kind: 'customers' }
  /** Every segment refreshed, requested with its announcement, run to the end. */
  | { kind: 'refresh' };

interface World {
  now: string;
  customers: GenCustomer[];
  definitions: unknown[];
  operations: Operation[];
}

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ field: fc.constant('points'), op: pick(['gte', 'lt']), value: pick([50, 100]) }),
  fc.oneof(
    fc.record({ field: fc.constant('tags'), op: fc.constant('has'), value: pick(['vip', 'gold', 'cafe']) }),
    fc.record({ field: fc.constant('tags'), op: pick(['has_any', 'has_none']), value: fc.uniqueArray(pick(['VIP', 'gold', 'café']), { minLength: 1, maxLength: 2 }) }),
  ),
  fc.oneof(fc.record({ field: fc.constant('city'), op: pick(['eq', 'neq']), value: pick(['cordoba', 'Bogotá']) }), fc.record({ field: fc.constant('city'), op: pick(['is_set', 'is_not_set']) })),
  fc
    .record({ window: pick([{}, { within_last_days: 1 }, { within_last_days: 7 }]), measure: pick(['count', 'total']), op: pick(['gte', 'eq', 'lt']), value: pick([0, 1, 2, 10]) })
    .map(({ window, measure, op, value }) => ({ purchases: window, measure, op, value })),
  fc
    .record({ event: pick(EVENTS), window: pick([{}, { within_last_days: 1 }, { within_last_days: 7 }]), op: pick(['gte', 'eq']), value: pick([0, 1, 2]) })
    .map(({ event, window, op, value }) => ({ event, ...window, op, value })),
);
const definition: fc.Arbitrary<unknown> = fc.oneof(
  fc.array(leaf, { minLength: 1, maxLength: 2 }).map((all) => ({ all })),
  fc.array(leaf, { minLength: 1, maxLength: 3 }).map((any) => ({ any })),
  leaf.map((l) => ({ not: l })),
  fc.tuple(leaf, fc.array(leaf, { minLength: 1, maxLength: 2 })).map(([a, any]) => ({ all: [a, { any }] })),
  fc.array(leaf, { minLength: 1, maxLength: 2 }).map((all) => ({ all: [{ not: { all } }] })),
);

function worldArbitrary(): fc.Arbitrary<World> {
  const customer = fc.record({
    points: pick(POINTS),
    tags: fc.uniqueArray(pick(TAGS), { maxLength: 2 }),
    city: pick(CITIES),
    purchases: fc.array(fc.record({ age: pick(AGES), total: pick([1, 5, 10]) }), { maxLength: 2 }),
    events: fc.array(fc.record({ name: pick(EVENTS), age: pick(AGES) }), { maxLength: 2 }),
  });
  return fc.integer({ min: 2, max: 7 }).chain((count) => {
    const who = fc.integer({ min: 0, max: count - 1 });
    const operation: fc.Arbitrary<Operation> = fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('points' as const), customer: who, value: pick(POINTS) }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('tags' as const), customer: who, tags: fc.uniqueArray(pick(TAGS), { maxLength: 2 }) }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('city' as const), customer: who, city: pick(CITIES) }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('purchase' as const), customer: who, age: pick(AGES), total: pick([1, 5, 10]) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('deletePurchase' as const), customer: who, which: fc.nat(3) }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('event' as const), customer: who, name: pick(EVENTS), age: pick(AGES) }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('clock' as const), seconds: pick(MOVES) }) },
      { weight: 2, arbitrary: fc.constant({ kind: 'batch' as const }) },
      { weight: 2, arbitrary: fc.constant({ kind: 'customers' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'refresh' as const }) },
    );
    return fc.record({
      now: pick(NOWS),
      customers: fc.array(customer, { minLength: count, maxLength: count }),
      definitions: fc.array(definition, { minLength: 2, maxLength: 4 }),
      // Every run ends with both paths, so that each of its writes is evaluated.
      operations: fc.array(operation, { minLength: 6, maxLength: 24 }).map((ops): Operation[] => [...ops, { kind: 'customers' }, { kind: 'clock', seconds: DAY }, { kind: 'refresh' }]),
    });
  });
}

// --- one run ------------------------------------------------------------------------------------

let runNumber = 0;
const stats = { steps: 0, transitions: 0, batches: 0, refreshes: 0 };

const stamp = (seconds: number) => formatDateTime(new Date(Math.floor(clock.now().getTime() / 1000) * 1000 - seconds * 1000));

function refUser(id: number, gen: GenCustomer): RefUser {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, null])) as Record<(typeof TEXT_FIELDS)[number], string | null>;
  return {
    id,
    ...text,
    city: gen.city,
    birthdate: null,
    createtime: '2020-01-01 00:00:00',
    updatetime: '2020-01-01 00:00:00',
    club_inscription_date: null,
    points: gen.points,
    tags: [...gen.tags],
    mailing_enabled: true,
    sms_enabled: true,
    custom: {},
  };
}

/** The tables a generated definition reads, from its JSON (the leaves above: profile fields, purchases, events). */
function tablesRead(definition: unknown): Set<string> {
  const tables = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if ('field' in record) tables.add('users');
    if ('purchases' in record) tables.add('purchases');
    if ('event' in record) tables.add('user_events');
    for (const key of ['all', 'any', 'not']) if (key in record) visit(record[key]);
  };
  visit(definition);
  return tables;
}

class Run {
  accountId = 0;
  userIds: number[] = [];
  eventIds = new Map<string, number>();
  segmentIds: number[] = [];
  /** The stored membership as the evaluations so far must have left it: "segment:user". */
  model = new Set<string>();
  lastChange = 0;
  purchases: Array<{ id: number; userId: number }> = [];
  data: RefData = {
    users: [],
    attributes: {},
    purchases: [],
    products: {},
    categories: {},
    events: [],
    coupons: [],
    carts: [],
    recipients: [],
    blacklist: { entries: [], generations: [] },
    segments: new Map(),
  };
  invoices = 0;
  /** Customers written since the customer path last evaluated them: the triggers must have marked each. */
  written = new Set<number>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly world: World,
  ) {}

  async setUp(): Promise<void> {
    const created = '2020-01-01 00:00:00';
    const account = await this.db.insertInto('accounts').values({ name: `live-${runNumber}`, created_at: created }).returning('id').executeTakeFirstOrThrow();
    this.accountId = Number(account.id);
    for (const name of EVENTS) {
      const row = await this.db.insertInto('events').values({ account_id: this.accountId, name, createtime: created }).returning('id').executeTakeFirstOrThrow();
      this.eventIds.set(name, Number(row.id));
    }
    for (const gen of this.world.customers) {
      const row = { account_id: this.accountId, city: gen.city, points: gen.points, tags: JSON.stringify(gen.tags), mailing_enabled: 1, sms_enabled: 1, createtime: created, updatetime: created };
      const { id } = await this.db
        .withTables<{ users: UserSegmentColumns }>()
        .insertInto('users')
        .values({ ...row, ...foldedUserColumns({ city: gen.city, tags: gen.tags }) })
        .returning('id')
        .executeTakeFirstOrThrow();
      this.userIds.push(Number(id));
      this.data.users.push(refUser(Number(id), gen));
    }
    for (const [index, gen] of this.world.customers.entries()) {
      for (const purchase of gen.purchases) await this.addPurchase(index, purchase.age, purchase.total);
      for (const event of gen.events) await this.addEvent(index, event.name, event.age);
    }
    const segments = new SegmentsRepository(this.db);
    const catalogue = await segments.catalogue(this.accountId);
    for (const [index, definition] of this.world.definitions.entries()) {
      const parsed = parseDefinition(definition, catalogue);
      const row = await segments.insert(this.accountId, { title: `Live ${index}`, description: null, definition, advanced: parsed.advanced, references: [] }, created);
      this.segmentIds.push(row.id);
      this.data.segments.set(row.id, definition);
    }
  }

  async tearDown(): Promise<void> {
    await this.db.deleteFrom('segments').where('account_id', '=', this.accountId).execute();
    await this.db.deleteFrom('segment_dirty').where('account_id', '=', this.accountId).execute();
  }

  async addPurchase(customer: number, age: number, total: number): Promise<void> {
    const userId = this.userIds[customer]!;
    const createtime = stamp(age);
    const row = await this.db
      .insertInto('purchases')
      .values({ account_id: this.accountId, invoice_number: `inv-${(this.invoices += 1)}`, user_id: userId, branch_id: null, channel: null, points: 0, price_total: total, createtime })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.purchases.push({ id: Number(row.id), userId });
    if (this.segmentIds.length > 0) this.written.add(userId);
    this.data.purchases.push({ userId, createtime, branchName: null, channel: null, total, points: 0, skus: [] });
  }

  async addEvent(customer: number, name: string, age: number): Promise<void> {
    const userId = this.userIds[customer]!;
    const datetime = stamp(age);
    await this.db.insertInto('user_events').values({ account_id: this.accountId, event_id: this.eventIds.get(name)!, user_id: userId, datetime }).execute();
    if (this.segmentIds.length > 0) this.written.add(userId);
    this.data.events.push({ userId, name, datetime });
  }

  /** Each segment's members by the reference, for the data and the clock as they are. */
  reference(): Set<string> {
    const members = new Set<string>();
    for (const id of this.segmentIds) for (const userId of referenceMembers(this.data, this.data.segments.get(id), clock.now())) members.add(`${id}:${userId}`);
    return members;
  }

  async apply(operation: Operation): Promise<void> {
    switch (operation.kind) {
      case 'points':
      case 'tags':
      case 'city': {
        const userId = this.userIds[operation.customer]!;
        const user = this.data.users[operation.customer]!;
        const set =
          operation.kind === 'points'
            ? { points: operation.value }
            : operation.kind === 'tags'
              ? { tags: JSON.stringify(operation.tags), ...foldedUserColumns({ tags: operation.tags }) }
              : { city: operation.city, ...foldedUserColumns({ city: operation.city }) };
        await this.db.withTables<{ users: UserSegmentColumns }>().updateTable('users').set(set).where('id', '=', userId).execute();
        this.written.add(userId);
        if (operation.kind === 'points') user.points = operation.value;
        else if (operation.kind === 'tags') user.tags = [...operation.tags];
        else user.city = operation.city;
        return;
      }
      case 'purchase':
        return this.addPurchase(operation.customer, operation.age, operation.total);
      case 'deletePurchase': {
        const userId = this.userIds[operation.customer]!;
        const theirs = this.purchases.filter((p) => p.userId === userId);
        if (theirs.length === 0) return;
        const gone = theirs[operation.which % theirs.length]!;
        await this.db.deleteFrom('purchases').where('id', '=', gone.id).execute();
        this.written.add(userId);
        const index = this.purchases.indexOf(gone);
        this.purchases.splice(index, 1);
        this.data.purchases.splice(index, 1);
        return;
      }
      case 'event':
        return this.addEvent(operation.customer, operation.name, operation.age);
      case 'clock':
        clock.set(new Date(clock.now().getTime() + operation.seconds * 1000));
        return;
      case 'batch': {
        const marks = await this.db.selectFrom('segment_dirty').select(['user_id', 'source']).orderBy('id').limit(DIRTY_BATCH).execute();
        await live.processDirty();
        stats.batches += 1;
        const users = new Set(marks.map((mark) => Number(mark.user_id)));
        // A customer marked twice may still have a mark left: not evaluated since then, as far as the triggers know.
        const left = new Set((await this.db.selectFrom('segment_dirty').select('user_id').where('account_id', '=', this.accountId).execute()).map((mark) => Number(mark.user_id)));
        for (const userId of users) if (!left.has(userId)) this.written.delete(userId);
        return this.evaluated(users, 'a batch of the customer path', false, this.concerned(marks));
      }
      case 'customers': {
        const marks = await this.db.selectFrom('segment_dirty').select(['user_id', 'source']).execute();
        while ((await live.processDirty()) > 0);
        stats.batches += 1;
        const users = new Set(marks.map((mark) => Number(mark.user_id)));
        for (const userId of this.written) assert.ok(users.has(userId), `customer ${userId} was written and not marked`);
        this.written.clear();
        return this.evaluated(users, 'the customer path', false, this.concerned(marks));
      }
      case 'refresh':
        await this.db.updateTable('segment_live').set({ refresh_requested: 1, refresh_announce: 1 }).where('account_id', '=', this.accountId).execute();
        await this.refreshAll();
        stats.refreshes += 1;
        return this.evaluated(new Set(this.userIds), 'a refresh of every segment');
    }
  }

  /** Which (segment, customer) pairs these marks ask about: the segments reading a table a mark of the customer names. */
  concerned(marks: ReadonlyArray<{ user_id: number; source: string | null }>): (segmentId: number, userId: number) => boolean {
    const sources = new Map<number, Set<string | null>>();
    for (const mark of marks) {
      const set = sources.get(Number(mark.user_id)) ?? new Set();
      sources.set(Number(mark.user_id), set.add(mark.source));
    }
    return (segmentId, userId) => {
      const marked = sources.get(userId);
      if (!marked) return false;
      if (marked.has(null)) return true;
      return [...tablesRead(this.data.segments.get(segmentId))].some((table) => marked.has(table));
    };
  }

  async refreshAll(): Promise<void> {
    while (await live.refreshStep(60_000));
  }

  /** The first members, taken silently. */
  async takeFirstMembers(): Promise<void> {
    await this.refreshAll();
    await this.evaluated(new Set(this.userIds), 'the first refresh', true);
  }

  /**
   * `users` were just evaluated: the model takes the reference's answer for them; the stored rows
   * must equal it, and the transitions recorded since the last step must be the model's differences.
   */
  async evaluated(users: ReadonlySet<number>, step: string, silent = false, concerned: (segmentId: number, userId: number) => boolean = () => true): Promise<void> {
    const before = this.model;
    const reference = this.reference();
    const asked = (key: string) => {
      const [segmentId, userId] = key.split(':').map(Number) as [number, number];
      return users.has(userId) && concerned(segmentId, userId);
    };
    const after = new Set([...before].filter((key) => !asked(key)));
    for (const key of reference) if (asked(key)) after.add(key);
    this.model = after;
    const where = `${step} at ${clock.now().toISOString()}`;

    const stored = await this.db.selectFrom('segment_members').select(['segment_id', 'user_id']).where('account_id', '=', this.accountId).execute();
    assert.deepEqual(stored.map((row) => `${row.segment_id}:${row.user_id}`).sort(), [...after].sort(), `stored membership after ${where}`);

    const changes = await this.db
      .selectFrom('segment_changes')
      .select(['id', 'segment_id', 'user_id', 'type'])
      .where('account_id', '=', this.accountId)
      .where('id', '>', this.lastChange)
      .orderBy('id')
      .execute();
    if (changes.length > 0) this.lastChange = Number(changes.at(-1)!.id);
    const expected = silent
      ? []
      : [...[...after].filter((key) => !before.has(key)).map((key) => `entered ${key}`), ...[...before].filter((key) => !after.has(key)).map((key) => `exited ${key}`)];
    assert.deepEqual(changes.map((row) => `${row.type} ${row.segment_id}:${row.user_id}`).sort(), expected.sort(), `transitions recorded by ${where}`);
    stats.steps += 1;
    stats.transitions += changes.length;
  }
}

async function run(world: World): Promise<void> {
  runNumber += 1;
  clock.set(world.now);
  const state = new Run(db, world);
  try {
    await state.setUp();
    await state.takeFirstMembers();
    for (const operation of world.operations) await state.apply(operation);
  } finally {
    await state.tearDown();
  }
}

describe('live membership against the reference evaluator (SG7, SG8)', () => {
  it(`keeps the reference's members and records their differences (seed ${SEED}, ${RUNS} runs)`, async () => {
    try {
      await fc.assert(fc.asyncProperty(worldArbitrary(), run), { seed: SEED, numRuns: RUNS, includeErrorInReport: true });
      console.log(`live segments differential: ${stats.steps} evaluation steps (${stats.batches} customer path, ${stats.refreshes} refreshes), ${stats.transitions} transitions`);
    } catch (error) {
      console.error(`live segments differential test failed; rerun with LIVE_SEGMENTS_SEED=${SEED}`);
      throw error;
    }
  });
});
