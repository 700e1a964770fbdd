import type { MembershipReads } from '../segment-membership/changes.js';
import type { SegmentEvaluator } from '../segment-membership/service.js';
import type { UserDirectory } from '../users/directory.js';
import type { CompiledSegment } from './compile.js';
import type { SegmentMembers } from './members.js';
import type { SegmentsRepository } from './repository.js';
import type { SegmentsService } from './service.js';

// What live membership (modules/segment-membership, which knows nothing of definitions) asks of
// segments: their definitions compiled, which customers they admit, and U11's point query.

/** The segments module's compiler and member queries, as live membership asks for them (bound to one transaction). */
export function segmentEvaluator(segments: SegmentsRepository, members: SegmentMembers, service: Pick<SegmentsService, 'compile'>): SegmentEvaluator<CompiledSegment> {
  return {
    async compile(accountId, rows) {
      const catalogue = await segments.catalogue(accountId);
      const compiled = new Map<number, CompiledSegment>();
      for (const row of rows) {
        try {
          compiled.set(row.id, service.compile(accountId, row, catalogue));
        } catch {
          // A stored definition that no longer compiles keeps its members as they are (SG7).
        }
      }
      return compiled;
    },
    membersAmong: (accountId, list, userIds) => members.membersAmong(accountId, list, userIds),
  };
}

/** U11's belongsToSegment and SG8's changes: the segment and the customer named, and the point query. */
export function membershipReads(
  segments: SegmentsRepository,
  service: Pick<SegmentsService, 'isMember' | 'requireSegment'>,
  directory: Pick<UserDirectory, 'requireByRef'>,
): MembershipReads {
  return {
    requireSegment: async (accountId, ref) => ({ id: Number((await service.requireSegment(accountId, ref)).id) }),
    requireUser: async (accountId, ref) => ({ id: (await directory.requireByRef(accountId, ref)).id }),
    async isMember(accountId, segmentId, userId) {
      const row = await segments.findById(accountId, segmentId);
      return row ? service.isMember(accountId, row, userId) : false;
    },
  };
}
