import {
  ATTRIBUTE_FIELD_TYPES,
  type FieldType,
  PRESENCE_OPERATORS,
  type SegmentDefinition,
  type SegmentNode,
  conditionKind,
  isSegmentGroup,
  operatorsFor,
  profileFieldType,
} from '@rapport/sdk';
import { notANumber, notAWholeNumber, readNumber } from '../../lib/validate.js';
import { typedDayProblem } from '../../lib/dates.js';

// The segment builder's model. A definition (SG2) is edited as a draft: a tree of groups and
// conditions whose values are the text people type, each node with an id (React keys) and a
// `negated` flag (a `not` around it). toDefinition makes the JSON the API takes, converting text to
// numbers and lists as the condition's type says; problemsOf says what must be corrected first; and
// pathsOf gives every node the path the API names it by (`definition.all[1].any[0]`), so that a
// 400 about a condition is shown next to that condition.

/** What a condition is about: `field:<name>` (a profile field or `field:custom_attributes.<name>`), or a kind. */
export type Subject = `field:${string}` | 'purchases' | 'event' | 'blacklisted' | 'benefit' | 'abandoned_cart' | 'mailing' | 'segment';
export type WindowChoice = 'ever' | 'last' | 'range';

export interface DraftCondition {
  kind: 'condition';
  id: string;
  negated: boolean;
  subject: Subject;
  op: string;
  /** The value as typed: one value, a comma-separated list, or the first bound of `between`. */
  value: string;
  /** The second bound of `between`. */
  value2: string;
  /** A date typed as text (loaded with a time): the builder then keeps a text box, not a date picker. */
  textDates?: boolean;
  /** purchases */
  measure: string;
  /** purchases, events, abandoned carts, mailings */
  window: WindowChoice;
  days: string;
  from: string;
  to: string;
  branch: string;
  channel: string;
  sku: string;
  category: string;
  /** The event name, benefit id, mailing id (or `any`), segment id, or blacklist (email/telephone). */
  target: string;
  /** mailings: SG9's activity. */
  activity: string;
}

export interface DraftGroup {
  kind: 'group';
  id: string;
  negated: boolean;
  match: 'all' | 'any';
  nodes: DraftNode[];
}

export type DraftNode = DraftGroup | DraftCondition;

let nextId = 0;
const newId = () => `n${(nextId += 1)}`;

/** What the builder knows about the account: the custom attributes' types. */
export interface BuilderContext {
  /** User custom attributes by name: their field type (from data_type). */
  attributes: ReadonlyMap<string, FieldType>;
  /** The user custom attributes that hold whole numbers (data_type integer): read as whole numbers. */
  wholeAttributes?: ReadonlySet<string>;
}

export const ATTRIBUTE = 'custom_attributes.';

/** The field type of a `field:` subject, or null for the other kinds (and an attribute not (yet) known). */
export function fieldTypeOf(subject: Subject, context: BuilderContext): FieldType | null {
  if (!subject.startsWith('field:')) return null;
  const field = subject.slice('field:'.length);
  if (field.startsWith(ATTRIBUTE)) return context.attributes.get(field.slice(ATTRIBUTE.length)) ?? null;
  return profileFieldType(field);
}

export const attributeFieldType = (dataType: string): FieldType | null => ATTRIBUTE_FIELD_TYPES[dataType as keyof typeof ATTRIBUTE_FIELD_TYPES] ?? null;

/** The profile fields that hold whole numbers (points, age, the 1–5 value-group scores). */
const WHOLE_FIELDS: ReadonlySet<string> = new Set(['points', 'age', 'rfm.recency', 'rfm.frequency', 'rfm.monetary']);

/**
 * Whether a condition's value is a whole number: a count of purchases or events, purchase points,
 * a whole profile field or an integer attribute. Its text is then read as digits grouped as the
 * locale groups them ("1.500" in es), and "1,5" is refused rather than read as a decimal.
 */
