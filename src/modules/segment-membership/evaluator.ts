import type { UserDirectory } from '../users/directory.js';
import type { SegmentsRepository } from '../segments/repository.js';
import type { SegmentsService } from '../segments/service.js';
import type { MembershipReads } from './changes.js';
import type { MembershipRepository } from './repository.js';
import type { CompiledCondition, SegmentEvaluator } from './service.js';

/** The segments module's compiler and point queries, as live membership asks for them (bound to one transaction). */
export function segmentEvaluator(segments: SegmentsRepository, membership: MembershipRepository, service: Pick<SegmentsService, 'compile'>): SegmentEvaluator {
  return {
    async compile(accountId, rows) {
      const catalogue = await segments.catalogue(accountId);
      const compiled = new Map<number, CompiledCondition>();
      for (const row of rows) {
        try {
          compiled.set(row.id, { where: service.compile(accountId, row, catalogue) });
        } catch {
          // A stored definition that no longer compiles keeps its members as they are (SG7).
        }
      }
      return compiled;
    },
    membersAmong: (accountId, list, userIds) => membership.membersAmong(accountId, list.map((segment) => ({ id: segment.id, where: segment.compiled.where })), userIds),
  };
}

/** U11's belongsToSegment and SG8's changes: the segment and the customer named, and the point query. */
export function membershipReads(
  segments: SegmentsRepository,
  service: Pick<SegmentsService, 'compile' | 'requireSegment'>,
  directory: Pick<UserDirectory, 'requireByRef'>,
): MembershipReads {
  return {
    requireSegment: async (accountId, ref) => ({ id: Number((await service.requireSegment(accountId, ref)).id) }),
    requireUser: async (accountId, ref) => ({ id: (await directory.requireByRef(accountId, ref)).id }),
    async isMember(accountId, segmentId, userId) {
      const row = await segments.findById(accountId, segmentId);
      if (!row) return false;
      return segments.isMember(accountId, service.compile(accountId, row, await segments.catalogue(accountId)), userId);
    },
  };
}
