import { toPage } from '../../http/pagination.js';
import { invalidField } from '../../lib/errors.js';
import { given, parseDateRange } from '../../lib/fields.js';
import type { MembershipRepository } from './repository.js';
import type { Belongs, BelongsQuery, ChangesQuery, SegmentChange } from './schemas.js';

export interface MembershipReads {
  /** The segment by numeric id or slug (404 when the account has none). */
  requireSegment(accountId: number, ref: string): Promise<{ id: number }>;
  /** The customer by U3 id (404 when the account has none). */
  requireUser(accountId: number, ref: string): Promise<{ id: number }>;
  /** Whether the customer meets the segment's definition now (a point query). */
  isMember(accountId: number, segmentId: number, userId: number): Promise<boolean>;
}

/** SG8's changes of a segment and U11's belongsToSegment. */
export class SegmentChangesService {
  constructor(private readonly deps: { membership: MembershipRepository; reads: MembershipReads }) {}

  async list(accountId: number, ref: string, query: ChangesQuery): Promise<SegmentChange[]> {
    const segment = await this.deps.reads.requireSegment(accountId, ref);
    const range = parseDateRange({ from: given(query.from), to: given(query.to) });
    const type = given(query.type) as 'entered' | 'exited' | undefined;
    const rows = await this.deps.membership.changes(accountId, segment.id, { ...range, ...(type ? { type } : {}) }, toPage(query));
    return rows.map((row) => ({ type: row.type, userapp_id: Number(row.user_id), at: row.at }));
  }

  /** U11: computed when asked, as GET /users/{id}/segments is (the stored membership may be seconds behind). */
  async belongs(accountId: number, userRef: string, query: BelongsQuery): Promise<Belongs> {
    const segmentRef = given(query.segment_id);
    if (segmentRef === undefined) throw invalidField('segment_id', 'is required');
    const user = await this.deps.reads.requireUser(accountId, userRef);
    const segment = await this.deps.reads.requireSegment(accountId, segmentRef);
    return { belongsToSegment: await this.deps.reads.isMember(accountId, segment.id, user.id) };
  }
}