export function wholeValue(condition: Pick<DraftCondition, 'subject' | 'measure'>, context: BuilderContext): boolean {
  const { subject } = condition;
  if (subject === 'purchases') return condition.measure !== 'total';
  if (subject === 'event') return true;
  if (!subject.startsWith('field:')) return false;
  const field = subject.slice('field:'.length);
  if (field.startsWith(ATTRIBUTE)) return context.wholeAttributes?.has(field.slice(ATTRIBUTE.length)) ?? false;
  return WHOLE_FIELDS.has(field);
}

const NUMBER_OPS = operatorsFor('number').filter((op) => !(PRESENCE_OPERATORS as readonly string[]).includes(op));

/** The operators a condition offers: by its field's type, or the kind's own. */
export function operatorsOf(subject: Subject, context: BuilderContext): readonly string[] {
  switch (subject) {
    case 'purchases':
    case 'event':
      return NUMBER_OPS;
    case 'benefit':
    case 'abandoned_cart':
    case 'mailing':
      return ['has', 'has_not'];
    case 'segment':
      return ['in', 'not_in'];
    case 'blacklisted':
      return [];
    default: {
      const type = fieldTypeOf(subject, context);
      return type ? operatorsFor(type, subject.slice('field:'.length)) : [];
    }
  }
}

/** The operators in words, by field type (`eq` is "is" for text, "equals" for numbers). */
export function operatorLabel(op: string, type: FieldType | 'count' | 'membership' | null): string {
  const common: Record<string, string> = { is_set: 'has a value', is_not_set: 'has no value' };
  const byType: Record<string, Record<string, string>> = {
    text: { eq: 'is', neq: 'is not', in: 'is one of', not_in: 'is none of', contains: 'contains', not_contains: 'does not contain', starts_with: 'starts with', ends_with: 'ends with' },
    number: { eq: 'equals', neq: 'does not equal', gt: 'is more than', gte: 'is at least', lt: 'is less than', lte: 'is at most', between: 'is between', in: 'is one of' },
    date: {
      before: 'is before',
      after: 'is after',
      between: 'is between',
      within_last_days: 'is within the last … days',
      not_within_last_days: 'is earlier than … days ago',
      within_next_days: 'is within the next … days',
      birthday_within_days: 'birthday within the next … days',
    },
    tags: { has: 'has the tag', has_any: 'has any of the tags', has_all: 'has all of the tags', has_none: 'has none of the tags' },
    boolean: { eq: 'is' },
    membership: { has: 'has', has_not: 'has not', in: 'is in', not_in: 'is not in' },
  };
  const table = byType[type === 'count' ? 'number' : (type ?? 'text')] ?? {};
  return table[op] ?? common[op] ?? op;
}

/** How an operator takes its value: none, one, a list, two bounds, a number of days, yes/no. */
export type ValueShape = 'none' | 'one' | 'list' | 'pair' | 'days' | 'boolean';

export function valueShape(op: string, type: FieldType | 'count' | null): ValueShape {
  if (op === 'is_set' || op === 'is_not_set') return 'none';
  if (type === 'boolean') return 'boolean';
  if (op === 'between') return 'pair';
  if (op === 'in' || op === 'not_in' || op === 'has_any' || op === 'has_all' || op === 'has_none') return 'list';
  if (type === 'date' && /_days$/.test(op)) return 'days';
  return 'one';
}

export function newCondition(subject: Subject = 'field:email', context: BuilderContext = { attributes: new Map() }): DraftCondition {
  const op = operatorsOf(subject, context)[0] ?? '';
  return {
    kind: 'condition',
    id: newId(),
    negated: false,
    subject,
    op: subject === 'purchases' || subject === 'event' ? 'gte' : op,
    value: subject === 'purchases' || subject === 'event' ? '1' : subject === 'blacklisted' ? 'true' : '',
    value2: '',
    measure: 'count',
    window: subject === 'abandoned_cart' ? 'ever' : subject === 'purchases' || subject === 'event' ? 'last' : 'ever',
    days: subject === 'purchases' || subject === 'event' ? '30' : '',
    from: '',
    to: '',
    branch: '',
    channel: '',
    sku: '',
    category: '',
    target: subject === 'blacklisted' ? 'email' : subject === 'mailing' ? 'any' : '',
    activity: 'received',
  };
}

