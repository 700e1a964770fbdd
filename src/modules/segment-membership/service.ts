import type { Kysely } from 'kysely';
import type { Transactor } from '../../db/transactions.js';
import type { DB } from '../../db/types.js';
import type { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import type { WebhookEvent } from '../../jobs/webhooks/events.js';
import { StepSizer } from '../../jobs/stepping.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import type { CompiledCondition, MemberPair, MembershipRepository, Transition } from './repository.js';

export type { CompiledCondition } from './repository.js';

// SG7–SG8: live membership. Two paths meet in segment_members:
// - the customer path (processDirty): customers marked dirty by the triggers of migration 0021 are
//   evaluated against every segment of their account with the compiled conditions restricted to
//   them, and the stored rows brought in line;
// - the segment path (refreshStep): one segment re-evaluated over all its account's customers, a
//   range of ids per transaction, each range as set statements (repository.refreshRange: one on
//   PostgreSQL, the insert and the delete sharing the admitted set; two on SQLite).
// Whatever path changes a member row records the transition and writes its webhook message in the
// same transaction; a segment taking its first members silently (SG7) records nothing.


export interface LiveSegmentRow {
  id: number;
  slug: string;
  title: string;
  definition: string;
}


/**
 * What the segments module answers (wired in services.ts): definitions compiled now, and which of
 * some customers they admit. Method syntax: an evaluator of the segments module's richer compiled
 * value is one of these.
 */
export interface SegmentEvaluator<C extends CompiledCondition = CompiledCondition> {
  /** The conditions of these segments; a definition that no longer compiles is left out. */
  compile(accountId: number, rows: readonly LiveSegmentRow[]): Promise<Map<number, C>>;
  membersAmong(accountId: number, segments: ReadonlyArray<{ id: number; compiled: C }>, userIds: readonly number[]): Promise<MemberPair[]>;
}

export interface InMembershipTransaction {
  membership: MembershipRepository;
  webhookOutbox: WebhookOutbox;
  evaluator: SegmentEvaluator;
  db: Kysely<DB>;
}

export interface LiveMembershipDeps {
  /** How long one transaction of either path should last (jobs/stepping.ts: 20 ms on SQLite, whose statements run on the event loop). */
  stepTargetMs: number;
  membership: MembershipRepository;
  tx: Transactor<InMembershipTransaction>;
  clock: Clock;
  /** This process, as the holder of a refresh's lease. */
  holder: string;
  /** SG7: every segment is refreshed whole at least this often. */
  refreshMinutes: number;
  leaseMs?: number;
  /** Fixed sizes instead of sizes that adapt to stepTargetMs (tests). */
  dirtyBatch?: number;
  rangeSize?: number;
}

/** Marks read per transaction of the customer path: at most, and to start with. */
const DIRTY_BATCH = { min: 10, first: 100, max: 1000 };
/** Customers per transaction of the segment path. */
const RANGE_SIZE = { min: 100, first: 1000, max: 100_000 };
const LEASE_MS = 60_000;
/** SG8: how long GET /segments/{id}/changes keeps a transition. */
export const CHANGES_KEPT_DAYS = 90;

export class LiveMembership {
  private readonly dirtyBatch: StepSizer;
  private readonly rangeSize: StepSizer;
  private readonly leaseMs: number;

  constructor(private readonly deps: LiveMembershipDeps) {
    const fixed = (size: number) => ({ min: size, first: size, max: size });
    this.dirtyBatch = new StepSizer({ ...(deps.dirtyBatch !== undefined ? fixed(deps.dirtyBatch) : DIRTY_BATCH), targetMs: deps.stepTargetMs });
    this.rangeSize = new StepSizer({ ...(deps.rangeSize !== undefined ? fixed(deps.rangeSize) : RANGE_SIZE), targetMs: deps.stepTargetMs });
    this.leaseMs = deps.leaseMs ?? LEASE_MS;
  }

  /**
   * The customer path: one batch of marks; answers how many marks it took (0: none left). The batch
   * grows or shrinks so that a transaction lasts about stepTargetMs.
   */
  async processDirty(): Promise<number> {
    const began = performance.now();
    const size = this.dirtyBatch.size;
    const taken = await this.deps.tx.run(async (t) => {
      const claimed = await t.membership.claimDirty(size);
      if (claimed.length === 0) return 0;
      const now = this.deps.clock.now();
      // A customer an erasure holds is left for the next pass (its erasure deletes the marks);
      // the others are held until this transaction ends, so an erasure waits for it.
      const { held, busy } = await t.membership.holdCustomers([...new Set(claimed.map((mark) => mark.user_id))]);
      const marks = claimed.filter((mark) => !busy.has(mark.user_id));
      const byAccount = new Map<number, Map<number, Set<string> | null>>();
      for (const mark of marks) {
        if (!held.has(mark.user_id)) continue; // gone: nothing to evaluate, the mark goes
        let users = byAccount.get(mark.account_id);
        if (!users) byAccount.set(mark.account_id, (users = new Map()));
        // null: a mark without a source concerns every segment.
        const sources = users.has(mark.user_id) ? users.get(mark.user_id)! : new Set<string>();
        if (sources !== null && mark.source !== null) sources.add(mark.source);
        users.set(mark.user_id, sources === null || mark.source === null ? null : sources);
      }
      for (const [accountId, users] of byAccount) await this.evaluateCustomers(t, accountId, users, now);
      await t.membership.deleteDirty(marks.map((mark) => mark.id));
      // Marks left for the next pass do not count: a batch of nothing but those ends the pass.
      return marks.length;
    });
    // Only a full batch says how long such a batch takes.
    if (taken === size) this.dirtyBatch.record(performance.now() - began);
    return taken;
  }

  /**
   * Each customer against the segments that read what their marks say was written (all of them
   * for a mark without a source); customers concerned by the same segments share the statements.
   */
  private async evaluateCustomers(t: InMembershipTransaction, accountId: number, users: ReadonlyMap<number, ReadonlySet<string> | null>, now: Date): Promise<void> {
    const segments = await t.membership.liveSegments(accountId);
    if (segments.length === 0) return;
    const compiled = await t.evaluator.compile(accountId, segments);
    const evaluated = segments.filter((segment) => compiled.has(segment.id));
    const groups = new Map<string, { segmentIds: number[]; userIds: number[] }>();
    for (const [userId, sources] of users) {
      const segmentIds = evaluated.filter((segment) => sources === null || [...compiled.get(segment.id)!.sources].some((source) => sources.has(source))).map((segment) => segment.id);
      if (segmentIds.length === 0) continue;
      const signature = segmentIds.join(',');
      const group = groups.get(signature);
      if (group) group.userIds.push(userId);
      else groups.set(signature, { segmentIds, userIds: [userId] });
    }
    if (groups.size === 0) return;
    const should: MemberPair[] = [];
    const asked = new Set<string>();
    const key = (pair: MemberPair) => `${pair.segment_id}:${pair.user_id}`;
    for (const { segmentIds, userIds } of groups.values()) {
      should.push(...(await t.evaluator.membersAmong(accountId, segmentIds.map((id) => ({ id, compiled: compiled.get(id)! })), userIds)));
      for (const segment_id of segmentIds) for (const user_id of userIds) asked.add(key({ segment_id, user_id }));
    }
    const stored = await t.membership.storedOf(accountId, [...users.keys()]);
    const shouldKeys = new Set(should.map(key));
    const storedKeys = new Set(stored.map(key));
    const toEnter = should.filter((pair) => !storedKeys.has(key(pair)));
    // Only the pairs evaluated can leave: a segment not asked about (or whose definition no longer compiles) keeps its members.
    const toExit = stored.filter((pair) => asked.has(key(pair)) && !shouldKeys.has(key(pair)));
    const at = formatDateTime(now);
    const transitions: Transition[] = (await t.membership.enter(accountId, toEnter, at)).map((pair) => ({ ...pair, type: 'entered' }));
    for (const [segmentId, ids] of groupBySegment(toExit)) {
      for (const userId of await t.membership.exit(segmentId, ids)) transitions.push({ segment_id: segmentId, user_id: userId, type: 'exited' });
    }
    const silent = new Set(segments.filter(isSilent).map((segment) => segment.id));
    await this.announce(t, accountId, segments, transitions.filter((transition) => !silent.has(transition.segment_id)), now);
  }

  /**
   * The segment path: takes one due segment and refreshes it, a range of customers per
   * transaction, for at most `budgetMs`; answers whether there may be more to do.
   */
  async refreshStep(budgetMs = 250): Promise<boolean> {
    const now = this.deps.clock.now();
    const at = formatDateTime(now);
    const due = await this.deps.membership.dueSegment(at, formatDateTime(new Date(now.getTime() - this.deps.refreshMinutes * 60_000)));
    if (!due) return false;
    const claimed = await this.deps.membership.claimRefresh(due.segment_id, this.deps.holder, at, this.leaseUntil(now));
    if (!claimed) return true;
    const began = performance.now();
    let cursor = Number(claimed.cursor);
    const version = Number(claimed.version);
    const announce = Number(claimed.run_announce) === 1;
    for (;;) {
      const stepBegan = performance.now();
      const size = this.rangeSize.size;
      const outcome = await this.deps.tx.run(async (t) => {
        const stepNow = this.deps.clock.now();
        const segments = (await t.membership.liveSegments(claimed.account_id)).filter((segment) => segment.id === claimed.segment_id);
        const compiled = segments.length === 0 ? undefined : (await t.evaluator.compile(claimed.account_id, segments)).get(claimed.segment_id);
        const end = await t.membership.rangeEnd(claimed.account_id, cursor, size);
        if (compiled === undefined || end === undefined) {
          await t.membership.finishRefresh(claimed.segment_id, this.deps.holder, version);
          return 'finished' as const;
        }
        if (!(await t.membership.advance(claimed.segment_id, this.deps.holder, version, end, this.leaseUntil(stepNow)))) return 'lost' as const;
        const transitions = await t.membership.refreshRange(claimed.account_id, claimed.segment_id, compiled, cursor, end, formatDateTime(stepNow));
        if (announce) await this.announce(t, claimed.account_id, segments, transitions, stepNow);
        cursor = end;
        return 'advanced' as const;
      });
      if (outcome !== 'advanced') return true;
      this.rangeSize.record(performance.now() - stepBegan);
      if (performance.now() - began >= budgetMs) {
        await this.deps.membership.release(claimed.segment_id, this.deps.holder);
        return true;
      }
      // On SQLite a step's statements run on the event loop: requests that arrived during it are
      // read before the next step (without this, a whole budget of steps ran as one block).
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** SG8: transitions are kept 90 days; a few batches per run. */
  async sweepChanges(): Promise<number> {
    const before = formatDateTime(new Date(this.deps.clock.now().getTime() - CHANGES_KEPT_DAYS * 86_400_000));
    let total = 0;
    for (let round = 0; round < 20; round++) {
      const n = await this.deps.membership.sweepChanges(before, 5000);
      total += n;
      if (n === 0) break;
    }
    return total;
  }

  private leaseUntil(now: Date): string {
    return formatDateTime(new Date(now.getTime() + this.leaseMs));
  }

  /** SG8: each transition recorded and sent as one webhook message, in the caller's transaction. */
  private async announce(t: InMembershipTransaction, accountId: number, segments: readonly LiveSegmentRow[], transitions: readonly Transition[], now: Date): Promise<void> {
    if (transitions.length === 0) return;
    await t.membership.recordChanges(accountId, transitions, formatDateTime(now));
    const byId = new Map(segments.map((segment) => [segment.id, segment]));
    const userIds = [...new Set(transitions.map((transition) => transition.user_id))];
    const users = new Map(
      (await t.db.selectFrom('users').select(['id', 'service_uid', 'email']).where('account_id', '=', accountId).where('id', 'in', userIds).execute()).map((row) => [
        Number(row.id),
        row,
      ]),
    );
    const events: WebhookEvent[] = transitions.map((transition) => {
      const segment = byId.get(transition.segment_id)!;
      const user = users.get(transition.user_id);
      return {
        type: transition.type === 'entered' ? 'segment.entered' : 'segment.exited',
        userId: transition.user_id,
        data: {
          segment: { id: segment.id, slug: segment.slug, title: segment.title },
          user: { userapp_id: transition.user_id, user_id: transition.user_id, service_uid: user?.service_uid ?? null, email: user?.email ?? null },
        },
      };
    });
    await t.webhookOutbox.emit(accountId, events, now);
  }
}

/** SG7: a segment taking its first members (or redefined with `announce: false`) says nothing. */
export function isSilent(segment: { refresh_requested: number; refresh_announce: number; started_at: string | null; run_announce: number }): boolean {
  return (Number(segment.refresh_requested) === 1 && Number(segment.refresh_announce) === 0) || (segment.started_at !== null && Number(segment.run_announce) === 0);
}

function groupBySegment(pairs: readonly MemberPair[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const pair of pairs) {
    const ids = groups.get(pair.segment_id);
    if (ids) ids.push(pair.user_id);
    else groups.set(pair.segment_id, [pair.user_id]);
  }
  return groups;
}
