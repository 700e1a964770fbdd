import { NotFoundError, invalidField } from '../../lib/errors.js';
import type { Page } from '../../http/pagination.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import type { EventObject } from './schemas.js';
import type { EventRow, EventsRepository } from './repository.js';

export const EVENT_NAME_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

export function presentEvent(row: Pick<EventRow, 'id' | 'name' | 'createtime'>): EventObject {
  return { id: Number(row.id), name: row.name, createtime: row.createtime };
}

export interface EventsDeps {
  events: EventsRepository;
  clock: Clock;
}

export class EventsService {
  constructor(private readonly deps: EventsDeps) {}

  async list(accountId: number, page: Page): Promise<EventObject[]> {
    return (await this.deps.events.list(accountId, page)).map(presentEvent);
  }

  /** E1: names are letters, digits and `-`, case-sensitive, unique per account. */
  async create(accountId: number, name: string): Promise<EventObject> {
    if (!EVENT_NAME_PATTERN.test(name)) {
      throw invalidField('name', 'must be 1 to 64 characters, only letters, digits and -');
    }
    if (await this.deps.events.findByName(accountId, name)) throw invalidField('name', `event "${name}" already exists`);
    try {
      return presentEvent(await this.deps.events.create(accountId, name, formatDateTime(this.deps.clock.now())));
    } catch (error) {
      // Two requests creating the same name at once: the unique index decides, the loser gets the 400.
      if (await this.deps.events.findByName(accountId, name)) throw invalidField('name', `event "${name}" already exists`);
      throw error;
    }
  }

  async delete(accountId: number, id: number): Promise<void> {
    if (!(await this.deps.events.delete(accountId, id))) throw new NotFoundError(`event ${id} not found`);
  }
}