export function newGroup(match: 'all' | 'any' = 'all', nodes: DraftNode[] = []): DraftGroup {
  return { kind: 'group', id: newId(), negated: false, match, nodes };
}

/** The condition with another subject: the operator and values start again, what fits is kept. */
export function withSubject(condition: DraftCondition, subject: Subject, context: BuilderContext): DraftCondition {
  const fresh = newCondition(subject, context);
  const type = fieldTypeOf(subject, context);
  // Between two fields of one type (City to Country), what was typed stays when the operator fits the new field.
  const keep = type !== null && type === fieldTypeOf(condition.subject, context) && operatorsOf(subject, context).includes(condition.op);
  return keep ? { ...fresh, id: condition.id, negated: condition.negated, op: condition.op, value: condition.value, value2: condition.value2, textDates: condition.textDates } : { ...fresh, id: condition.id, negated: condition.negated };
}

// --- draft → definition --------------------------------------------------------------------------

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** Text that reads as a number (a whole one for `whole`, as the checks below read it) is sent as one; anything else as typed, for the API to name. */
const num = (text: string, whole = false): number | string => readNumber(text, whole) ?? text.trim();

function windowOf(condition: DraftCondition): Record<string, unknown> {
  if (condition.window === 'last') return { within_last_days: num(condition.days, true) };
  if (condition.window === 'range') return { ...(condition.from ? { from: condition.from } : {}), ...(condition.to ? { to: condition.to } : {}) };
  return {};
}

function testOf(condition: DraftCondition, type: FieldType | 'count' | null, context: BuilderContext): Record<string, unknown> {
  const { op } = condition;
  const whole = wholeValue(condition, context);
  const shape = valueShape(op, type);
  const numeric = type === 'number' || type === 'count';
  switch (shape) {
    case 'none':
      return { op };
    case 'boolean':
      return { op, value: condition.value === 'true' };
    case 'pair':
      return { op, value: numeric ? [num(condition.value, whole), num(condition.value2, whole)] : [condition.value.trim(), condition.value2.trim()] };
    case 'list':
      return { op, value: numeric ? list(condition.value).map((item) => num(item, whole)) : list(condition.value) };
    case 'days':
      return { op, value: num(condition.value, true) };
    default:
      return { op, value: numeric ? num(condition.value, whole) : type === 'date' ? condition.value.trim() : condition.value };
  }
}

function conditionJson(condition: DraftCondition, context: BuilderContext): Record<string, unknown> {
  switch (condition.subject) {
    case 'purchases': {
      const filters: Record<string, unknown> = { ...windowOf(condition) };
      if (condition.branch.trim()) filters.branch_name = condition.branch.trim();
      if (condition.channel) filters.channel = condition.channel;
      if (condition.sku.trim()) filters.sku = condition.sku.trim();
      if (condition.category.trim()) filters.category = condition.category.trim();
      return { purchases: filters, measure: condition.measure, ...testOf(condition, 'count', context) };
    }
    case 'event':
      return { event: condition.target, ...windowOf(condition), ...testOf(condition, 'count', context) };
    case 'blacklisted':
      return { blacklisted: condition.target, value: condition.value === 'true' };
    case 'benefit':
      return { benefit: num(condition.target), op: condition.op };
    case 'abandoned_cart':
      return { abandoned_cart: condition.window === 'last' ? { within_last_days: num(condition.days, true) } : {}, op: condition.op };
    case 'mailing':
      return { mailing: condition.target === 'any' ? 'any' : num(condition.target), activity: condition.activity, ...windowOf(condition), op: condition.op };
    case 'segment':
      return { segment: num(condition.target), op: condition.op };
    default:
      return { field: condition.subject.slice('field:'.length), ...testOf(condition, fieldTypeOf(condition.subject, context) ?? 'text', context) };
  }
}

