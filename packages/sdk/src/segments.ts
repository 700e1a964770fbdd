// Segments (SG1–SG6): the definition language as TypeScript types, and the calls around it.
//
// The OpenAPI document declares a definition only as a JSON object (the server checks its language
// itself, so that a 400 can name the path of the offending condition, `definition.all[2].op: …`).
// The types below are written to match SG2 (docs/segments.md): a definition is a Group; a node is a
// Group or a Condition; a condition is told apart by the key that names its kind (`field`,
// `purchases`, `event`, `blacklisted`, `benefit`, `abandoned_cart`, `segment`), and a profile
// condition's `op`/`value` pair by the type of its field. The constants say the same at run time
// (the web console builds its operator lists from them).

// --- fields and operators -----------------------------------------------------------------------

/** SG2's profile fields by type (U4's names). */
export const SEGMENT_FIELDS = {
  text: [
    'service_uid',
    'email',
    'document',
    'telephone',
    'first_name',
    'last_name',
    'gender',
    'street',
    'city',
    'department',
    'state',
    'country',
    'postcode',
    'marital_status',
    /** The customer's value group (U14): champions, loyal, promising, at_risk, hibernating, regular. */
    'rfm.value_group',
  ],
  /** `rfm.*`: the customer's scores, 1 to 5, in the account's current value-group snapshot (U14). */
  number: ['points', 'age', 'rfm.recency', 'rfm.frequency', 'rfm.monetary'],
  date: ['birthdate', 'createtime', 'updatetime', 'club_inscription_date'],
  tags: ['tags'],
  boolean: ['mailing_enabled', 'sms_enabled'],
} as const;

/** The operators of each field type, without `is_set`/`is_not_set` (every type takes those). */
export const SEGMENT_OPERATORS = {
  text: ['eq', 'neq', 'in', 'not_in', 'contains', 'not_contains', 'starts_with', 'ends_with'],
  number: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'between', 'in'],
  /** `birthday_within_days` is for `birthdate` only (see dateOperators). */
  date: ['before', 'after', 'between', 'within_last_days', 'not_within_last_days', 'within_next_days', 'birthday_within_days'],
  tags: ['has', 'has_any', 'has_all', 'has_none'],
  boolean: ['eq'],
} as const;

export const PRESENCE_OPERATORS = ['is_set', 'is_not_set'] as const;
/** What a purchases condition measures: how many, the sum of `prices.total`, the sum of `points`. */
export const PURCHASE_MEASURES = ['count', 'total', 'points'] as const;
/** S1's purchase channels. */
export const PURCHASE_CHANNELS = ['web', 'telephone', 'in-store', 'corporate', 'direct', 'other'] as const;
/** A custom attribute's `data_type` and the field type it is compared as. */
export const ATTRIBUTE_FIELD_TYPES = { string: 'text', integer: 'number', float: 'number', timestamp: 'date' } as const;
/** SG2's limits: conditions in one definition, levels of groups (`not` included), items of a list. */
export const SEGMENT_LIMITS = { conditions: 50, levels: 5, listItems: 1000, birthdayDays: 366 } as const;
/** SG6's default export fields. */
export const DEFAULT_EXPORT_FIELDS = ['userapp_id', 'service_uid', 'email', 'telephone', 'first_name', 'last_name', 'points'] as const;

export type FieldType = keyof typeof SEGMENT_FIELDS;
export type TextField = (typeof SEGMENT_FIELDS.text)[number];
export type NumberField = (typeof SEGMENT_FIELDS.number)[number];
export type DateField = (typeof SEGMENT_FIELDS.date)[number];
export type BooleanField = (typeof SEGMENT_FIELDS.boolean)[number];
/** A user custom attribute, compared as its `data_type` says (ATTRIBUTE_FIELD_TYPES). */
export type AttributeField = `custom_attributes.${string}`;
export type ProfileField = TextField | NumberField | DateField | 'tags' | BooleanField | AttributeField;

export type TextOperator = (typeof SEGMENT_OPERATORS.text)[number];
export type NumberOperator = (typeof SEGMENT_OPERATORS.number)[number];
export type DateOperator = (typeof SEGMENT_OPERATORS.date)[number];
export type TagsOperator = (typeof SEGMENT_OPERATORS.tags)[number];
export type PresenceOperator = (typeof PRESENCE_OPERATORS)[number];
export type PurchaseMeasure = (typeof PURCHASE_MEASURES)[number];
export type PurchaseChannel = (typeof PURCHASE_CHANNELS)[number];

/** The operators `field` takes; `type` is its field type (for a custom attribute, from its data_type). */
export function operatorsFor(type: FieldType, field?: string): readonly string[] {
  const own: readonly string[] = type === 'date' && field !== 'birthdate' ? SEGMENT_OPERATORS.date.filter((op) => op !== 'birthday_within_days') : SEGMENT_OPERATORS[type];
  return [...own, ...PRESENCE_OPERATORS];
}

/** The field type of a profile field (`custom_attributes.*` needs its data_type: null). */
export function profileFieldType(field: string): FieldType | null {
  for (const type of Object.keys(SEGMENT_FIELDS) as FieldType[]) if ((SEGMENT_FIELDS[type] as readonly string[]).includes(field)) return type;
  return null;
}

// --- values ------------------------------------------------------------------------------------

/** G7: `YYYY-MM-DD hh:mm:ss` (UTC), ISO 8601 with an offset, or a bare date `YYYY-MM-DD`. */
export type DateValue = string;
type List<T> = readonly T[];

