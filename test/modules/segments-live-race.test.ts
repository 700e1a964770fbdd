import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { transactor } from '../../src/db/transactions.js';
import { WebhookOutbox } from '../../src/jobs/webhooks/outbox.js';
import { segmentEvaluator } from '../../src/modules/segments/live-evaluator.js';
import type { MembershipRepository } from '../../src/modules/segment-membership/repository.js';
import { LiveMembership } from '../../src/modules/segment-membership/service.js';
import { SegmentsService } from '../../src/modules/segments/service.js';
import { UserDirectory } from '../../src/modules/users/directory.js';
import { buildRepositories } from '../../src/services.js';
import { buildTestApp } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

// SG8: "never twice for one transition, across processes". Two LiveMembership instances (two
// holders: two processes) run the customer path and the segment path over the same customers at
// once, and every transition must be recorded, and announced, exactly once.
//
// On PostgreSQL the race is forced, not hoped for: hooks in the membership repository hold one
// path's transaction open until the other has done its part, in both orders:
// - "customer path first": the customer path has read the marked customers' conditions and stored
//   rows, then waits until the segment path has refreshed the whole segment and committed; its own
//   writes then find every row already changed;
// - "segment path first": the segment path has written one range (not committed) and waits until
//   the customer path has read those customers (it cannot see the uncommitted rows, so it decides to
//   change them too); the customer path's writes then wait on the segment path's rows.
// Each forced phase must see the customer path lose at least one row (its RETURNING answered fewer
// rows than it meant to change), or the race did not happen. On SQLite a transaction holds the only
// connection, so two transactions never overlap and a hook waiting for the other path would wait
// forever: there the phases run side by side unhooked, and interleave transaction by transaction.

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const CUSTOMERS = 40;
const RANGE_SIZE = 5;
const ROUNDS = 8;
const THRESHOLD = 100;
/** A hook that waits longer than this means the other path never came: fail instead of hanging. */
const GATE_TIMEOUT_MS = 30_000;

const t = await buildTestApp({ config: { workerEnabled: false, webhookAllowPrivate: true, segmentPollMs: 60_000 } });
const db = t.database.db;