function nodeJson(node: DraftNode, context: BuilderContext): Record<string, unknown> {
  const inner = node.kind === 'group' ? { [node.match]: node.nodes.map((child) => nodeJson(child, context)) } : conditionJson(node, context);
  return node.negated ? { not: inner } : inner;
}

/** The definition the API takes (SG2). */
export function toDefinition(root: DraftGroup, context: BuilderContext): SegmentDefinition {
  return nodeJson(root, context) as SegmentDefinition;
}

// --- definition → draft --------------------------------------------------------------------------

const text = (value: unknown): string => (value === undefined || value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value));
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

function draftCondition(node: Record<string, unknown>, context: BuilderContext): DraftCondition {
  const kind = conditionKind(node as SegmentNode) ?? 'field';
  const subject: Subject = kind === 'field' ? `field:${String(node.field)}` : kind;
  const condition = newCondition(subject, context);
  const op = typeof node.op === 'string' ? node.op : condition.op;
  const pair = Array.isArray(node.value) && op === 'between' ? node.value : null;
  const value = pair ? text(pair[0]) : typeof node.value === 'boolean' ? String(node.value) : text(node.value);
  const window = (source: Record<string, unknown>): Pick<DraftCondition, 'window' | 'days' | 'from' | 'to'> =>
    source.within_last_days !== undefined && source.within_last_days !== null
      ? { window: 'last', days: text(source.within_last_days), from: '', to: '' }
      : source.from || source.to
        ? { window: 'range', days: '', from: text(source.from), to: text(source.to) }
        : { window: 'ever', days: '', from: '', to: '' };
  const base = { ...condition, op, value, value2: pair ? text(pair[1]) : '' };
  const dates = [value, base.value2].filter((v) => v !== '');
  if (fieldTypeOf(subject, context) === 'date' && !/_days$/.test(op) && dates.some((v) => !BARE_DATE.test(v))) base.textDates = true;
  switch (kind) {
    case 'purchases': {
      const filters = (node.purchases ?? {}) as Record<string, unknown>;
      return {
        ...base,
        ...window(filters),
        measure: typeof node.measure === 'string' ? node.measure : 'count',
        branch: text(filters.branch_name),
        channel: text(filters.channel),
        sku: text(filters.sku),
        category: text(filters.category),
      };
    }
    case 'event':
      return { ...base, ...window(node), target: text(node.event) };
    case 'blacklisted':
      return { ...base, target: text(node.blacklisted), value: String(node.value === true) };
    case 'benefit':
      return { ...base, target: text(node.benefit) };
    case 'abandoned_cart':
      return { ...base, ...window((node.abandoned_cart ?? {}) as Record<string, unknown>) };
    case 'mailing':
      return { ...base, ...window(node), target: text(node.mailing), activity: text(node.activity) };
    case 'segment':
      return { ...base, target: text(node.segment) };
    default:
      return base;
  }
}

function draftNode(node: Record<string, unknown>, context: BuilderContext): DraftNode {
  if (!isSegmentGroup(node as SegmentNode)) return draftCondition(node, context);
  if ('not' in node) {
    const inner = draftNode(node.not as Record<string, unknown>, context);
    // A `not` of a `not` (the builder has one switch a node): kept as a negated group around it.
    return inner.negated ? { ...newGroup('all', [inner]), negated: true } : { ...inner, negated: true };
  }
  const match = 'all' in node ? 'all' : 'any';
  const children = (node[match] ?? []) as Record<string, unknown>[];
  return newGroup(match, children.map((child) => draftNode(child, context)));
}

/** The draft of a stored definition; the top is always a group that is not negated (a `not` at the top goes inside one). */
export function fromDefinition(definition: SegmentDefinition | Record<string, unknown>, context: BuilderContext): DraftGroup {
  const root = draftNode(definition as Record<string, unknown>, context);
  if (root.kind === 'group' && !root.negated) return root;
  return newGroup('all', [root]);
}

// --- checks before sending -----------------------------------------------------------------------

/**
 * What must be corrected before the definition is sent, by node id: values left empty (`blank`,
 * shown once a save was tried) and values that cannot be right (text in a number: shown at once).
 */
