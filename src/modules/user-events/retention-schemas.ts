import { type Static, Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';

// D5: GET|PUT /account/retention.

export const MAX_RETENTION_DAYS = 3650;
/** At most this many event names in `by_event`. */
export const MAX_RETENTION_RULES = 1000;

/** N days (1–3650), or null: kept forever. A type array, not anyOf, so a wrong value gets one plain message. */
const Days = Type.Unsafe<number | null>({
  type: ['integer', 'null'],
  minimum: 1,
  maximum: MAX_RETENTION_DAYS,
  description: `Days to keep (1–${MAX_RETENTION_DAYS}), or null to keep forever`,
});

const BY_EVENT = 'Per event name (an event of the catalogue, GET /events): days to keep its user events, or null to keep them forever; wins over user_events_days';
const ByEvent = Type.Unsafe<Record<string, number | null>>({ type: 'object', additionalProperties: Days, maxProperties: MAX_RETENTION_RULES, description: BY_EVENT });

export const RetentionBody = Type.Object(
  {
    user_events_days: Type.Optional(Type.Unsafe<number | null>({ ...Days, description: `The default for every event not in by_event: days to keep (1–${MAX_RETENTION_DAYS}), or null to keep forever; replaces the current default when given` })),
    by_event: Type.Optional(Type.Unsafe<Record<string, number | null>>({ ...ByEvent, description: `${BY_EVENT}. Replaces the whole current map when given` })),
  },
  { additionalProperties: false, examples: [{ user_events_days: 365, by_event: { page_view: 30, purchase: null } }] },
);
export type RetentionBody = Static<typeof RetentionBody>;

export const RetentionObject = Type.Object({
  user_events_days: Type.Unsafe<number | null>({ type: ['integer', 'null'], description: 'Days user events are kept by default; null: forever' }),
  by_event: Type.Record(Type.String(), Type.Unsafe<number | null>({ type: ['integer', 'null'] }), { description: 'Per event name: days kept, or null for forever' }),
  last_run: Type.Unsafe<string | null>({ type: ['string', 'null'], description: 'When the last completed run finished (YYYY-MM-DD hh:mm:ss, UTC); null before the first' }),
  deleted_last_run: Type.Unsafe<number | null>({ type: ['integer', 'null'], description: 'User events the last completed run deleted; null before the first' }),
});
export type RetentionObject = Static<typeof RetentionObject>;

export const RetentionEnvelope = Envelope(RetentionObject);
