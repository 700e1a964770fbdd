import { type BadRequestError, invalidField } from '../../lib/errors.js';
import { normaliseName } from '../../lib/names.js';
import { formatDateTime, parseDateTime } from '../../lib/time.js';
import { FOLDED_TEXT_FIELDS, type FoldedTextField } from '../../db/folded-columns.js';

// SG2: a segment definition, checked and turned into a typed tree that compile.ts translates to SQL.
// Every refusal is a 400 naming the path of the offending condition the way SG2 shows it
// (`definition.all[2].op: …`, indexes from 0). Names that need a lookup (custom attributes, events,
// benefits, mailings, segments) are checked against a Catalogue the caller loads.
//
// A stored definition is parsed again each time it is evaluated (nothing is precomputed, SG1), in
// `stored` mode: what has disappeared since it was saved no longer refuses it. A deleted or retyped
// custom attribute is a condition on a field with no value (it matches only the operators that match
// "no value"), a deleted event counts 0, a deleted benefit, mailing or segment has no one.

export const LIMITS = {
  conditions: 50,
  levels: 5,
  /** Elements of an `in`, `not_in`, `has_any`, `has_all`, `has_none` list. */
  listItems: 1000,
  /** Elements of all the lists of a definition together (each is a bound parameter). */
  listItemsTotal: 5000,
  /** Characters of a text or tag value. */
  textLength: 1000,
  /** Largest N of within_last_days and the like (about 270 years). */
  days: 100_000,
  birthdayDays: 366,
} as const;

export const TEXT_OPS = ['eq', 'neq', 'in', 'not_in', 'contains', 'not_contains', 'starts_with', 'ends_with'] as const;
export const NUMBER_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'between', 'in'] as const;
export const DATE_OPS = ['before', 'after', 'between', 'within_last_days', 'not_within_last_days', 'within_next_days', 'birthday_within_days'] as const;
export const TAGS_OPS = ['has', 'has_any', 'has_all', 'has_none'] as const;
export const BOOLEAN_OPS = ['eq'] as const;
export const PRESENCE_OPS = ['is_set', 'is_not_set'] as const;
/** The operators a field with no value matches (SG2). */
export const NO_VALUE_OPS: ReadonlySet<string> = new Set(['is_not_set', 'neq', 'not_in', 'not_contains', 'has_none']);

export const NUMBER_FIELDS = ['points', 'age'] as const;
/** U14's scores (1–5, none without purchases in the last 365 days) and value group, as profile fields. */
export const RFM_NUMBER_FIELDS = ['rfm.recency', 'rfm.frequency', 'rfm.monetary'] as const;
export const RFM_TEXT_FIELD = 'rfm.value_group';
export const DATE_FIELDS = ['birthdate', 'createtime', 'updatetime', 'club_inscription_date'] as const;
export const BOOLEAN_FIELDS = ['mailing_enabled', 'sms_enabled'] as const;
export const PURCHASE_MEASURES = ['count', 'total', 'points'] as const;
/** SG9's activities of a mailing's recipient. */
export const MAILING_ACTIVITIES = ['received', 'opened', 'clicked', 'unsubscribed', 'bounced'] as const;
/** S1's channels. */
export const CHANNELS = ['web', 'telephone', 'in-store', 'corporate', 'direct', 'other'] as const;
export const ATTRIBUTE_PREFIX = 'custom_attributes.';

export type TextOp = (typeof TEXT_OPS)[number];
export type NumberOp = (typeof NUMBER_OPS)[number];
export type DateOp = (typeof DATE_OPS)[number];
export type TagsOp = (typeof TAGS_OPS)[number];
export type DateField = (typeof DATE_FIELDS)[number];
export type Measure = (typeof PURCHASE_MEASURES)[number];
export type MailingActivity = (typeof MAILING_ACTIVITIES)[number];

export type PresenceTest = { op: 'is_set' } | { op: 'is_not_set' };
export type TextTest =
  | { op: 'eq' | 'neq' | 'contains' | 'not_contains' | 'starts_with' | 'ends_with'; value: string }
  | { op: 'in' | 'not_in'; values: string[] };
