import type { GroupCommit, Transactor } from '../../db/transactions.js';
import { EVERY_ROW, type Page } from '../../http/pagination.js';
import type { RequestQueue } from '../../jobs/queue.js';
import type { JobsNotifier } from '../../jobs/types.js';
import type { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import { NotFoundError, invalidField } from '../../lib/errors.js';
import { datetimeField, encodeMetadata, parseDateRange, parseNotifyTo } from '../../lib/fields.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import type { EventsRepository } from '../events/repository.js';
import { presentEvent } from '../events/service.js';
import { missingByIdentity } from '../users/directory.js';
import type { UsersRepository } from '../users/repository.js';
import { USER_EVENTS_BULK_DELETE } from './jobs.js';
import type { NewUserEvent, UserEventFilter, UserEventRow, UserEventsRepository, UserSummary } from './repository.js';
import type { BulkDeleteUserEventsBody, CreateUserEventBody, UserEventListQuery, UserEventObject, UserEventsDryRun } from './schemas.js';

function presentUser(user: UserSummary): UserEventObject['user'] {
  return { userapp_id: Number(user.id), user_id: Number(user.id), service_uid: user.service_uid, email: user.email };
}

type Writes = { userEvents: Pick<UserEventsRepository, 'insert'>; webhookOutbox: Pick<WebhookOutbox, 'stage' | 'flush'> };
type Insert = { accountId: number; values: NewUserEvent; present: (id: number) => UserEventObject };

export interface UserEventsDeps {
  userEvents: Pick<UserEventsRepository, 'list' | 'eventsByIds' | 'countBulkRange'>;
  events: Pick<EventsRepository, 'findByName'>;
  users: Pick<UsersRepository, 'findByIdentity' | 'findSummaries'>;
  tx: Transactor<{ events: Pick<EventsRepository, 'findByName'>; queue: Pick<RequestQueue, 'accept'> } & Writes>;
  groupCommit: GroupCommit<Writes>;
  clock: Clock;
  jobs: JobsNotifier;
}

export class UserEventsService {
  /** Concurrent POST /user-events share one commit (group commit); see db/write-batcher.ts. */
  private readonly inserts: { submit(item: Insert): Promise<number> };

  constructor(private readonly deps: UserEventsDeps) {
    // W4: the webhook message is written in the event's own transaction: staged by each item of a
    // shared one and written by one statement before it commits (finish), or, for an item the
    // batcher writes alone, in a transaction of its own with the insert.
    const write = async ({ userEvents, webhookOutbox }: Writes, { accountId, values, present }: Insert) => {
      const id = await userEvents.insert(accountId, values);
      await webhookOutbox.stage(accountId, [{ type: 'user_event.created', data: () => present(id), userId: values.userId }], deps.clock.now());
      return id;
    };
    const alone = (item: Insert) =>
      deps.tx.run(async (trx) => {
        const id = await write(trx, item);
        await trx.webhookOutbox.flush();
        return id;
      });
    this.inserts = deps.groupCommit((r: Writes, item: Insert, inTransaction: boolean) => (inTransaction ? write(r, item) : alone(item)), {
      finish: (r) => r.webhookOutbox.flush(),
    });
  }

  /** E3 (user by service_uid, else email, else document): the hottest path of the product — two indexed lookups and one insert. */
  async create(accountId: number, body: CreateUserEventBody): Promise<UserEventObject> {
    const identity = { service_uid: body.service_uid, email: body.email, document: body.document };
    if (![identity.service_uid, identity.email, identity.document].some((v) => v !== undefined && v.trim() !== '')) {
      throw invalidField('service_uid', 'is required (or email, or document) to find the user');
    }
    const datetime = body.datetime === undefined ? formatDateTime(this.deps.clock.now()) : datetimeField('datetime', body.datetime);
    const metadata = body.metadata === undefined ? null : encodeMetadata(body.metadata);
    const event = await this.deps.events.findByName(accountId, body.event);
    if (!event) throw new NotFoundError(`event ${body.event} not found`);
    const user = await this.deps.users.findByIdentity(accountId, identity);
    if (!user) throw missingByIdentity();
    const present = (id: number): UserEventObject => ({
      id,
      event: presentEvent(event),
      user: presentUser(user),
      datetime,
      metadata: body.metadata ?? null,
    });
    return present(await this.inserts.submit({ accountId, values: { eventId: Number(event.id), userId: Number(user.id), datetime, metadata }, present }));
  }

  /** E4: a filter naming an unknown event or user matches nothing. */
  async list(accountId: number, query: UserEventListQuery, page: Page): Promise<UserEventObject[]> {
    const filter: UserEventFilter = { ...parseDateRange(query) };
    if (query.event !== undefined) {
      const event = await this.deps.events.findByName(accountId, query.event);
      if (!event) return [];
      filter.eventId = Number(event.id);
    }
    let knownUser: UserSummary | undefined;
    if (query.service_uid !== undefined) {
      knownUser = await this.deps.users.findByIdentity(accountId, { service_uid: query.service_uid });
      if (!knownUser) return [];
      filter.userId = Number(knownUser.id);
    }
    return this.present(accountId, await this.deps.userEvents.list(accountId, filter, page), knownUser);
  }

  /** D3: every user event of one customer, as GET /user-events answers them, not paginated. */
  async ofUser(accountId: number, userId: number): Promise<UserEventObject[]> {
    const [user] = await this.deps.users.findSummaries(accountId, [userId]);
    if (!user) return [];
    return this.present(accountId, await this.deps.userEvents.list(accountId, { userId }, EVERY_ROW), user);
  }

  /** A page of rows with their events and users (`knownUser`: the one user they all belong to, already read). */
  private async present(accountId: number, rows: UserEventRow[], knownUser?: UserSummary): Promise<UserEventObject[]> {
    if (rows.length === 0) return [];
    const eventIds = [...new Set(rows.map((row) => Number(row.event_id)))];
    const events = new Map((await this.deps.userEvents.eventsByIds(accountId, eventIds)).map((e) => [Number(e.id), presentEvent(e)]));
    const users = new Map<number, UserEventObject['user']>();
    if (knownUser) users.set(Number(knownUser.id), presentUser(knownUser));
    else {
      const userIds = [...new Set(rows.map((row) => Number(row.user_id)))];
      for (const user of await this.deps.users.findSummaries(accountId, userIds)) users.set(Number(user.id), presentUser(user));
    }
    return rows.map((row) => ({
      id: Number(row.id),
      event: events.get(Number(row.event_id))!,
      user: users.get(Number(row.user_id))!,
      datetime: row.datetime,
      metadata: row.metadata === null ? null : (JSON.parse(row.metadata) as Record<string, unknown>),
    }));
  }

  /** E5: validated now; the deletion runs in the background in bounded batches. */
  async bulkDelete(accountId: number, body: BulkDeleteUserEventsBody): Promise<{ request_id: string }> {
    const { eventName, from, to, notifyTo } = bulkDeleteTarget(body);
    const requestId = await this.deps.tx.run(async ({ events, queue }) => {
      const event = await events.findByName(accountId, eventName);
      if (!event) throw new NotFoundError(`event ${eventName} not found`);
      return queue.accept(
        accountId,
        { type: USER_EVENTS_BULK_DELETE, params: { event_id: Number(event.id), event_name: eventName, from, to }, notifyTo },
        formatDateTime(this.deps.clock.now()),
      );
    });
    this.deps.jobs.wake();
    return { request_id: requestId };
  }

  /** O8: bulkDelete's validation and answers, then how many rows its request would delete now. */
  async previewBulkDelete(accountId: number, body: BulkDeleteUserEventsBody): Promise<UserEventsDryRun> {
    const { eventName, from, to } = bulkDeleteTarget(body);
    const event = await this.deps.events.findByName(accountId, eventName);
    if (!event) throw new NotFoundError(`event ${eventName} not found`);
    const count = await this.deps.userEvents.countBulkRange(accountId, { eventId: Number(event.id), from, to });
    return { dry_run: true, would_delete: { user_events: count } };
  }
}

/** E5's checks of the body (`event_name`, `from` and `to` required, a valid range), before anything is read. */
function bulkDeleteTarget(body: BulkDeleteUserEventsBody): { eventName: string; from: string; to: string; notifyTo: string | null } {
  const eventName = body.event_name ?? body['event-name'];
  if (eventName === undefined || eventName === '') throw invalidField('event_name', 'is required');
  if (body.from === undefined) throw invalidField('from', 'is required');
  if (body.to === undefined) throw invalidField('to', 'is required');
  const { from, to } = parseDateRange({ from: body.from, to: body.to }) as { from: string; to: string };
  return { eventName, from, to, notifyTo: parseNotifyTo(body.notify_to) };
}
