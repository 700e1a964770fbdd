import { type Static, Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
import { VALUE_GROUPS } from './repository.js';

// U14: GET /users/{id}/value, GET /account/value-groups, POST /account/value-groups/refresh.

const Score = (what: string) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1, maximum: 5, description: `${what} score, 1 (worst fifth) to 5 (best); null without purchases in the last 365 days` });

const GroupName = Type.Unsafe<(typeof VALUE_GROUPS)[number]>({ type: 'string', enum: [...VALUE_GROUPS] });

const ComputedAt = Type.Unsafe<string | null>({
  type: ['string', 'null'],
  description: 'When the snapshot was computed (YYYY-MM-DD hh:mm:ss, UTC); null before the first',
});

export const CustomerValue = Type.Object({
  recency: Score('Recency (whole UTC days since the last purchase, fewer is better)'),
  frequency: Score('Frequency (purchases in the last 365 days)'),
  monetary: Score('Monetary (sum of prices.total of those purchases)'),
  value_group: Type.Unsafe<(typeof VALUE_GROUPS)[number] | null>({
    type: ['string', 'null'],
    enum: [...VALUE_GROUPS, null],
    description: 'The first group that matches: champions, loyal, promising, at_risk, hibernating, regular; null without scores',
  }),
  computed_at: ComputedAt,
});
export type CustomerValue = Static<typeof CustomerValue>;
export const CustomerValueEnvelope = Envelope(CustomerValue);

export const ValueGroupsOverview = Type.Object({
  computed_at: ComputedAt,
  groups: Type.Array(
    Type.Object({
      value_group: GroupName,
      customers: Type.Integer({ description: 'Customers in the group' }),
      revenue: Type.Number({ description: 'Sum of their purchase totals (prices.total) of the last 365 days' }),
    }),
    { description: 'All six groups in U14\'s order, empty ones with 0' },
  ),
});
export type ValueGroupsOverview = Static<typeof ValueGroupsOverview>;
export const ValueGroupsOverviewEnvelope = Envelope(ValueGroupsOverview);

export const RefreshBody = Type.Object(
  { notify_to: Type.Optional(Type.String({ maxLength: 320, description: 'E-mail address told the outcome' })) },
  { additionalProperties: false },
);