export type NumberTest =
  | { op: 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte'; value: number }
  | { op: 'between'; min: number; max: number }
  | { op: 'in'; values: number[] };
/** Bounds are resolved datetimes `YYYY-MM-DD hh:mm:ss` (UTC): a bare date already made its day's start or end. */
export type DateTest =
  | { op: 'before' | 'after'; at: string }
  | { op: 'between'; from: string; to: string }
  | { op: 'within_last_days' | 'not_within_last_days' | 'within_next_days' | 'birthday_within_days'; days: number };
export type TagsTest = { op: TagsOp; values: string[] };

/** A user custom attribute (definition of kind `users`). */
export type AttributeSource = { attribute: number };
/** A column of the customer's value-group scores (U14), in the account's current snapshot. */
export type RfmScore = 'recency' | 'frequency' | 'monetary';
export type RfmSource = { rfm: RfmScore | 'value_group' };

export interface TextCondition {
  type: 'text';
  source: { column: FoldedTextField } | AttributeSource | { rfm: 'value_group' };
  test: TextTest | PresenceTest;
}
export interface NumberCondition {
  type: 'number';
  source: { column: 'points' } | { age: true } | AttributeSource | { rfm: RfmScore };
  test: NumberTest | PresenceTest;
}
export interface DateCondition {
  type: 'date';
  source: { column: DateField } | AttributeSource;
  test: DateTest | PresenceTest;
}
export interface TagsCondition {
  type: 'tags';
  test: TagsTest | PresenceTest;
}
export interface BooleanCondition {
  type: 'boolean';
  flag: (typeof BOOLEAN_FIELDS)[number];
  test: { op: 'eq'; value: boolean } | PresenceTest;
}
/** `from`/`to` inclusive, resolved like DateTest bounds; nothing given: ever. */
export interface Window {
  withinLastDays?: number;
  from?: string;
  to?: string;
}
export interface PurchasesCondition {
  type: 'purchases';
  window: Window;
  branchName?: string;
  channel?: string;
  sku?: string;
  category?: string;
  measure: Measure;
  test: NumberTest;
}
export interface EventCondition {
  type: 'event';
  /** null: the event no longer exists (stored mode); its count is 0. */
  eventId: number | null;
  window: Window;
  test: NumberTest;
}
export interface BlacklistedCondition {
  type: 'blacklisted';
  list: 'email' | 'telephone';
  value: boolean;
}
export interface BenefitCondition {
  type: 'benefit';
  /** null: the benefit no longer exists (stored mode): no one has it. */
  benefitId: number | null;
  op: 'has' | 'has_not';
}
export interface AbandonedCartCondition {
  type: 'abandoned_cart';
  withinLastDays?: number;
  op: 'has' | 'has_not';
}
/** SG9: the customer is (not) a recipient of the mailing, or of any, with that activity in the window. */
export interface MailingCondition {
  type: 'mailing';
  /** 'any': every mailing of the account; null: the mailing no longer exists (stored mode): no one has it. */
  mailingId: number | 'any' | null;
  activity: MailingActivity;
  withinLastDays?: number;
  op: 'has' | 'has_not';
}
export interface SegmentCondition {
  type: 'segment';
  segmentId: number;
  op: 'in' | 'not_in';
}
/** Stored mode: a condition on a custom attribute that is gone or no longer fits; a constant. */
export interface ConstantCondition {
  type: 'constant';
  matches: boolean;
}

export type Condition =
  | TextCondition
  | NumberCondition
  | DateCondition
  | TagsCondition
  | BooleanCondition
  | PurchasesCondition
  | EventCondition
  | BlacklistedCondition
  | BenefitCondition
  | AbandonedCartCondition
  | MailingCondition
  | SegmentCondition
  | ConstantCondition;

export type Group = { type: 'all' | 'any'; nodes: Node[] } | { type: 'not'; node: Node };
export type Node = Group | Condition;

export interface Definition {
  root: Group;
  /** Conditions written in the definition (a `segment` condition is one). */
  conditions: number;
  /** SG1: false when the definition is one `all` group of conditions. */
  advanced: boolean;
  /** The segments its `segment` conditions name, ascending. */
  references: number[];
}

export interface AttributeEntry {
  id: number;
  data_type: string;
  /** What people call it (the export's spreadsheet header); the name where a catalogue has none. */
  label?: string;
}

/** What validation must look up, loaded by the caller for the account. */
export interface Catalogue {
  /** User custom attribute definitions (kind `users`) by name. */
  attributes: ReadonlyMap<string, AttributeEntry>;
  /** Event ids by name (names are case-sensitive, E1). */
  events: ReadonlyMap<string, number>;
  benefits: ReadonlySet<number>;
  /** The account's mailing ids (SG9). */
  mailings: ReadonlySet<number>;
  /** Every segment of the account and its stored definition (parsed JSON), for references and cycles. */
  segments: ReadonlyMap<number, unknown>;
  /** The segment whose definition this is (an update): a reference leading back to it is a cycle. */
  self?: number;
}

export interface ParseOptions {
  /** `strict` (default) for a definition being saved or previewed; `stored` to evaluate a saved one. */
  mode?: 'strict' | 'stored';
  /** The name of the definition in messages. */
  field?: string;
}

const GROUP_KEYS = ['all', 'any', 'not'] as const;
const CONDITION_KEYS: Record<string, readonly string[]> = {
  field: ['field', 'op', 'value'],
  purchases: ['purchases', 'measure', 'op', 'value'],
  event: ['event', 'within_last_days', 'from', 'to', 'op', 'value'],
  blacklisted: ['blacklisted', 'value'],
  benefit: ['benefit', 'op'],
  abandoned_cart: ['abandoned_cart', 'op'],
  mailing: ['mailing', 'activity', 'within_last_days', 'op'],
  segment: ['segment', 'op'],
};
const CONDITION_KINDS = Object.keys(CONDITION_KEYS);
const PURCHASE_FILTER_KEYS = ['within_last_days', 'from', 'to', 'branch_name', 'channel', 'sku', 'category'];
const TEXT_FIELD_SET: ReadonlySet<string> = new Set(FOLDED_TEXT_FIELDS);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');
const has = (object: Json, key: string) => Object.prototype.hasOwnProperty.call(object, key);
/** G8: a null is the same as an absent key. */
const given = (value: unknown) => value !== undefined && value !== null;

/** A condition refused in stored mode because of what changed since it was saved. */
class Stale extends Error {}

export function parseDefinition(raw: unknown, catalogue: Catalogue, options: ParseOptions = {}): Definition {
  return new Parser(catalogue, options.mode ?? 'strict').definition(raw, options.field ?? 'definition');
}

/** SG1's `advanced` of a definition as given (any JSON): false only for one `all` group of conditions. */
export function isAdvanced(raw: unknown): boolean {
  if (!isObject(raw) || !Array.isArray(raw.all)) return true;
  return raw.all.some((node) => isObject(node) && GROUP_KEYS.some((key) => has(node, key)));
}

/** The segment ids a definition (any JSON, as stored) refers to. */
export function referencedSegments(raw: unknown): number[] {
  const found = new Set<number>();
  const walk = (node: unknown, depth: number) => {
    if (!isObject(node) || depth > LIMITS.levels + 1) return;
    if (Array.isArray(node.all)) node.all.forEach((child) => walk(child, depth + 1));
    if (Array.isArray(node.any)) node.any.forEach((child) => walk(child, depth + 1));
    if (has(node, 'not')) walk(node.not, depth + 1);
    if (Number.isSafeInteger(node.segment)) found.add(node.segment as number);
  };
  walk(raw, 0);
  return [...found].sort((a, b) => a - b);
}

class Parser {
  private conditionCount = 0;
  private listItemCount = 0;
  private readonly references = new Set<number>();

  constructor(
    private readonly catalogue: Catalogue,
    private readonly mode: 'strict' | 'stored',
  ) {}

  definition(raw: unknown, path: string): Definition {
    if (!isObject(raw) || !GROUP_KEYS.some((key) => has(raw, key))) {
      throw invalidField(path, 'must be a group: {"all": [...]}, {"any": [...]} or {"not": ...}');
    }
    const root = this.group(raw, path, 1);
    return {
      root,
      conditions: this.conditionCount,
      advanced: isAdvanced(raw),
      references: [...this.references].sort((a, b) => a - b),
    };
  }

  private node(raw: unknown, path: string, level: number): Node {
    if (!isObject(raw)) throw invalidField(path, 'must be an object: a group (all, any, not) or a condition');
    if (GROUP_KEYS.some((key) => has(raw, key))) return this.group(raw, path, level + 1);
    return this.condition(raw, path);
  }

  private group(raw: Json, path: string, level: number): Group {
    if (level > LIMITS.levels) throw invalidField(path, `groups may be nested at most ${LIMITS.levels} levels deep`);
    const keys = Object.keys(raw);
    const kind = GROUP_KEYS.find((key) => has(raw, key))!;
    const extra = keys.find((key) => key !== kind);
    if (extra !== undefined) {
      throw invalidField(`${path}.${extra}`, `unknown key: a group has exactly one of "all", "any", "not"`);
    }
    const groupPath = `${path}.${kind}`;
    if (kind === 'not') return { type: 'not', node: this.node(raw.not, groupPath, level) };
    const list = raw[kind];
    if (!Array.isArray(list) || list.length === 0) throw invalidField(groupPath, 'must be a non-empty array of groups and conditions');
    return { type: kind, nodes: list.map((child, index) => this.node(child, `${groupPath}[${index}]`, level)) };
  }

  private condition(raw: Json, path: string): Condition {
    const kind = CONDITION_KINDS.find((key) => has(raw, key));
    if (kind === undefined) {
      throw invalidField(path, `must be a group (all, any, not) or a condition (${CONDITION_KINDS.join(', ')})`);
    }
    this.conditionCount += 1;
    if (this.conditionCount > LIMITS.conditions) throw invalidField(path, `a definition may have at most ${LIMITS.conditions} conditions`);
    const allowed = CONDITION_KEYS[kind]!;
    const extra = Object.keys(raw).find((key) => !allowed.includes(key));
    if (extra !== undefined) throw invalidField(`${path}.${extra}`, `unknown key for a ${kind} condition (allowed: ${allowed.join(', ')})`);
    switch (kind) {
      case 'field':
        return this.fieldCondition(raw, path);
      case 'purchases':
        return this.purchases(raw, path);
      case 'event':
        return this.event(raw, path);
      case 'blacklisted':
        return this.blacklisted(raw, path);
      case 'benefit':
        return this.benefit(raw, path);
      case 'abandoned_cart':
        return this.abandonedCart(raw, path);
      case 'mailing':
        return this.mailing(raw, path);
      default:
        return this.segment(raw, path);
    }
  }

  // --- profile conditions -------------------------------------------------------------------

  private fieldCondition(raw: Json, path: string): Condition {
    const field = raw.field;
    if (typeof field !== 'string') throw invalidField(`${path}.field`, 'must be a string');
    if (field.startsWith(ATTRIBUTE_PREFIX)) {
      const name = normaliseName(field.slice(ATTRIBUTE_PREFIX.length));
      const attribute = this.catalogue.attributes.get(name);
      if (this.mode === 'stored') {
        // What changed since the definition was saved makes the condition one on "no value".
        try {
          if (!attribute) throw new Stale();
          return this.attributeCondition(raw, path, attribute);
        } catch (error) {
          if (error instanceof Stale || isBadRequest(error)) return { type: 'constant', matches: NO_VALUE_OPS.has(String(raw.op)) };
          throw error;
        }
      }
      if (!attribute) throw invalidField(`${path}.field`, `no user custom attribute named "${name}" is defined`);
      return this.attributeCondition(raw, path, attribute);
    }
    if (TEXT_FIELD_SET.has(field)) {
      return { type: 'text', source: { column: field as FoldedTextField }, test: this.textTest(raw, path, `text field "${field}"`) };
    }
    if (field === 'points') return { type: 'number', source: { column: 'points' }, test: this.numberTest(raw, path, 'number field "points"') };
    if (field === 'age') return { type: 'number', source: { age: true }, test: this.numberTest(raw, path, 'number field "age"') };
    if ((RFM_NUMBER_FIELDS as readonly string[]).includes(field)) {
      return { type: 'number', source: { rfm: field.slice('rfm.'.length) as RfmScore }, test: this.numberTest(raw, path, `number field "${field}"`) };
    }
    if (field === RFM_TEXT_FIELD) return { type: 'text', source: { rfm: 'value_group' }, test: this.textTest(raw, path, `text field "${field}"`) };
    if ((DATE_FIELDS as readonly string[]).includes(field)) {
      const column = field as DateField;
      return { type: 'date', source: { column }, test: this.dateTest(raw, path, `date field "${field}"`, column === 'birthdate') };
    }
    if (field === 'tags') return { type: 'tags', test: this.tagsTest(raw, path) };
    if ((BOOLEAN_FIELDS as readonly string[]).includes(field)) {
      return { type: 'boolean', flag: field as BooleanCondition['flag'], test: this.booleanTest(raw, path, field) };
    }
    throw invalidField(
      `${path}.field`,
      `unknown field "${field}" (profile fields: ${[...FOLDED_TEXT_FIELDS, ...NUMBER_FIELDS, ...DATE_FIELDS, 'tags', ...BOOLEAN_FIELDS, ...RFM_NUMBER_FIELDS, RFM_TEXT_FIELD].join(', ')}, or custom_attributes.<name>)`,
    );
  }

  private attributeCondition(raw: Json, path: string, attribute: AttributeEntry): Condition {
    const source = { attribute: attribute.id };
    const label = `custom attribute "${String(raw.field)}" (${attribute.data_type})`;
    switch (attribute.data_type) {
      case 'string':
        return { type: 'text', source, test: this.textTest(raw, path, label) };
      case 'integer':
      case 'float':
        return { type: 'number', source, test: this.numberTest(raw, path, label) };
      case 'timestamp':
        return { type: 'date', source, test: this.dateTest(raw, path, label, false) };
      default:
        throw invalidField(`${path}.field`, `attribute has an unknown data_type "${attribute.data_type}"`);
    }
  }

  private op<T extends string>(raw: Json, path: string, allowed: readonly T[], what: string): T | PresenceTest['op'] {
    const op = raw.op;
    const all = [...allowed, ...PRESENCE_OPS] as string[];
    if (typeof op !== 'string' || !all.includes(op)) {
      const shown = typeof op === 'string' ? `"${op}"` : JSON.stringify(op) ?? 'a missing op';
      throw invalidField(`${path}.op`, `${shown} is not an operator for ${what} (use ${all.join(', ')})`);
    }
    if (op === 'is_set' || op === 'is_not_set') {
      if (given(raw.value)) throw invalidField(`${path}.value`, `must not be given with ${op}`);
    } else if (!given(raw.value)) throw invalidField(`${path}.value`, `is required with ${op}`);
    return op as T | PresenceTest['op'];
  }

  private textTest(raw: Json, path: string, what: string): TextTest | PresenceTest {
    const op = this.op(raw, path, TEXT_OPS, what);
    if (op === 'is_set' || op === 'is_not_set') return { op };
    if (op === 'in' || op === 'not_in') return { op, values: this.list(raw.value, `${path}.value`, (v, p) => text(v, p)) };
    return { op, value: text(raw.value, `${path}.value`) };
  }

  private numberTest(raw: Json, path: string, what: string): NumberTest | PresenceTest {
    const op = this.op(raw, path, NUMBER_OPS, what);
    if (op === 'is_set' || op === 'is_not_set') return { op };
    return numberTestOf(op, raw.value, `${path}.value`, (value, p) => this.list(value, p, number));
  }

  private dateTest(raw: Json, path: string, what: string, birthdate: boolean): DateTest | PresenceTest {
    const ops = birthdate ? DATE_OPS : DATE_OPS.filter((op) => op !== 'birthday_within_days');
    const op = this.op(raw, path, ops, what);
    const valuePath = `${path}.value`;
    switch (op) {
      case 'is_set':
      case 'is_not_set':
        return { op };
      case 'before':
        return { op, at: datetime(raw.value, valuePath, 'start') };
      case 'after':
        return { op, at: datetime(raw.value, valuePath, 'end') };
      case 'between': {
        const [from, to] = pair(raw.value, valuePath, 'two datetimes [from, to]');
        const range = { from: datetime(from, `${valuePath}[0]`, 'start'), to: datetime(to, `${valuePath}[1]`, 'end') };
        if (range.from > range.to) throw invalidField(valuePath, `must be [from, to] with from not after to`);
        return { op, ...range };
      }
      case 'birthday_within_days':
        return { op, days: integer(raw.value, valuePath, 0, LIMITS.birthdayDays) };
      default:
        return { op, days: integer(raw.value, valuePath, 1, LIMITS.days) };
    }
  }

  private tagsTest(raw: Json, path: string): TagsTest | PresenceTest {
    const op = this.op(raw, path, TAGS_OPS, 'field "tags"');
    if (op === 'is_set' || op === 'is_not_set') return { op };
    if (op === 'has') return { op, values: [tag(raw.value, `${path}.value`)] };
    return { op, values: this.list(raw.value, `${path}.value`, tag) };
  }

  private booleanTest(raw: Json, path: string, field: string): BooleanCondition['test'] {
    const op = this.op(raw, path, BOOLEAN_OPS, `boolean field "${field}"`);
    if (op === 'is_set' || op === 'is_not_set') return { op };
    if (typeof raw.value !== 'boolean') throw invalidField(`${path}.value`, 'must be true or false');
    return { op, value: raw.value };
  }

  private list<T>(value: unknown, path: string, item: (value: unknown, path: string) => T): T[] {
    if (!Array.isArray(value) || value.length < 1 || value.length > LIMITS.listItems) {
      throw invalidField(path, `must be an array of 1 to ${LIMITS.listItems} values`);
    }
    this.listItemCount += value.length;
    if (this.listItemCount > LIMITS.listItemsTotal) {
      throw invalidField(path, `the lists of a definition may hold at most ${LIMITS.listItemsTotal} values together`);
    }
    return value.map((element, index) => item(element, `${path}[${index}]`));
  }

  // --- other conditions ---------------------------------------------------------------------

  private countTest(raw: Json, path: string, what: string): NumberTest {
    const op = raw.op;
    if (typeof op !== 'string' || !(NUMBER_OPS as readonly string[]).includes(op)) {
      const shown = typeof op === 'string' ? `"${op}"` : JSON.stringify(op) ?? 'a missing op';
      throw invalidField(`${path}.op`, `${shown} is not an operator for ${what} (use ${NUMBER_OPS.join(', ')})`);
    }
    if (!given(raw.value)) throw invalidField(`${path}.value`, `is required with ${op}`);
    return numberTestOf(op as NumberOp, raw.value, `${path}.value`, (value, p) => this.list(value, p, number));
  }

  private purchases(raw: Json, path: string): PurchasesCondition {
    const filterPath = `${path}.purchases`;
    const filters = raw.purchases;
    if (!isObject(filters)) throw invalidField(filterPath, 'must be an object of filters ({} for every purchase)');
    const extra = Object.keys(filters).find((key) => !PURCHASE_FILTER_KEYS.includes(key));
    if (extra !== undefined) throw invalidField(`${filterPath}.${extra}`, `unknown purchase filter (allowed: ${PURCHASE_FILTER_KEYS.join(', ')})`);
    const condition: PurchasesCondition = {
      type: 'purchases',
      window: window(filters, filterPath),
      measure: 'count',
      test: { op: 'eq', value: 0 },
    };
    if (given(filters.branch_name)) condition.branchName = shortText(filters.branch_name, `${filterPath}.branch_name`, 255);
    if (given(filters.channel)) {
      if (typeof filters.channel !== 'string' || !(CHANNELS as readonly string[]).includes(filters.channel)) {
        throw invalidField(`${filterPath}.channel`, `must be one of ${quoted(CHANNELS)}`);
      }
      condition.channel = filters.channel;
    }
    if (given(filters.sku)) condition.sku = shortText(filters.sku, `${filterPath}.sku`, 255);
    if (given(filters.category)) condition.category = shortText(filters.category, `${filterPath}.category`, 128);
    if (given(raw.measure)) {
      if (typeof raw.measure !== 'string' || !(PURCHASE_MEASURES as readonly string[]).includes(raw.measure)) {
        throw invalidField(`${path}.measure`, `must be one of ${quoted(PURCHASE_MEASURES)}`);
      }
      condition.measure = raw.measure as Measure;
    }
    condition.test = this.countTest(raw, path, `purchases ${condition.measure}`);
    return condition;
  }

  private event(raw: Json, path: string): EventCondition {
    const name = raw.event;
    if (typeof name !== 'string' || name === '') throw invalidField(`${path}.event`, 'must be an event name');
    const eventId = this.catalogue.events.get(name) ?? null;
    if (eventId === null && this.mode === 'strict') throw invalidField(`${path}.event`, `no event named "${name}"`);
    return { type: 'event', eventId, window: window(raw, path), test: this.countTest(raw, path, 'an event count') };
  }

  private blacklisted(raw: Json, path: string): BlacklistedCondition {
    const list = raw.blacklisted;
    if (list !== 'email' && list !== 'telephone') throw invalidField(`${path}.blacklisted`, 'must be "email" or "telephone"');
    if (typeof raw.value !== 'boolean') throw invalidField(`${path}.value`, 'must be true or false');
    return { type: 'blacklisted', list, value: raw.value };
  }

  private benefit(raw: Json, path: string): BenefitCondition {
    const id = raw.benefit;
    if (!isId(id)) throw invalidField(`${path}.benefit`, 'must be a benefit id (a positive integer)');
    const op = hasOp(raw, path);
    const known = this.catalogue.benefits.has(id);
    if (!known && this.mode === 'strict') throw invalidField(`${path}.benefit`, `no benefit with id ${id}`);
    return { type: 'benefit', benefitId: known ? id : null, op };
  }

  private abandonedCart(raw: Json, path: string): AbandonedCartCondition {
    const filterPath = `${path}.abandoned_cart`;
    const filters = raw.abandoned_cart;
    if (!isObject(filters)) throw invalidField(filterPath, 'must be an object: {} or {"within_last_days": N}');
    const extra = Object.keys(filters).find((key) => key !== 'within_last_days');
    if (extra !== undefined) throw invalidField(`${filterPath}.${extra}`, 'unknown key (allowed: within_last_days)');
    const condition: AbandonedCartCondition = { type: 'abandoned_cart', op: hasOp(raw, path) };
    if (given(filters.within_last_days)) {
      condition.withinLastDays = integer(filters.within_last_days, `${filterPath}.within_last_days`, 1, LIMITS.days);
    }
    return condition;
  }

  private mailing(raw: Json, path: string): MailingCondition {
    const id = raw.mailing;
    if (id !== 'any' && !isId(id)) throw invalidField(`${path}.mailing`, 'must be a mailing id (a positive integer) or "any"');
    const activity = raw.activity;
    if (typeof activity !== 'string' || !(MAILING_ACTIVITIES as readonly string[]).includes(activity)) {
      throw invalidField(`${path}.activity`, `must be one of ${quoted(MAILING_ACTIVITIES)}`);
    }
    const op = hasOp(raw, path);
    const known = id === 'any' || this.catalogue.mailings.has(id);
    if (!known && this.mode === 'strict') throw invalidField(`${path}.mailing`, `no mailing with id ${id}`);
    const condition: MailingCondition = { type: 'mailing', mailingId: known ? id : null, activity: activity as MailingActivity, op };
    if (given(raw.within_last_days)) condition.withinLastDays = integer(raw.within_last_days, `${path}.within_last_days`, 1, LIMITS.days);
    return condition;
  }

  private segment(raw: Json, path: string): SegmentCondition {
    const id = raw.segment;
    if (!isId(id)) throw invalidField(`${path}.segment`, 'must be a segment id (a positive integer)');
    const op = raw.op;
    if (op !== 'in' && op !== 'not_in') throw invalidField(`${path}.op`, 'must be "in" or "not_in"');
    if (this.mode === 'strict') {
      if (id === this.catalogue.self) throw invalidField(`${path}.segment`, 'a segment cannot refer to itself');
      if (!this.catalogue.segments.has(id)) throw invalidField(`${path}.segment`, `no segment with id ${id}`);
      if (this.catalogue.self !== undefined && this.reaches(id, this.catalogue.self)) {
        throw invalidField(`${path}.segment`, `segment ${id} refers back to this segment (a cycle)`);
      }
    }
    this.references.add(id);
    return { type: 'segment', segmentId: id, op };
  }

  /** Whether segment `from`'s stored definition refers, directly or through others, to `target`. */
  private reaches(from: number, target: number): boolean {
    const seen = new Set<number>();
    const pending = [from];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (id === target) return true;
      if (seen.has(id)) continue;
      seen.add(id);
      pending.push(...referencedSegments(this.catalogue.segments.get(id)));
    }
    return false;
  }
}