export interface Problem {
  text: string;
  blank: boolean;
  /** The control it is about: `value`, `value2`, `days`, `target`, `from`. */
  control: string;
}

const NOT_DAYS = 'Type a whole number of days (like 30).';

/** A number typed in a condition: `whole` for a whole number (its message `wholeText`, by default a count's), else a decimal. */
function numberProblem(textValue: string, control: string, whole = false, wholeText = NOT_DAYS): Problem | null {
  if (textValue.trim() === '') return { text: 'Fill this in.', blank: true, control };
  if (readNumber(textValue, whole) === null) return { text: whole ? wholeText : notANumber(), blank: false, control };
  return null;
}

/** A day typed in a date condition (DateInput hands on 'YYYY-MM-DD', or the text when it is no day). */
function dayProblem(value: string, control: string): Problem | null {
  if (value.trim() === '') return { text: 'Fill this in.', blank: true, control };
  const problem = typedDayProblem(value);
  // A day half typed ("31/0") is said once a save was tried; one that cannot be (31/02/2026) at once.
  return problem ? { text: problem.text, blank: !problem.complete, control } : null;
}

function conditionProblem(condition: DraftCondition, context: BuilderContext): Problem | null {
  const { subject } = condition;
  if (subject === 'event' && condition.target === '') return { text: 'Choose an event.', blank: true, control: 'target' };
  if (subject === 'benefit' && condition.target === '') return { text: 'Choose a benefit.', blank: true, control: 'target' };
  if (subject === 'segment' && condition.target === '') return { text: 'Choose a segment.', blank: true, control: 'target' };
  if (subject === 'mailing' && condition.target === '') return { text: 'Choose a mailing.', blank: true, control: 'target' };
  if (subject === 'blacklisted') return null;
  if ((subject === 'purchases' || subject === 'event' || subject === 'abandoned_cart' || subject === 'mailing') && condition.window === 'last') {
    const days = numberProblem(condition.days, 'days', true);
    if (days) return days;
  }
  if ((subject === 'purchases' || subject === 'event') && condition.window === 'range') {
    if (condition.from === '' && condition.to === '') return { text: 'Choose a start date, an end date, or both.', blank: true, control: 'from' };
    const range = (condition.from === '' ? null : dayProblem(condition.from, 'from')) ?? (condition.to === '' ? null : dayProblem(condition.to, 'to'));
    if (range) return range;
  }
  if (subject === 'benefit' || subject === 'segment' || subject === 'abandoned_cart' || subject === 'mailing') return null;
  const type = subject === 'purchases' || subject === 'event' ? 'count' : fieldTypeOf(subject, context);
  const shape = valueShape(condition.op, type);
  const numeric = type === 'number' || type === 'count';
  const whole = numeric && wholeValue(condition, context);
  const notWhole = notAWholeNumber(subject === 'field:points' || (subject === 'purchases' && condition.measure === 'points') ? 1500 : 10);
  const pickedDays = type === 'date' && !condition.textDates;
  switch (shape) {
    case 'none':
    case 'boolean':
      return null;
    case 'days':
      return numberProblem(condition.value, 'value', true);
    case 'pair':
      if (numeric) return numberProblem(condition.value, 'value', whole, notWhole) ?? numberProblem(condition.value2, 'value2', whole, notWhole);
      if (pickedDays) return dayProblem(condition.value, 'value') ?? dayProblem(condition.value2, 'value2');
      if (condition.value.trim() === '') return { text: 'Fill this in.', blank: true, control: 'value' };
      if (condition.value2.trim() === '') return { text: 'Fill this in.', blank: true, control: 'value2' };
      return null;
    case 'list': {
      const items = list(condition.value);
      if (items.length === 0) return { text: 'Type one or more values, separated by commas.', blank: true, control: 'value' };
      if (numeric && items.some((item) => readNumber(item, whole) === null)) return { text: whole ? 'Type whole numbers separated by commas (like 10, 20).' : 'Type numbers separated by commas (like 10, 20).', blank: false, control: 'value' };
      return null;
    }
    default:
      if (numeric) return numberProblem(condition.value, 'value', whole, notWhole);
      if (pickedDays) return dayProblem(condition.value, 'value');
      return condition.value.trim() === '' ? { text: 'Fill this in.', blank: true, control: 'value' } : null;
  }
}

