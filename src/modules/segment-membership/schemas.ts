import { type Static, Type } from 'typebox';
import { PageQuery } from '../../http/pagination.js';

// SG8's changes and U11's belongsToSegment.

/** A segment named as SG4's routes name it. */
export const SegmentRefParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 255, description: 'Numeric id or slug' }) },
  { additionalProperties: false },
);

/** A customer named as U3 names them. */
export const CustomerRefParams = Type.Object({
  id: Type.String({ maxLength: 1024, description: 'Numeric userapp_id, or the base64 of the service_uid' }),
});

export const ChangesQuery = Type.Object({
  ...PageQuery.properties,
  from: Type.Optional(Type.String({ maxLength: 64, description: 'On the transition\'s time, inclusive (G7; a bare date is its whole day)' })),
  to: Type.Optional(Type.String({ maxLength: 64, description: 'On the transition\'s time, inclusive' })),
  type: Type.Optional(Type.Union([Type.Literal('entered'), Type.Literal('exited'), Type.Literal('')], { description: 'Only entries or only exits; empty is no filter' })),
});
export type ChangesQuery = Static<typeof ChangesQuery>;

export const SegmentChange = Type.Object({
  type: Type.Union([Type.Literal('entered'), Type.Literal('exited')]),
  userapp_id: Type.Integer(),
  at: Type.String({ description: 'YYYY-MM-DD hh:mm:ss, UTC: when the change was recorded' }),
});
export type SegmentChange = Static<typeof SegmentChange>;

export const BelongsQuery = Type.Object({
  segment_id: Type.Optional(Type.String({ maxLength: 255, description: 'Numeric id or slug of the segment (required)' })),
});
export type BelongsQuery = Static<typeof BelongsQuery>;

export const Belongs = Type.Object({ belongsToSegment: Type.Boolean() });
export type Belongs = Static<typeof Belongs>;