function isBadRequest(error: unknown): error is BadRequestError {
  return error instanceof Error && (error as { statusCode?: number }).statusCode === 400;
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

function hasOp(raw: Json, path: string): 'has' | 'has_not' {
  if (raw.op !== 'has' && raw.op !== 'has_not') throw invalidField(`${path}.op`, 'must be "has" or "has_not"');
  return raw.op;
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.length < 1 || value.length > LIMITS.textLength) {
    throw invalidField(path, `must be a string of 1 to ${LIMITS.textLength} characters`);
  }
  if (value.includes('\u0000')) throw invalidField(path, 'must not contain U+0000');
  return value;
}

function tag(value: unknown, path: string): string {
  const tagText = text(value, path);
  if (tagText.trim() === '') throw invalidField(path, 'must not be blank');
  return tagText;
}

function shortText(value: unknown, path: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) throw invalidField(path, `must be a non-blank string of at most ${max} characters`);
  if (value.includes('\u0000')) throw invalidField(path, 'must not contain U+0000');
  return value;
}

function number(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidField(path, 'must be a number');
  return value;
}

function integer(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidField(path, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

function pair(value: unknown, path: string, what: string): [unknown, unknown] {
  if (!Array.isArray(value) || value.length !== 2) throw invalidField(path, `must be ${what}`);
  return [value[0], value[1]];
}

/** A G7 value as a stored datetime; a bare date is its day's start or end as `bareDate` says. */
function datetime(value: unknown, path: string, bareDate: 'start' | 'end'): string {
  const parsed = typeof value === 'string' ? parseDateTime(value.trim(), bareDate) : null;
  if (!parsed) throw invalidField(path, "must be a datetime 'YYYY-MM-DD hh:mm:ss', ISO 8601 with an offset, or a date 'YYYY-MM-DD'");
  return formatDateTime(parsed);
}

function numberTestOf(op: NumberOp, value: unknown, path: string, list: (value: unknown, path: string) => number[]): NumberTest {
  if (op === 'in') return { op, values: list(value, path) };
  if (op === 'between') {
    const [min, max] = pair(value, path, 'two numbers [min, max]');
    const range = { min: number(min, `${path}[0]`), max: number(max, `${path}[1]`) };
    if (range.min > range.max) throw invalidField(path, 'must be [min, max] with min not above max');
    return { op, ...range };
  }
  return { op, value: number(value, path) };
}

/** `within_last_days`, or `from`/`to` (inclusive, bare dates covering their whole day), or neither: ever. */
function window(raw: Json, path: string): Window {
  const out: Window = {};
  if (given(raw.within_last_days)) {
    if (given(raw.from) || given(raw.to)) {
      throw invalidField(`${path}.within_last_days`, 'cannot be combined with from/to');
    }
    out.withinLastDays = integer(raw.within_last_days, `${path}.within_last_days`, 1, LIMITS.days);
  }
  if (given(raw.from)) out.from = datetime(raw.from, `${path}.from`, 'start');
  if (given(raw.to)) out.to = datetime(raw.to, `${path}.to`, 'end');
  if (out.from !== undefined && out.to !== undefined && out.from > out.to) throw invalidField(`${path}.from`, `must not be after to (${out.to})`);
  return out;
}
