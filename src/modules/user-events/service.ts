import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { parseDateRange } from '../../http/date-range.js';
import { NotFoundError, invalidField } from '../../http/errors.js';
import type { Page } from '../../http/pagination.js';
import { RequestQueue } from '../../jobs/queue.js';
import type { JobsNotifier } from '../../jobs/types.js';
import { type Clock, formatDateTime, parseDateTime } from '../../lib/time.js';
import { EventsRepository } from '../events/repository.js';
import { presentEvent } from '../events/service.js';
import { parseNotifyTo } from '../requests/notify-to.js';
import { UsersRepository } from '../users/repository.js';
import { USER_EVENTS_BULK_DELETE } from './jobs.js';
import { WriteBatcher } from '../../db/write-batcher.js';
import { type NewUserEvent, type UserEventFilter, UserEventsRepository, type UserSummary } from './repository.js';
import type { BulkDeleteUserEventsBody, CreateUserEventBody, UserEventListQuery, UserEventObject, UserEventsDryRun } from './schemas.js';

export const METADATA_MAX_BYTES = 16_384;

function presentUser(user: UserSummary): UserEventObject['user'] {
  return { userapp_id: Number(user.id), user_id: Number(user.id), service_uid: user.service_uid, email: user.email };
}

function datetimeField(field: string, text: string): string {
  const parsed = parseDateTime(text.trim(), 'refuse');
  if (!parsed) throw invalidField(field, "must be a datetime 'YYYY-MM-DD hh:mm:ss' or ISO 8601 with an offset");
  return formatDateTime(parsed);
}

export class UserEventsService {
  private readonly repo: UserEventsRepository;
  private readonly events: EventsRepository;
  private readonly users: UsersRepository;
  /** Concurrent POST /user-events share one commit (group commit); see db/write-batcher.ts. */
  private readonly inserts: WriteBatcher<{ accountId: number; values: NewUserEvent }, number>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly jobs: JobsNotifier,
  ) {
    this.repo = new UserEventsRepository(db);
    this.events = new EventsRepository(db);
    this.users = new UsersRepository(db);
    this.inserts = new WriteBatcher(db, (trx, { accountId, values }) => new UserEventsRepository(trx).insert(accountId, values));
  }

  /** E3: the hottest path of the product — two indexed lookups and one insert. */
  async create(accountId: number, body: CreateUserEventBody): Promise<UserEventObject> {
    const identity = { service_uid: body.service_uid, email: body.email, document: body.document };
    if (![identity.service_uid, identity.email, identity.document].some((v) => v !== undefined && v.trim() !== '')) {
      throw invalidField('service_uid', 'is required (or email, or document) to find the user');
    }
    const datetime = body.datetime === undefined ? formatDateTime(this.clock.now()) : datetimeField('datetime', body.datetime);
    let metadata: string | null = null;
    if (body.metadata !== undefined) {
      metadata = JSON.stringify(body.metadata);
      if (Buffer.byteLength(metadata, 'utf8') > METADATA_MAX_BYTES) {
        throw invalidField('metadata', `must be at most ${METADATA_MAX_BYTES} bytes as JSON`);
      }
    }
    const event = await this.events.findByName(accountId, body.event);
    if (!event) throw new NotFoundError(`event ${body.event} not found`);
    const user = await this.users.findByIdentity(accountId, identity);
    if (!user) throw new NotFoundError('user not found');
    const id = await this.inserts.submit({ accountId, values: { eventId: Number(event.id), userId: Number(user.id), datetime, metadata } });
    return {
      id,
      event: presentEvent(event),
      user: presentUser(user),
      datetime,
      metadata: body.metadata ?? null,
    };
  }

  /** E4: a filter naming an unknown event or user matches nothing. */
  async list(accountId: number, query: UserEventListQuery, page: Page): Promise<UserEventObject[]> {
    const filter: UserEventFilter = { ...parseDateRange(query) };
    if (query.event !== undefined) {
      const event = await this.events.findByName(accountId, query.event);
      if (!event) return [];
      filter.eventId = Number(event.id);
    }
    let knownUser: UserSummary | undefined;
    if (query.service_uid !== undefined) {
      knownUser = await this.users.findByIdentity(accountId, { service_uid: query.service_uid });
      if (!knownUser) return [];
      filter.userId = Number(knownUser.id);
    }
    const rows = await this.repo.list(accountId, filter, page);
    if (rows.length === 0) return [];
    const eventIds = [...new Set(rows.map((row) => Number(row.event_id)))];
    const events = new Map((await this.repo.eventsByIds(accountId, eventIds)).map((e) => [Number(e.id), presentEvent(e)]));
    const users = new Map<number, UserEventObject['user']>();
    if (knownUser) users.set(Number(knownUser.id), presentUser(knownUser));
    else {
      const userIds = [...new Set(rows.map((row) => Number(row.user_id)))];
      for (const user of await this.users.findSummaries(accountId, userIds)) users.set(Number(user.id), presentUser(user));
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
    const requestId = await this.db.transaction().execute(async (trx) => {
      const event = await new EventsRepository(trx).findByName(accountId, eventName);
      if (!event) throw new NotFoundError(`event ${eventName} not found`);
      return new RequestQueue(trx).accept(
        accountId,
        { type: USER_EVENTS_BULK_DELETE, params: { event_id: Number(event.id), event_name: eventName, from, to }, notifyTo },
        formatDateTime(this.clock.now()),
      );
    });
    this.jobs.wake();
    return { request_id: requestId };
  }

  /** O8: bulkDelete's validation and answers, then how many rows its request would delete now. */
  async previewBulkDelete(accountId: number, body: BulkDeleteUserEventsBody): Promise<UserEventsDryRun> {
    const { eventName, from, to } = bulkDeleteTarget(body);
    const event = await this.events.findByName(accountId, eventName);
    if (!event) throw new NotFoundError(`event ${eventName} not found`);
    const count = await this.repo.countBulkRange(accountId, { eventId: Number(event.id), from, to });
    return { dry_run: true, would_delete: { user_events: count } };
  }
}

/** E5's checks of the body, before anything is read. */
function bulkDeleteTarget(body: BulkDeleteUserEventsBody): { eventName: string; from: string; to: string; notifyTo: string | null } {
  const eventName = body.event_name ?? body['event-name'];
  if (eventName === undefined || eventName === '') throw invalidField('event_name', 'is required');
  if (body.from === undefined) throw invalidField('from', 'is required');
  if (body.to === undefined) throw invalidField('to', 'is required');
  const { from, to } = parseDateRange({ from: body.from, to: body.to }) as { from: string; to: string };
  return { eventName, from, to, notifyTo: parseNotifyTo(body.notify_to) };
}