class Gate {
  private open!: () => void;
  private readonly opened = new Promise<void>((resolve) => (this.open = resolve));
  constructor(private readonly name: string) {}
  signal(): void {
    this.open();
  }
  async wait(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`gate "${this.name}" never opened`)), GATE_TIMEOUT_MS)));
    try {
      await Promise.race([this.opened, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** What a phase makes an instance do at the points of the race; each hook runs at most once. */
interface Hooks {
  /** Customer path: the marks are claimed, nothing evaluated yet. */
  claimed?: () => Promise<void>;
  /** Customer path: conditions and stored rows read, nothing written yet. */
  evaluated?: () => Promise<void>;
  /** Segment path: a range's statements ran, not committed; `index` counts the ranges of the phase. */
  rangeWritten?: (index: number) => Promise<void>;
}

interface Instance {
  live: LiveMembership;
  hooks: Hooks;
  /** Rows the customer path meant to add or remove and found already changed. */
  lost: number;
  ranges: number;
}

/** As services.ts buildLiveMembership, with the repository of each transaction hooked. */
function instance(holder: string): Instance {
  const r = buildRepositories(db);
  const segments = new SegmentsService({ segments: r.segments, members: r.segmentMembers, directory: new UserDirectory({ users: r.users, attributeValues: r.attributeValues }), clock: t.clock });
  const self: Instance = { live: undefined as unknown as LiveMembership, hooks: {}, lost: 0, ranges: 0 };
  const once = <K extends keyof Hooks>(name: K): NonNullable<Hooks[K]> | undefined => {
    const hook = self.hooks[name];
    if (hook) delete self.hooks[name];
    return hook as NonNullable<Hooks[K]> | undefined;
  };
  const hooked = (membership: MembershipRepository): MembershipRepository =>
    Object.assign(Object.create(membership) as MembershipRepository, {
      claimDirty: async (limit: number) => {
        const marks = await membership.claimDirty(limit);
        if (marks.length > 0) await once('claimed')?.();
        return marks;
      },
      storedOf: async (accountId: number, userIds: readonly number[]) => {
        const stored = await membership.storedOf(accountId, userIds);
        await once('evaluated')?.();
        return stored;
      },
      enter: async (...args: Parameters<MembershipRepository['enter']>) => {
        const entered = await membership.enter(...args);
        self.lost += args[1].length - entered.length;
        return entered;
      },
      exit: async (segmentId: number, userIds: readonly number[]) => {
        const exited = await membership.exit(segmentId, userIds);
        self.lost += userIds.length - exited.length;
        return exited;
      },
      refreshRange: async (...args: Parameters<MembershipRepository['refreshRange']>) => {
        const transitions = await membership.refreshRange(...args);
        const index = self.ranges++;
        const hook = self.hooks.rangeWritten;
        if (hook) await hook(index);
        return transitions;
      },
    });
  self.live = new LiveMembership({
    membership: r.membership,
    tx: transactor(db, (trx) => {
      const b = buildRepositories(trx);
      return { membership: hooked(b.membership), webhookOutbox: new WebhookOutbox(trx), evaluator: segmentEvaluator(b.segments, b.segmentMembers, segments), db: trx };
    }),
    clock: t.clock,
    holder,
    refreshMinutes: 15,
    stepTargetMs: 20,
    rangeSize: RANGE_SIZE,
  });
  return self;
}

const x = instance('race-x');
const y = instance('race-y');

async function drainCustomers(i: Instance): Promise<void> {
  while ((await i.live.processDirty()) > 0);
}
async function drainRefresh(i: Instance): Promise<void> {
  // true also when the other instance holds the lease: its refresh is under way.
  while (await i.live.refreshStep(10_000)) await new Promise((resolve) => setImmediate(resolve));
}

/** A seeded generator, so that a failure replays. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('live membership: both paths on one customer at once (SG8)', () => {
  it(`records each transition once, and announces it once (${postgres ? 'forced overlapping transactions' : 'interleaved transactions'})`, async () => {
    const rand = random(20261128);
    const points = new Map<number, number>();
    const ids: number[] = [];
    for (let n = 0; n < CUSTOMERS; n += 1) {
      const value = rand() < 0.5 ? THRESHOLD + 50 : 10;
      const user = await createUser(t, { service_uid: `race-${n}`, email: `race${n}@example.com`, points: value });
      ids.push(Number(user.userapp_id));
      points.set(Number(user.userapp_id), value);
    }
    ids.sort((a, b) => a - b);
    expectOk(await t.post('/apiv3/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['segment.entered', 'segment.exited'] }), 201);
    const segment = expectOk(await t.post('/apiv3/segments', { title: 'Race', definition: { all: [{ field: 'points', op: 'gte', value: THRESHOLD }] }, announce: true }), 201);
    const segmentId = Number(segment.id);
    await drainRefresh(x);
    await drainCustomers(x);

    /** Flips some customers across the threshold (always `must`, when given) and requests an announced refresh. */
    async function flip(must?: number): Promise<void> {
      const chosen = ids.filter((id) => id === must || rand() < 0.3);
      if (chosen.length === 0) chosen.push(ids[Math.floor(rand() * ids.length)]!);
      for (const id of chosen) {
        const value = points.get(id)! >= THRESHOLD ? Math.floor(rand() * THRESHOLD) : THRESHOLD + Math.floor(rand() * 100);
        points.set(id, value);
        await db.updateTable('users').set({ points: value }).where('id', '=', id).execute();
      }
      await db.updateTable('segment_live').set({ refresh_requested: 1, refresh_announce: 1 }).where('segment_id', '=', segmentId).execute();
    }

    const ranges = Math.ceil(CUSTOMERS / RANGE_SIZE);
    for (let round = 0; round < ROUNDS; round += 1) {
      // The customer path (x) reads first; the segment path (y) writes and commits before it writes.
      await flip();
      if (postgres) {
        const evaluated = new Gate('customer path evaluated');
        const refreshed = new Gate('segment path refreshed');
        x.hooks = {
          evaluated: async () => {
            evaluated.signal();
            await refreshed.wait();
          },
        };
        x.lost = 0;
        await Promise.all([
          drainCustomers(x),
          (async () => {
            await evaluated.wait();
            await drainRefresh(y);
            refreshed.signal();
          })(),
        ]);
        assert.ok(x.lost > 0, `round ${round}: the customer path found no row already changed: the race was not forced`);
      } else {
        await Promise.all([drainCustomers(x), drainRefresh(y)]);
      }

      // The segment path (x) writes one range and waits, uncommitted, until the customer path (y)
      // has read those customers.
      const range = round % ranges;
      await flip(ids[range * RANGE_SIZE]);
      if (postgres) {
        const written = new Gate('segment path wrote its range');
        const evaluated = new Gate('customer path evaluated');
        x.ranges = 0;
        x.hooks = {
          rangeWritten: async (index) => {
            if (index !== range) return;
            delete x.hooks.rangeWritten;
            written.signal();
            await evaluated.wait();
          },
        };
        y.hooks = { claimed: () => written.wait(), evaluated: async () => evaluated.signal() };
        y.lost = 0;
        await Promise.all([drainRefresh(x), drainCustomers(y)]);
        assert.ok(y.lost > 0, `round ${round}: the customer path found no row already changed: the race was not forced`);
      } else {
        await Promise.all([drainRefresh(x), drainCustomers(y)]);
      }
      x.hooks = {};
      y.hooks = {};

      // Unhooked: both instances run both paths at once.
      await flip();
      await Promise.all([drainCustomers(x), drainRefresh(y), drainCustomers(y), drainRefresh(x)]);
    }
    await drainCustomers(x);
    await drainRefresh(x);

    const stored = (await db.selectFrom('segment_members').select('user_id').where('segment_id', '=', segmentId).orderBy('user_id').execute()).map((row) => Number(row.user_id));
    const now = (expectOk(await t.get(`/apiv3/users?segment_id=${segmentId}&limit=100`)) as Array<{ userapp_id: number }>).map((u) => u.userapp_id);
    assert.deepEqual(stored, now, 'stored members equal the members computed now');
    assert.deepEqual(
      stored,
      ids.filter((id) => points.get(id)! >= THRESHOLD),
      'and those are the customers with the points',
    );

    const changes = await db.selectFrom('segment_changes').select(['user_id', 'type']).where('segment_id', '=', segmentId).orderBy('id').execute();
    const byUser = new Map<number, string[]>();
    for (const change of changes) byUser.set(Number(change.user_id), [...(byUser.get(Number(change.user_id)) ?? []), change.type]);
    for (const id of ids) {
      const types = byUser.get(id) ?? [];
      types.forEach((type, index) => assert.equal(type, index % 2 === 0 ? 'entered' : 'exited', `customer ${id}: ${types.join(', ')}`));
      assert.equal(types.length % 2 === 1, stored.includes(id), `customer ${id}'s last change matches their membership: ${types.join(', ')}`);
    }
    assert.ok(changes.length > ROUNDS * 3, `transitions were recorded (${changes.length})`);

    const { rows } = await sql<{ type: string; n: number | string }>`select type, count(*) as n from webhook_messages where type like 'segment.%' group by type`.execute(db);
    const messages = Object.fromEntries(rows.map((row) => [row.type, Number(row.n)]));
    assert.deepEqual(
      messages,
      {
        'segment.entered': changes.filter((c) => c.type === 'entered').length,
        'segment.exited': changes.filter((c) => c.type === 'exited').length,
      },
      'one webhook message per recorded transition',
    );
  });
});