/** `is_set` / `is_not_set`: no `value`. */
export type PresenceTest = { op: PresenceOperator; value?: never };
export type TextTest = { op: 'eq' | 'neq' | 'contains' | 'not_contains' | 'starts_with' | 'ends_with'; value: string } | { op: 'in' | 'not_in'; value: List<string> };
export type NumberTest =
  | { op: 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte'; value: number }
  | { op: 'between'; value: readonly [min: number, max: number] }
  | { op: 'in'; value: List<number> };
export type DateTest =
  | { op: 'before' | 'after'; value: DateValue }
  | { op: 'between'; value: readonly [from: DateValue, to: DateValue] }
  | { op: 'within_last_days' | 'not_within_last_days' | 'within_next_days'; value: number };
export type BirthdateTest = DateTest | { op: 'birthday_within_days'; value: number };
export type TagsTest = { op: 'has'; value: string } | { op: 'has_any' | 'has_all' | 'has_none'; value: List<string> };

/** A time window: the last N days, or `from`/`to` (inclusive; bare dates cover their whole day), or neither (ever). */
export type SegmentWindow =
  | { within_last_days?: number; from?: never; to?: never }
  | { within_last_days?: never; from?: DateValue; to?: DateValue };

// --- conditions --------------------------------------------------------------------------------

/** `{field, op, value}` on a profile field, typed by the field's type. */
export type FieldCondition =
  | ({ field: TextField } & (TextTest | PresenceTest))
  | ({ field: NumberField } & (NumberTest | PresenceTest))
  | ({ field: 'birthdate' } & (BirthdateTest | PresenceTest))
  | ({ field: Exclude<DateField, 'birthdate'> } & (DateTest | PresenceTest))
  | ({ field: 'tags' } & (TagsTest | PresenceTest))
  | ({ field: BooleanField } & ({ op: 'eq'; value: boolean } | PresenceTest))
  /** The server checks the test against the attribute's data_type (string, integer/float, timestamp). */
  | ({ field: AttributeField } & (TextTest | NumberTest | DateTest | PresenceTest));

/** Filters of a purchases condition, all optional (`{}` is every purchase). */
export type PurchaseFilters = SegmentWindow & {
  branch_name?: string;
  channel?: PurchaseChannel;
  /** An item with this SKU. */
  sku?: string;
  /** An item whose product is in this category code or below it. */
  category?: string;
};

/** The count (default), total or points of the customer's purchases matching the filters, compared as a number. No purchase is 0. */
export type PurchasesCondition = { purchases: PurchaseFilters; measure?: PurchaseMeasure } & NumberTest;
/** How many user events of that name the customer has in the window (ever, without one). */
export type EventCondition = { event: string } & SegmentWindow & NumberTest;
/** On the e-mail or telephone blacklist (a customer without one is not). */
export type BlacklistedCondition = { blacklisted: 'email' | 'telephone'; value: boolean };
/** A coupon of the benefit (its id) was assigned to the customer. */
export type BenefitCondition = { benefit: number; op: 'has' | 'has_not' };
/** A cart not recovered, optionally within the last N days. */
export type AbandonedCartCondition = { abandoned_cart: { within_last_days?: number }; op: 'has' | 'has_not' };
/** SG9: what a recipient of mailings did, in the console's words and the API's. */
export const MAILING_ACTIVITIES = ['received', 'opened', 'clicked', 'unsubscribed', 'bounced'] as const;
export type MailingActivity = (typeof MAILING_ACTIVITIES)[number];
/** SG9: a recipient of the mailing (its id, or any) with that activity, optionally within the last N days. */
export type MailingActivityCondition = { mailing: number | 'any'; activity: MailingActivity; within_last_days?: number; op: 'has' | 'has_not' };
/** Member of another segment (its id); a cycle is refused. */
export type SegmentMembershipCondition = { segment: number; op: 'in' | 'not_in' };

export type SegmentCondition =
  | FieldCondition
  | PurchasesCondition
  | EventCondition
  | BlacklistedCondition
  | BenefitCondition
  | AbandonedCartCondition
  | MailingActivityCondition
  | SegmentMembershipCondition;

/** `{all: [...]}` (every node), `{any: [...]}` (at least one), `{not: node}`; an empty list is refused. */
export type SegmentGroup =
  | { all: List<SegmentNode>; any?: never; not?: never }
  | { any: List<SegmentNode>; all?: never; not?: never }
  | { not: SegmentNode; all?: never; any?: never };

export type SegmentNode = SegmentGroup | SegmentCondition;

/** A segment's definition (SG2): always a group at the top. */
export type SegmentDefinition = SegmentGroup;

/** The kind of a condition: the key that names it. */
export type ConditionKind = 'field' | 'purchases' | 'event' | 'blacklisted' | 'benefit' | 'abandoned_cart' | 'mailing' | 'segment';
export const CONDITION_KINDS: readonly ConditionKind[] = ['field', 'purchases', 'event', 'blacklisted', 'benefit', 'abandoned_cart', 'mailing', 'segment'];

const has = (node: object, key: string) => Object.prototype.hasOwnProperty.call(node, key);

/** True for a group (`all`, `any` or `not`), false for a condition. */
export function isSegmentGroup(node: SegmentNode): node is SegmentGroup {
  return has(node, 'all') || has(node, 'any') || has(node, 'not');
}

/** The kind of a condition (the key that names it), or null for something else. */
export function conditionKind(node: SegmentNode): ConditionKind | null {
  return isSegmentGroup(node) ? null : (CONDITION_KINDS.find((kind) => has(node, kind)) ?? null);
}