/** Every problem of the draft, by node id (an empty group is one). */
export function problemsOf(root: DraftGroup, context: BuilderContext): Map<string, Problem> {
  const found = new Map<string, Problem>();
  const walk = (node: DraftNode) => {
    if (node.kind === 'group') {
      if (node.nodes.length === 0) found.set(node.id, { text: 'Add a condition to this group, or remove it.', blank: true, control: 'group' });
      node.nodes.forEach(walk);
      return;
    }
    const problem = conditionProblem(node, context);
    if (problem) found.set(node.id, problem);
  };
  walk(root);
  return found;
}

// --- paths -----------------------------------------------------------------------------------------

/** Where each node sits in the definition the API sees: `path` with its `not`, `inner` without. */
export interface NodePath {
  path: string;
  inner: string;
}

export function pathsOf(root: DraftGroup, base = 'definition'): Map<string, NodePath> {
  const paths = new Map<string, NodePath>();
  const walk = (node: DraftNode, path: string) => {
    const inner = node.negated ? `${path}.not` : path;
    paths.set(node.id, { path, inner });
    if (node.kind === 'group') node.nodes.forEach((child, index) => walk(child, `${inner}.${node.match}[${index}]`));
  };
  walk(root, base);
  return paths;
}

const within = (field: string, path: string) => field === path || field.startsWith(`${path}.`) || field.startsWith(`${path}[`);

/**
 * The node a 400's field names (`definition.all[1].any[0].op`): the deepest node whose path
 * holds it, and what is left of the field after the node (`op`, `value[1]`, `purchases.channel`).
 */
export function nodeNamed(root: DraftGroup, field: string): { id: string; rest: string } | null {
  let best: { id: string; rest: string; length: number } | null = null;
  for (const [id, { path, inner }] of pathsOf(root)) {
    for (const candidate of [inner, path]) {
      if (within(field, candidate) && (!best || candidate.length > best.length)) {
        best = { id, rest: field.slice(candidate.length).replace(/^\./, ''), length: candidate.length };
      }
    }
  }
  return best ? { id: best.id, rest: best.rest } : null;
}

/** The builder's control a field's rest names: `value[1]` → value2, `purchases.within_last_days` → days. */
export function controlNamed(rest: string): string {
  if (/^value\[1\]/.test(rest)) return 'value2';
  if (/^value/.test(rest)) return 'value';
  if (/(^|\.)within_last_days$/.test(rest)) return 'days';
  if (/(^|\.)from$/.test(rest)) return 'from';
  if (/(^|\.)to$/.test(rest)) return 'to';
  if (/^purchases\.branch_name/.test(rest)) return 'branch';
  if (/^purchases\.channel/.test(rest)) return 'channel';
  if (/^purchases\.sku/.test(rest)) return 'sku';
  if (/^purchases\.category/.test(rest)) return 'category';
  if (/^(event|benefit|mailing|segment|blacklisted)$/.test(rest)) return 'target';
  if (/^field$/.test(rest)) return 'subject';
  return rest.split(/[.[]/)[0] ?? '';
}

/** How many conditions, and how deep the groups go (SG2: the top group is level 1; every group below, `not` included, adds one). */
export function sizeOf(root: DraftGroup): { conditions: number; levels: number; negated: boolean } {
  let conditions = 0;
  let levels = 0;
  let negated = false;
  const walk = (node: DraftNode, level: number) => {
    negated ||= node.negated;
    if (node.kind === 'condition') {
      conditions += 1;
      if (node.negated) levels = Math.max(levels, level); // its `not` is a group at this level
      return;
    }
    const own = level + (node.negated ? 1 : 0);
    levels = Math.max(levels, own);
    node.nodes.forEach((child) => walk(child, own + 1));
  };
  walk(root, 1);
  return { conditions, levels, negated };
}
