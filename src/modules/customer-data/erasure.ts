import { randomUUID } from 'node:crypto';
import type { Transactor } from '../../db/transactions.js';
import type { DryRun } from '../../http/dry-run.js';
import type { RequestQueue } from '../../jobs/queue.js';
import type { JobsNotifier } from '../../jobs/types.js';
import type { WebhookEvent } from '../../jobs/webhooks/events.js';
import type { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import { BadRequestError, invalidField } from '../../lib/errors.js';
import { normaliseEmail, normaliseTelephone, parseNotifyTo } from '../../lib/fields.js';
import { type Clock, stamp } from '../../lib/time.js';
import { blacklistChange } from '../blacklist/changes.js';
import { missingByIdentity, missingByRef, type UserDirectory } from '../users/directory.js';
import { presentDeletedUser } from '../users/present.js';
import { IDENTITY_FIELDS, type Identity, type UserRow } from '../users/repository.js';
import { type BulkEraseParams, USERS_BULK_ERASE } from './jobs.js';
import type { ErasureCounts } from './references.js';
import type { ErasureRepository } from './repository.js';
import { segmentExits } from './segment-exits.js';

/** L7: the reason listed with an entry D2 adds, so whoever reads the list knows where it came from. */
export const ERASURE_REASON = 'Added when the customer was erased';

/** Member ids counted per statement by a bulk erasure's dry run. */
const COUNTED_PER_STATEMENT = 5000;

/** D2: where a suppressed e-mail or telephone goes (the blacklist module's repository, bound to the erasing transaction). */
export interface Suppressions {
  suppress(accountId: number, list: 'email' | 'telephone', value: string, now: string, reason: string | null): Promise<boolean>;
  /** The list's size (GET /account/blacklist's `total`), for the blacklist.changed message. */
  count(accountId: number, list: 'email' | 'telephone'): Promise<number>;
}

/** D4: a segment and its members now (the segments module answers; this module cannot import it). */
export interface SegmentMembers {
  requireSegment(accountId: number, ref: string): Promise<{ id: number; title: string; definition: string }>;
  memberIds(accountId: number, segment: { definition: string }): Promise<number[]>;
}

export interface EraseOptions {
  dryRun?: boolean;
  suppress?: boolean;
}

export type Erased = { deleted: ErasureCounts } | DryRun<ErasureCounts>;

export interface ErasureDeps {
  erasure: Pick<ErasureRepository, 'count'>;
  directory: Pick<UserDirectory, 'requireByRef' | 'requireByIdentity'>;
  segments: SegmentMembers;
  tx: Transactor<{
    erasure: Pick<ErasureRepository, 'lockCustomers' | 'awaitScoreAndMemberWriters' | 'memberships' | 'erase' | 'freeze'>;
    suppressions: Suppressions;
    queue: Pick<RequestQueue, 'accept'>;
    webhookOutbox: Pick<WebhookOutbox, 'emit'>;
  }>;
  clock: Clock;
  jobs: JobsNotifier;
}

/** U6 for a destructive call: at least one identity must be given (finding "nobody" by accident is not the same as naming nobody). */
export function requireIdentity(identity: Identity): Identity {
  if (!IDENTITY_FIELDS.some((field) => (identity[field] ?? '').trim() !== '')) {
    throw new BadRequestError('service_uid, email, document, telephone: at least one is required to find the customer');
  }
  return identity;
}

/** D1, D2, D4: erasing customers with everything that refers to them. */
export class ErasureService {
  constructor(private readonly deps: ErasureDeps) {}


  /** D1: DELETE /users/{id} (U3). */
  async eraseByRef(accountId: number, rawId: string, options: EraseOptions): Promise<Erased> {
    const user = await this.deps.directory.requireByRef(accountId, rawId);
    return this.erase(accountId, user, options, () => missingByRef(rawId));
  }

  /** D1: DELETE /multiusers (U6). */
  async eraseByIdentity(accountId: number, identity: Identity, options: EraseOptions): Promise<Erased> {
    const user = await this.deps.directory.requireByIdentity(accountId, requireIdentity(identity));
    return this.erase(accountId, user, options, () => missingByIdentity());
  }

  /**
   * One transaction: the customer's row is locked (a write naming it waits, then finds it gone),
   * every row referring to it deleted and counted, and with `suppress` its e-mail and telephone
   * put on the blacklists (as the lists normalise them; a value no list can hold is skipped).
   * Its webhook messages (W4) go in the same transaction: `user.deleted`, and `blacklist.changed`
   * for each list a value was added to.
   */
  private async erase(accountId: number, user: UserRow, options: EraseOptions, missing: () => Error): Promise<Erased> {
    if (options.dryRun) return { dry_run: true, would_delete: await this.deps.erasure.count(accountId, [user.id]) };
    const now = stamp(this.deps.clock);
    const deleted = await this.deps.tx.run(async ({ erasure, suppressions, webhookOutbox }) => {
      const [locked] = await erasure.lockCustomers(accountId, [user.id]);
      // Erased by another request between the lookup and now: as if it had never been found.
      if (!locked) throw missing();
      await erasure.awaitScoreAndMemberWriters(accountId);
      const memberships = await erasure.memberships(accountId, [user.id]);
      const counts = await erasure.erase(accountId, [user.id]);
      const events: WebhookEvent[] = [{ type: 'user.deleted', data: presentDeletedUser(locked) }, ...segmentExits([locked], memberships)];
      if (options.suppress) {
        // The e-mail and telephone as they are under the lock, not as first read.
        const email = locked.email ? normaliseEmail(locked.email) : null;
        const telephone = locked.telephone ? normaliseTelephone(locked.telephone) : null;
        const values = [['email', email] as const, ['telephone', telephone] as const];
        for (const [list, value] of values) {
          if (!value || !(await suppressions.suppress(accountId, list, value, now, ERASURE_REASON))) continue;
          events.push({ type: 'blacklist.changed', data: async () => blacklistChange(list, 'suppress', 1, await suppressions.count(accountId, list)) });
        }
      }
      await webhookOutbox.emit(accountId, events, this.deps.clock.now());
      return counts;
    });
    return { deleted };
  }

  /**
   * D4: the segment's members now are frozen with the accepted request (one transaction), and the
   * worker erases them in steps (jobs.ts). A segment with no member is accepted too: its request
   * ends at once with 0 erased.
   */
  async bulkErase(accountId: number, body: { segment_id?: string | number; notify_to?: string }): Promise<{ request_id: string }> {
    const notifyTo = parseNotifyTo(body.notify_to);
    const segment = await this.deps.segments.requireSegment(accountId, segmentRef(body.segment_id));
    const members = await this.deps.segments.memberIds(accountId, segment);
    const erasureId = randomUUID();
    const params: BulkEraseParams = { segment_id: Number(segment.id), title: segment.title, erasure_id: erasureId, members: members.length };
    const requestId = await this.deps.tx.run(async ({ erasure, queue }) => {
      await erasure.freeze(accountId, erasureId, members);
      return queue.accept(accountId, { type: USERS_BULK_ERASE, params: { ...params }, notifyTo }, stamp(this.deps.clock));
    });
    this.deps.jobs.wake();
    return { request_id: requestId };
  }

  /** O8: bulkErase's checks, then D1's counts summed over the segment's members now. */
  async previewBulkErase(accountId: number, body: { segment_id?: string | number; notify_to?: string }): Promise<DryRun<ErasureCounts>> {
    parseNotifyTo(body.notify_to);
    const segment = await this.deps.segments.requireSegment(accountId, segmentRef(body.segment_id));
    const members = await this.deps.segments.memberIds(accountId, segment);
    const total = await this.deps.erasure.count(accountId, []);
    for (let start = 0; start < members.length; start += COUNTED_PER_STATEMENT) {
      const counts = await this.deps.erasure.count(accountId, members.slice(start, start + COUNTED_PER_STATEMENT));
      for (const name of Object.keys(total) as Array<keyof ErasureCounts>) total[name] += counts[name];
    }
    return { dry_run: true, would_delete: total };
  }
}

/** D4's `segment_id`: the numeric id or the slug (as SG5's), required. */
function segmentRef(value: string | number | undefined): string {
  const ref = value === undefined ? '' : String(value).trim();
  if (ref === '') throw invalidField('segment_id', 'is required');
  return ref;
}

