import type { Transactor } from '../../db/transactions.js';
import type { RequestQueue } from '../../jobs/queue.js';
import type { JobsNotifier } from '../../jobs/types.js';
import { invalidField } from '../../lib/errors.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import type { EventsRepository } from '../events/repository.js';
import { type RetentionParams, USER_EVENTS_RETENTION } from './retention-jobs.js';
import type { ExpiryRule, RetentionRepository, RetentionRow } from './retention-repository.js';
import type { RetentionBody, RetentionObject } from './retention-schemas.js';

const DAY_MS = 86_400_000;
/**
 * After a run is scheduled the next is due this much later. With the check every
 * RETENTION_CHECK_EVERY_MS, runs start at most 23 h 01 min apart: at least daily (D5).
 */
export const RETENTION_RUN_EVERY_MS = 23 * 3_600_000;
/** How often (on the app's clock) a worker process looks for accounts whose run is due. */
export const RETENTION_CHECK_EVERY_MS = 60_000;
/** Accounts scheduled per check; more wait for the next one. */
const SCHEDULED_PER_CHECK = 100;
const MAX_EVENT_NAME = 255;

type ByEvent = Record<string, number | null>;

export interface RetentionDeps {
  retention: Pick<RetentionRepository, 'find' | 'save' | 'dueAccounts'>;
  events: Pick<EventsRepository, 'findByNames'>;
  queue: Pick<RequestQueue, 'list'>;
  tx: Transactor<{
    retention: Pick<RetentionRepository, 'find' | 'claimDue'>;
    events: Pick<EventsRepository, 'findByNames'>;
    queue: Pick<RequestQueue, 'list' | 'accept'>;
  }>;
  clock: Clock;
  jobs: JobsNotifier;
  /** Settings changed: look for due runs at the next check, whatever the clock says. */
  checkSoon(): void;
}

/** D5: retention of user events, per event name and by default, applied by the worker in steps. */
export class RetentionService {
  constructor(private readonly deps: RetentionDeps) {}

  async get(accountId: number): Promise<RetentionObject> {
    const settings = await this.deps.retention.find(accountId);
    const [last] = await this.deps.queue.list(accountId, { status: 'done', type: USER_EVENTS_RETENTION }, { limit: 1, offset: 0 });
    const result = last?.result ? (JSON.parse(last.result) as { deleted?: number }) : undefined;
    return {
      user_events_days: settings?.user_events_days ?? null,
      by_event: settings ? (JSON.parse(settings.by_event) as ByEvent) : {},
      last_run: last?.finished ?? null,
      deleted_last_run: result?.deleted ?? null,
    };
  }

  /**
   * PUT is partial: a given `user_events_days` (null included) replaces the default, a given
   * `by_event` replaces the whole map. Every name in `by_event` must be an event of the catalogue.
   * A change makes a run due now.
   */
  async update(accountId: number, body: RetentionBody): Promise<RetentionObject> {
    if (body.by_event !== undefined) await this.checkEventNames(accountId, Object.keys(body.by_event));
    const current = await this.deps.retention.find(accountId);
    const settings: RetentionRow = {
      user_events_days: body.user_events_days !== undefined ? body.user_events_days : (current?.user_events_days ?? null),
      by_event: body.by_event !== undefined ? JSON.stringify(body.by_event) : (current?.by_event ?? '{}'),
    };
    const now = formatDateTime(this.deps.clock.now());
    await this.deps.retention.save(accountId, settings, now, now);
    this.deps.checkSoon();
    return this.get(accountId);
  }

  /**
   * Starts the due runs (a worker process calls this periodically): for each account whose run is
   * due and that has none pending or running, the process that claims it (one atomic update)
   * accepts a background request. Returns how many runs were accepted.
   */
  async scheduleDueRuns(): Promise<number> {
    const now = this.deps.clock.now();
    const nowText = formatDateTime(now);
    const next = formatDateTime(new Date(now.getTime() + RETENTION_RUN_EVERY_MS));
    let accepted = 0;
    for (const accountId of await this.deps.retention.dueAccounts(nowText, SCHEDULED_PER_CHECK)) {
      const started = await this.deps.tx.run(async ({ retention, events, queue }) => {
        // A run still pending or running keeps the account due (settings changed meanwhile are
        // applied by the next run, once it ends); otherwise one process claims the run.
        for (const status of ['pending', 'running'] as const) {
          if ((await queue.list(accountId, { status, type: USER_EVENTS_RETENTION }, { limit: 1, offset: 0 })).length > 0) return false;
        }
        if (!(await retention.claimDue(accountId, nowText, next))) return false;
        const settings = await retention.find(accountId);
        if (!settings) return false;
        const byEvent = JSON.parse(settings.by_event) as ByEvent;
        const known = await events.findByNames(accountId, Object.keys(byEvent));
        const params = runRules(settings.user_events_days, byEvent, new Map(known.map((e) => [e.name, Number(e.id)])), now);
        if (params.rules.length === 0) return false;
        await queue.accept(accountId, { type: USER_EVENTS_RETENTION, params: { ...params }, notifyTo: null }, nowText);
        return true;
      });
      if (started) accepted += 1;
    }
    if (accepted > 0) this.deps.jobs.wake();
    return accepted;
  }

  private async checkEventNames(accountId: number, names: string[]): Promise<void> {
    const tooLong = names.find((name) => name.length > MAX_EVENT_NAME);
    if (tooLong !== undefined) throw invalidField('by_event', `event names are at most ${MAX_EVENT_NAME} characters`);
    const known = new Set((await this.deps.events.findByNames(accountId, names)).map((event) => event.name));
    const unknown = names.find((name) => !known.has(name));
    if (unknown !== undefined) throw invalidField(`by_event.${unknown}`, 'no event has that name (create it with POST /events first)');
  }
}

/**
 * The rules of a run at `now`: one per event of by_event with a number of days, then the default
 * for every other event (by_event wins, null included: those events are kept forever). Names of
 * events deleted since are left out.
 */
function runRules(defaultDays: number | null, byEvent: ByEvent, eventIds: Map<string, number>, now: Date): RetentionParams {
  const before = (days: number) => formatDateTime(new Date(now.getTime() - days * DAY_MS));
  const rules: ExpiryRule[] = [];
  for (const [name, days] of Object.entries(byEvent)) {
    const id = eventIds.get(name);
    if (id !== undefined && days !== null) rules.push({ event_id: id, before: before(days) });
  }
  if (defaultDays !== null) rules.push({ event_id: null, except_event_ids: [...eventIds.values()], before: before(defaultDays) });
  return { rules };
}
