import { type Expression, type RawBuilder, sql, type SqlBool } from 'kysely';
import { branchNameKey, escapeLike } from '../../lib/fields.js';
import { fold } from '../../lib/fold.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import {
  type BooleanCondition,
  type Catalogue,
  type DateCondition,
  type DateTest,
  type Definition,
  type MailingActivity,
  type MailingCondition,
  type Node,
  type NumberCondition,
  type NumberTest,
  parseDefinition,
  type PurchasesCondition,
  type TagsCondition,
  type TextCondition,
  type TextTest,
  type Window,
} from './definition.js';
import { foldedColumn, tagKey } from '../../db/folded-columns.js';
import { sourcesOf } from './sources.js';

// A validated definition (definition.ts) as one boolean SQL expression over the users table
// aliased `u`, for a `where`: counting a segment is one statement, a page of members one statement,
// and whether one user belongs a point query (`u.id = ?` beside it). Only parameters carry values.
//
// Rules that keep SQLite and PostgreSQL (and the reference evaluator of the tests) in agreement:
// - every expression is two-valued (never NULL), so `not (…)` is exact: a comparison with a column
//   that may be null is guarded by `is not null`, aggregates are coalesced;
// - text is compared only in the folded forms stored beside it (folded-columns.ts), with `=`, `in`
//   and LIKE patterns whose `%`, `_` and `\` are escaped (`escape '\'`), which both databases
//   evaluate bytewise on lower-case text;
// - datetimes are `YYYY-MM-DD hh:mm:ss` strings compared as strings; "now" is the Clock's instant,
//   cut to the second, bound as a parameter (never SQL's now());
// - numbers are compared as double precision; purchase totals are summed in whole 1/10,000 units
//   (each total rounded first), so the order in which a database adds them cannot change a result.

export interface CompileContext {
  accountId: number;
  clock: Clock;
  /** For `segment` conditions: the stored definitions of the account's segments. */
  catalogue: Catalogue;
}

type Bool = RawBuilder<SqlBool>;

const TRUE: Bool = sql<SqlBool>`(1 = 1)`;
const FALSE: Bool = sql<SqlBool>`(1 = 0)`;
const DAY_MS = 86_400_000;
/** "There is a row" and "there is none", as tests on a count. */
const ANY_ROW: NumberTest = { op: 'gte', value: 1 };
const NO_ROW: NumberTest = { op: 'eq', value: 0 };
/** SG9's activities as recipient rows: the status that records it (else: its time is set) and its time. */
const MAILING_ACTIVITY_ROWS: Record<MailingActivity, { status?: 'sent' | 'bounced'; at: string }> = {
  received: { status: 'sent', at: 'mr.sent_at' },
  opened: { at: 'mr.opened_at' },
  clicked: { at: 'mr.clicked_at' },
  unsubscribed: { at: 'mr.unsubscribed_at' },
  bounced: { status: 'bounced', at: 'mr.bounced_at' },
};
/** Purchase totals are compared in these units (1/10,000), SG2 decision in docs/segments.md. */
export const TOTAL_UNITS = 10_000;

const and = (parts: Bool[]): Bool => (parts.length === 0 ? TRUE : sql<SqlBool>`(${sql.join(parts, sql` and `)})`);
const or = (parts: Bool[]): Bool => (parts.length === 0 ? FALSE : sql<SqlBool>`(${sql.join(parts, sql` or `)})`);
const not = (part: Bool): Bool => sql<SqlBool>`(not ${part})`;
const double = (value: number) => sql`cast(${value} as double precision)`;

const like = (expression: Expression<unknown>, pattern: string): Bool => sql<SqlBool>`${expression} like ${pattern} escape '\\'`;

/**
 * A definition compiled, as one value: the condition over `users as u` for pages, one customer or a
 * batch of customers, and the form for counting or reading every member on a given database.
 */
export interface CompiledSegment {
  /** Pages of members, one customer (`u.id = ?` beside it), the stored membership's ranges. */
  readonly where: Expression<SqlBool>;
  /**
   * The form for counting every member in one statement (and reading every member's id), on this
   * database. The two forms differ only in conditions on a per-customer count or sum that must hold
   * for every member (a condition of the top `all` group, whose test fails at 0: "2+ purchases in
   * 90 days", "spent 1,000"). Row by row, such a condition is a correlated subquery run once per
   * customer, which neither database turns into a join. For a count it becomes `u.id in (select
   * user_id … group by user_id having …)`: one pass over the rows in the window, aggregated once
   * (PostgreSQL: a semi-join on a hash aggregate; SQLite: a list it walks customers by). A page or
   * one customer keeps the correlated form, which stops at the first rows it needs. On SQLite, whose
   * planner has no statistics here, only the first such list may drive the scan (`u.id in`); the
   * others are filters (`+u.id in`), since two lists driving one column multiply.
   */
  countWhere(dialect: CountDialect): Expression<SqlBool>;
  /** `where` for these customers only (the live membership's customer path). */
  forCustomers(ids: readonly number[], dialect: CountDialect): Expression<SqlBool>;
  /**
   * `where` for the customers with ids in (after, upTo] (the live membership's segment path). On
   * PostgreSQL each per-customer subquery also carries the range: the planner turns an EXISTS into a
   * semi-join over the whole account's rows (every purchase in the window, every item of a
   * category: 0.8 s a range of 1,000 customers at 100,000), and with the range it reads only the
   * range's rows (0.13 s). SQLite runs the subqueries per customer and needs no such help.
   */
  forRange(after: number, upTo: number, dialect: CountDialect): Expression<SqlBool>;
  /** The tables whose writes can change whether a customer is a member (sources.ts). */
  readonly sources: ReadonlySet<string>;
}

export type CountDialect = 'sqlite' | 'postgres';

export function compileDefinition(definition: Definition, context: CompileContext): CompiledSegment {
  const now = new Date(Math.floor(context.clock.now().getTime() / 1000) * 1000);
  const where = new Compiler(context.accountId, now, context.catalogue).node(definition.root);
  const counted = new Map<CountDialect, Expression<SqlBool>>();
  let sources: ReadonlySet<string> | undefined;
  return {
    where,
    countWhere(dialect) {
      let form = counted.get(dialect);
      if (!form) counted.set(dialect, (form = new Compiler(context.accountId, now, context.catalogue, { dialect }).root(definition.root)));
      return form;
    },
    forCustomers: (ids, dialect) => and([customersIn(ids, dialect), where as Bool]),
    get sources() {
      return (sources ??= sourcesOf(definition.root, context.catalogue));
    },
    forRange: (after, upTo, dialect) =>
      dialect === 'postgres' ? new Compiler(context.accountId, now, context.catalogue, undefined, { after, upTo }).node(definition.root) : where,
  };
}

/** `u.id` among these ids: PostgreSQL takes them as one array parameter, SQLite as a list. */
export function customersIn(ids: readonly number[], dialect: CountDialect): Bool {
  if (ids.length === 0) return FALSE;
  return dialect === 'postgres' ? sql<SqlBool>`u.id = any(${`{${ids.join(',')}}`}::bigint[])` : sql<SqlBool>`u.id in (${sql.join([...ids])})`;
}

class Compiler {
  /** Segments being compiled (a cycle left in stored data matches no one rather than looping). */
  private readonly open = new Set<number>();
  private readonly nowText: string;
  /** Compiling a condition every member must meet (countWhere only). */
  private conjunct = false;
  /** countWhere on SQLite: a list already drives the scan. */
  private driving = false;

  constructor(
    private readonly accountId: number,
    private readonly now: Date,
    private readonly catalogue: Catalogue,
    /** Given: the count form (countWhere) for this database. */
    private readonly count?: { dialect: CountDialect },
    /** Given: only customers with ids in (after, upTo] are asked about (forRange). */
    private readonly range?: { after: number; upTo: number },
  ) {
    this.nowText = formatDateTime(now);
  }

  /** The whole definition: in the count form, the conditions of the top `all` group are conjuncts. */
  root(group: Node): Bool {
    this.conjunct = this.count !== undefined;
    try {
      return this.node(group);
    } finally {
      this.conjunct = false;
    }
  }

  /** Compiles `node` with `conjunct` as given (restored afterwards). */
  private within(conjunct: boolean, node: Node): Bool {
    const outer = this.conjunct;
    this.conjunct = conjunct && outer;
    try {
      return this.node(node);
    } finally {
      this.conjunct = outer;
    }
  }

  /** A customer's rows by `column` (their user id), and with forRange's range on them. */
  private ofCustomer(column: string): Bool {
    const own = sql<SqlBool>`${sql.ref(column)} = u.id`;
    if (!this.range) return own;
    return and([own, sql<SqlBool>`${sql.ref(column)} > ${this.range.after}`, sql<SqlBool>`${sql.ref(column)} <= ${this.range.upTo}`]);
  }

  node(node: Node): Bool {
    switch (node.type) {
      case 'all': {
        // A condition of an `all` inside a conjunct is a conjunct too.
        const merged = this.mergedPurchases(node.nodes);
        const rest = merged ? node.nodes.filter((child) => !merged.nodes.has(child)) : node.nodes;
        const parts = rest.map((child) => this.within(true, child));
        return and(merged ? [merged.condition, ...parts] : parts);
      }
      case 'any':
        return or(node.nodes.map((child) => this.within(false, child)));
      case 'not':
        return not(this.within(false, node.node));
      case 'text':
        return this.text(node);
      case 'number':
        return this.number(node);
      case 'date':
        return this.date(node);
      case 'tags':
        return this.tags(node);
      case 'boolean':
        return this.boolean(node);
      case 'purchases':
        return this.purchases(node);
      case 'event': {
        if (node.eventId === null) return holds(node.test, 0) ? TRUE : FALSE;
        const window = this.window(sql.ref('e.datetime'), node.window);
        if (this.asSet(node.test, 'count')) {
          const where = [sql<SqlBool>`e.account_id = ${this.accountId}`, sql<SqlBool>`e.event_id = ${node.eventId}`, ...window];
          return this.customersWith(sql`user_events e`, sql.ref('e.user_id'), where, undefined, node.test);
        }
        // One customer's events of the kind, from the index by customer (user_id, datetime, event_id,
        // account_id): `+` keeps SQLite, which has no statistics here, from preferring the index by
        // account and event (two equalities) and walking every customer's events of the kind instead.
        const where = [sql<SqlBool>`+e.account_id = ${this.accountId}`, this.ofCustomer('e.user_id'), sql<SqlBool>`+e.event_id = ${node.eventId}`, ...window];
        return countTest(sql`from user_events e where ${and(where)}`, node.test);
      }
      case 'blacklisted':
        return node.value ? this.listed(node.list) : not(this.listed(node.list));
      case 'benefit': {
        if (node.benefitId === null) return node.op === 'has' ? FALSE : TRUE;
        const where = [sql<SqlBool>`c.account_id = ${this.accountId}`, sql<SqlBool>`c.benefit_id = ${node.benefitId}`];
        return this.hasRow(sql`coupons c`, 'c.user_id', where, node.op);
      }
      case 'abandoned_cart': {
        const where = [sql<SqlBool>`ac.account_id = ${this.accountId}`, sql<SqlBool>`ac.recovered = 0`];
        if (node.withinLastDays !== undefined) where.push(...this.window(sql.ref('ac.createtime'), { withinLastDays: node.withinLastDays }));
        return this.hasRow(sql`abandoned_carts ac`, 'ac.user_id', where, node.op);
      }
      case 'mailing':
        return this.mailing(node);
      case 'segment': {
        if (node.op === 'in') return this.segment(node.segmentId);
        const outer = this.conjunct;
        this.conjunct = false;
        try {
          return not(this.segment(node.segmentId));
        } finally {
          this.conjunct = outer;
        }
      }
      case 'constant':
        return node.matches ? TRUE : FALSE;
    }
  }

  /**
   * Whether the customer has a row of `from` meeting `where` (`has`) or none (`has_not`): an EXISTS
   * by the customer's column `user`, or in the count form the set of customers with one.
   */
  private hasRow(from: RawBuilder<unknown>, user: string, where: Bool[], op: 'has' | 'has_not'): Bool {
    if (this.asSet(ANY_ROW, 'count')) return this.customersWith(from, sql.ref(user), where, undefined, op === 'has' ? ANY_ROW : NO_ROW);
    const found = sql<SqlBool>`exists (select 1 from ${from} where ${and([...where, this.ofCustomer(user)])})`;
    return op === 'has' ? found : not(found);
  }

  /**
   * SG9 over mailing_recipients (M7): `received` is status `sent` (the SMTP server accepted it,
   * whatever happened after), timed by sent_at; `bounced` is status `bounced`, timed by bounced_at
   * (migration 0020); opened, clicked and unsubscribed are their first times being recorded.
   */
  private mailing(condition: MailingCondition): Bool {
    if (condition.mailingId === null) return condition.op === 'has' ? FALSE : TRUE;
    const where = [sql<SqlBool>`mr.account_id = ${this.accountId}`];
    if (condition.mailingId !== 'any') where.push(sql<SqlBool>`mr.mailing_id = ${condition.mailingId}`);
    const { status, at } = MAILING_ACTIVITY_ROWS[condition.activity];
    where.push(status === undefined ? sql<SqlBool>`${sql.ref(at)} is not null` : sql<SqlBool>`mr.status = ${status}`);
    if (condition.withinLastDays !== undefined) where.push(...this.window(sql.ref(at), { withinLastDays: condition.withinLastDays }));
    return this.hasRow(sql`mailing_recipients mr`, 'mr.user_id', where, condition.op);
  }

  /** A referenced segment's stored definition, compiled in place (evaluated now, like any other). */
  private segment(id: number): Bool {
    const stored = this.catalogue.segments.get(id);
    if (stored === undefined || this.open.has(id)) return FALSE;
    this.open.add(id);
    try {
      return this.node(parseDefinition(stored, this.catalogue, { mode: 'stored' }).root);
    } finally {
      this.open.delete(id);
    }
  }

  /** exists a custom attribute item of this user, of this definition, matching `match`. */
  private item(definitionId: number, match: Bool): Bool {
    if (this.asSet(ANY_ROW, 'count')) {
      const where = [sql<SqlBool>`i.account_id = ${this.accountId}`, sql<SqlBool>`i.definition_id = ${definitionId}`, match];
      return this.customersWith(sql`attribute_value_items i`, sql.ref('i.record_id'), where, undefined, ANY_ROW);
    }
    return sql<SqlBool>`exists (select 1 from attribute_value_items i where i.account_id = ${this.accountId} and i.definition_id = ${definitionId} and ${this.ofCustomer('i.record_id')} and ${match})`;
  }

  /**
   * U14: the customer has scores in the account's current snapshot (value_scores, one row per
   * scored customer, found by its primary key) meeting `match`. A customer without scores has no
   * value: only the operators that match "no value" match them (two-valued, like any profile field).
   */
  private scored(match: Bool): Bool {
    return sql<SqlBool>`exists (select 1 from value_scores vs where vs.account_id = ${this.accountId} and vs.user_id = u.id and ${match})`;
  }

  private text(condition: TextCondition): Bool {
    const { source, test } = condition;
    if ('rfm' in source) {
      if (test.op === 'is_set') return this.scored(TRUE);
      if (test.op === 'is_not_set') return not(this.scored(TRUE));
      const [positive, negated] = positiveText(test);
      const match = this.scored(textMatch(sql.ref('vs.value_group'), positive));
      return negated ? not(match) : match;
    }
    if ('column' in source) {
      const column = sql.ref(`u.${foldedColumn(source.column)}`);
      if (test.op === 'is_set') return sql<SqlBool>`(${column} is not null)`;
      if (test.op === 'is_not_set') return sql<SqlBool>`(${column} is null)`;
      const [positive, negated] = positiveText(test);
      const match = sql<SqlBool>`(${column} is not null and ${textMatch(column, positive)})`;
      return negated ? not(match) : match;
    }
    const value = sql.ref('i.text_value');
    if (test.op === 'is_set') return this.item(source.attribute, sql<SqlBool>`${value} is not null`);
    if (test.op === 'is_not_set') return not(this.item(source.attribute, sql<SqlBool>`${value} is not null`));
    const [positive, negated] = positiveText(test);
    const match = this.item(source.attribute, textMatch(value, positive));
    return negated ? not(match) : match;
  }

  private number(condition: NumberCondition): Bool {
    const { source, test } = condition;
    if ('age' in source) {
      const birthdate = sql.ref('u.birthdate');
      if (test.op === 'is_set') return sql<SqlBool>`(${birthdate} is not null)`;
      if (test.op === 'is_not_set') return sql<SqlBool>`(${birthdate} is null)`;
      return this.age(test);
    }
    if ('rfm' in source) {
      if (test.op === 'is_set') return this.scored(TRUE);
      if (test.op === 'is_not_set') return not(this.scored(TRUE));
      const score = sql.ref(`vs.${source.rfm}`);
      if (test.op === 'neq') return not(this.scored(numberTest(score, { op: 'eq', value: test.value })));
      return this.scored(numberTest(score, test));
    }
    if ('column' in source) {
      if (test.op === 'is_set') return TRUE;
      if (test.op === 'is_not_set') return FALSE;
      return numberTest(sql.ref('u.points'), test);
    }
    const value = sql.ref('i.number_value');
    if (test.op === 'is_set') return this.item(source.attribute, sql<SqlBool>`${value} is not null`);
    if (test.op === 'is_not_set') return not(this.item(source.attribute, sql<SqlBool>`${value} is not null`));
    if (test.op === 'neq') return not(this.item(source.attribute, numberTest(value, { op: 'eq', value: test.value })));
    return this.item(source.attribute, numberTest(value, test));
  }

  /** `age` (whole years from birthdate, UTC today) as comparisons of birthdate with dates. */
  private age(test: NumberTest): Bool {
    if (test.op === 'neq') return not(this.age({ op: 'eq', value: test.value }));
    const today = utcDay(this.now);
    const atLeast = (years: number) => sql<SqlBool>`u.birthdate <= ${latestBirthdateForAge(years, today)}`;
    const exactly = (years: number) => (Number.isInteger(years) ? and([atLeast(years), not(atLeast(years + 1))]) : FALSE);
    let match: Bool;
    switch (test.op) {
      case 'gte':
        match = atLeast(Math.ceil(test.value));
        break;
      case 'gt':
        match = atLeast(Math.floor(test.value) + 1);
        break;
      case 'lt':
        match = not(atLeast(Math.ceil(test.value)));
        break;
      case 'lte':
        match = not(atLeast(Math.floor(test.value) + 1));
        break;
      case 'eq':
        match = exactly(test.value);
        break;
      case 'between':
        match = and([atLeast(Math.ceil(test.min)), not(atLeast(Math.floor(test.max) + 1))]);
        break;
      case 'in':
        match = or(test.values.map(exactly));
        break;
    }
    return sql<SqlBool>`(u.birthdate is not null and ${match})`;
  }

  private date(condition: DateCondition): Bool {
    const { source, test } = condition;
    if ('column' in source) {
      const nullable = source.column === 'birthdate' || source.column === 'club_inscription_date';
      if (test.op === 'is_set') return nullable ? sql<SqlBool>`(${sql.ref(`u.${source.column}`)} is not null)` : TRUE;
      if (test.op === 'is_not_set') return nullable ? sql<SqlBool>`(${sql.ref(`u.${source.column}`)} is null)` : FALSE;
      if (test.op === 'birthday_within_days') return this.birthdayWithin(test.days);
      // A birthdate is a day: it is compared as that day's 00:00:00.
      const value = source.column === 'birthdate' ? sql`(u.birthdate || ' 00:00:00')` : sql.ref(`u.${source.column}`);
      const match = this.dateMatch(value, test);
      return nullable ? sql<SqlBool>`(${sql.ref(`u.${source.column}`)} is not null and ${match})` : match;
    }
    const value = sql.ref('i.text_value');
    if (test.op === 'is_set') return this.item(source.attribute, sql<SqlBool>`${value} is not null`);
    if (test.op === 'is_not_set') return not(this.item(source.attribute, sql<SqlBool>`${value} is not null`));
    return this.item(source.attribute, this.dateMatch(value, test));
  }

  private dateMatch(value: Expression<unknown>, test: DateTest): Bool {
    switch (test.op) {
      case 'before':
        return sql<SqlBool>`${value} < ${test.at}`;
      case 'after':
        return sql<SqlBool>`${value} > ${test.at}`;
      case 'between':
        return sql<SqlBool>`(${value} >= ${test.from} and ${value} <= ${test.to})`;
      case 'within_last_days':
        return sql<SqlBool>`(${value} >= ${this.daysFromNow(-test.days)} and ${value} <= ${this.nowText})`;
      case 'not_within_last_days':
        return sql<SqlBool>`${value} < ${this.daysFromNow(-test.days)}`;
      case 'within_next_days':
        return sql<SqlBool>`(${value} >= ${this.nowText} and ${value} <= ${this.daysFromNow(test.days)})`;
      case 'birthday_within_days':
        return FALSE; // only on birthdate, handled by birthdayWithin
    }
  }

  /**
   * The next birthday (today included) is within `days` days. Evaluated on the month and day of the
   * birthdate: the days of the window give a set of `MM-DD`; 29 February counts where the window holds
   * 29 February, or 28 February of a year that has no 29th.
   */
  private birthdayWithin(days: number): Bool {
    const today = utcDay(this.now);
    const wanted = new Set<string>();
    for (let i = 0; i <= days; i += 1) {
      const day = new Date(today.getTime() + i * DAY_MS);
      const md = monthDay(day);
      wanted.add(md);
      if (md === '02-28' && !isLeapYear(day.getUTCFullYear())) wanted.add('02-29');
    }
    const monthDayOf = sql`substr(u.birthdate, 6, 5)`;
    const ranges: Bool[] = [];
    for (let start = 0; start < CALENDAR.length; ) {
      if (!wanted.has(CALENDAR[start]!)) {
        start += 1;
        continue;
      }
      let end = start;
      while (end + 1 < CALENDAR.length && wanted.has(CALENDAR[end + 1]!)) end += 1;
      ranges.push(sql<SqlBool>`(${monthDayOf} >= ${CALENDAR[start]!} and ${monthDayOf} <= ${CALENDAR[end]!})`);
      start = end + 1;
    }
    const match = ranges.length === 1 && wanted.size === CALENDAR.length ? TRUE : or(ranges);
    return sql<SqlBool>`(u.birthdate is not null and ${match})`;
  }

  private tags(condition: TagsCondition): Bool {
    const { test } = condition;
    const column = sql.ref('u.tags_folded');
    if (test.op === 'is_set') return sql<SqlBool>`(${column} is not null)`;
    if (test.op === 'is_not_set') return sql<SqlBool>`(${column} is null)`;
    const hasTag = (tag: string) => like(column, `%|${escapeLike(tagKey(tag))}|%`);
    const guarded = (match: Bool) => sql<SqlBool>`(${column} is not null and ${match})`;
    switch (test.op) {
      case 'has':
        return guarded(hasTag(test.values[0]!));
      case 'has_any':
        return guarded(or(test.values.map(hasTag)));
      case 'has_all':
        return guarded(and(test.values.map(hasTag)));
      case 'has_none':
        return not(guarded(or(test.values.map(hasTag))));
    }
  }

  private boolean(condition: BooleanCondition): Bool {
    const { test } = condition;
    if (test.op === 'is_set') return TRUE;
    if (test.op === 'is_not_set') return FALSE;
    // U4: the user's own flag, and not on the blacklist of that channel.
    const reachable =
      condition.flag === 'mailing_enabled'
        ? sql<SqlBool>`(u.mailing_enabled <> 0 and ${not(this.listed('email'))})`
        : sql<SqlBool>`(u.sms_enabled <> 0 and ${not(this.listed('telephone'))})`;
    return test.value ? reachable : not(reachable);
  }

  /**
   * The user's e-mail (telephone) is on that blacklist: an entry of a live generation, which is one
   * without a `writing` or `retired` row in blacklist_generations (migration 0008). This is the rule
   * of db/blacklist-visibility.ts's visibleEntries, spelt here in SQL because a compiled definition
   * is built without a Kysely instance.
   */
  private listed(list: 'email' | 'telephone'): Bool {
    const key = sql.ref(list === 'email' ? 'u.email_list_key' : 'u.telephone_list_key');
    const hidden = sql`select bg.generation from blacklist_generations bg where bg.account_id = ${this.accountId} and bg.list = ${list} and bg.state <> 'live'`;
    return sql<SqlBool>`(${key} is not null and exists (select 1 from blacklist_entries be where be.account_id = ${this.accountId} and be.list = ${list} and be.value = ${key} and be.generation not in (${hidden})))`;
  }

  /**
   * PostgreSQL's count form: two or more conditions on purchases of one `all` group of conjuncts
   * ("bought before", "none in 180 days"), without SKU or category, read the account's purchases
   * once, grouped by customer, each condition a filtered aggregate of the group: separately,
   * PostgreSQL sorted all purchases to find "bought before" and then probed the window for every
   * customer found (R2 at 1M customers: 2.3 s, against 0.9 s grouped). It needs one of them to fail
   * for a customer without purchases, since the group holds only customers with some.
   */
  private mergedPurchases(nodes: readonly Node[]): { condition: Bool; nodes: Set<Node> } | undefined {
    if (!this.conjunct || this.count?.dialect !== 'postgres') return undefined;
    const mergeable = nodes.filter((node): node is PurchasesCondition => node.type === 'purchases' && node.sku === undefined && node.category === undefined);
    if (mergeable.length < 2) return undefined;
    const measured = mergeable.map((condition) => {
      const filters = this.purchaseFilters(condition, sql.ref('p.branch_id'));
      const { aggregate, test } = purchaseMeasure(condition, filters.length === 0 ? undefined : and(filters));
      return { value: sql`cast(${aggregate} as double precision)`, test };
    });
    if (measured.every(({ test }) => holds(test, 0))) return undefined;
    const having = and(measured.map(({ value, test }) => numberTest(value, test)));
    const condition = sql<SqlBool>`u.id in (select p.user_id from purchases p where p.account_id = ${this.accountId} group by p.user_id having ${having})`;
    return { condition, nodes: new Set(mergeable) };
  }

  /** A purchases condition's window, branch and channel, as conditions on `p`. */
  private purchaseFilters(condition: PurchasesCondition, branch: Expression<unknown>): Bool[] {
    const where = [...this.window(sql.ref('p.createtime'), condition.window)];
    if (condition.branchName !== undefined) {
      where.push(
        sql<SqlBool>`${branch} in (select b.id from branches b where b.account_id = ${this.accountId} and b.name_key = ${branchNameKey(condition.branchName)})`,
      );
    }
    if (condition.channel !== undefined) where.push(sql<SqlBool>`p.channel = ${condition.channel}`);
    return where;
  }

  private purchases(condition: PurchasesCondition): Bool {
    const a = this.accountId;
    const measured =
      condition.measure === 'count'
        ? { aggregate: undefined, test: condition.test }
        : purchaseMeasure(condition, undefined);
    const aggregated = this.asSet(measured.test, condition.measure === 'count' ? 'count' : 'sum');
    // One customer's purchases are found by customer: `+` keeps SQLite (no statistics) from walking
    // the whole branch's purchases by its index for every customer instead (a count of 100,000
    // customers did not finish in 10 minutes). The set of all customers may use it.
    const where = this.purchaseFilters(condition, aggregated ? sql.ref('p.branch_id') : sql`+p.branch_id`);
    if (condition.sku !== undefined) {
      where.push(sql<SqlBool>`exists (select 1 from purchase_items pi where pi.account_id = ${a} and pi.purchase_id = p.id and pi.sku = ${condition.sku})`);
    }
    if (condition.category !== undefined) {
      // The item's product (by SKU) is in the category or below it.
      const subtree = sql`with recursive sub(id) as (
          select c.id from categories c where c.account_id = ${a} and c.code = ${condition.category}
          union all
          select c.id from categories c inner join sub on c.parent_id = sub.id where c.account_id = ${a})
        select id from sub`;
      // The subtree's SKUs once, then each purchase's items among them (a product looked up for
      // every item was 1.3x slower on PostgreSQL).
      const skus = sql`select pr.sku from products pr where pr.account_id = ${a} and pr.category_id in (${subtree})`;
      where.push(sql<SqlBool>`exists (select 1 from purchase_items pi where pi.account_id = ${a} and pi.purchase_id = p.id and pi.sku in (${skus}))`);
    }
    if (aggregated) {
      return this.customersWith(sql`purchases p`, sql.ref('p.user_id'), [sql<SqlBool>`p.account_id = ${a}`, ...where], measured.aggregate, measured.test);
    }
    const fromWhere = sql`from purchases p where ${and([sql<SqlBool>`p.account_id = ${a}`, this.ofCustomer('p.user_id'), ...where])}`;
    if (measured.aggregate === undefined) return countTest(fromWhere, condition.test);
    return numberTest(sql`cast((select ${measured.aggregate} ${fromWhere}) as double precision)`, measured.test);
  }

  /**
   * Whether a condition on a customer's rows (purchases, events, coupons, carts, custom attribute
   * items) is compiled as the set of customers that meet it (CompiledSegment.countWhere says why):
   * - a condition every member must meet, when it is on a count or sum and fails at 0 (not "is there
   *   one": both databases already join an EXISTS);
   * - on SQLite, any condition below an `any` or `not`: one pass to build the set, then a lookup per
   *   customer, where the EXISTS ran its subquery for each;
   * - on PostgreSQL, a count or sum below an `any` or `not` (not "is there one": PostgreSQL already
   *   hashes an EXISTS there), as an EXISTS over the grouped set (customersWith says why).
   */
  private asSet(test: NumberTest, measure: 'count' | 'sum'): boolean {
    if (this.count === undefined) return false;
    const onValue = measure === 'sum' || onPositiveCounts(test) === undefined;
    if (!this.conjunct) return this.count.dialect === 'sqlite' || onValue;
    return !holds(test, 0) && onValue;
  }

  /**
   * The customers whose rows of `from` (filtered by `where`) have a count (or `aggregate`) passing
   * `test`, as a condition on u.id (countWhere): `u.id in (select …)`, grouped when the test is on more
   * than the presence of a row; `not in` the customers that fail it when having no row passes it.
   * On SQLite the first list of the top `all` group drives the scan (`u.id in`); every other is a
   * filter (`+u.id in`).
   */
  private customersWith(from: RawBuilder<unknown>, user: Expression<unknown>, where: Bool[], aggregate: RawBuilder<unknown> | undefined, test: NumberTest): Bool {
    const sqlite = this.count!.dialect === 'sqlite';
    const list = (select: RawBuilder<unknown>, positive: boolean): Bool => {
      if (!sqlite && !this.conjunct) {
        // Below an `any` or `not` on PostgreSQL: `u.id in (set)` there is fast only while the set
        // can be hashed within work_mem, and searched row by row for every customer beyond it. An
        // EXISTS over the set is planned both ways, hashed when it fits and otherwise per customer
        // (the customer's id pushed into the grouped set), linear at any size (R6: 2.2 s -> 1.5 s).
        const found = sql<SqlBool>`exists (select 1 from (${select}) as g(user_id) where g.user_id = u.id)`;
        return positive ? found : not(found);
      }
      const drive = sqlite && positive && this.conjunct && !this.driving;
      if (drive) this.driving = true;
      const found = sql<SqlBool>`${sqlite && !drive ? sql`+u.id` : sql`u.id`} in (${select})`;
      return positive ? found : not(found);
    };
    const whenNone = holds(test, 0);
    if (aggregate === undefined) {
      const whenSome = onPositiveCounts(test);
      if (whenSome !== undefined) {
        if ((whenSome === 'all') === whenNone) return whenNone ? TRUE : FALSE;
        return list(sql`select ${user} from ${from} where ${and(where)}`, whenSome === 'all');
      }
    }
    const value = sql`cast(${aggregate ?? sql`count(*)`} as double precision)`;
    const grouped = (having: Bool) => sql`select ${user} from ${from} where ${and(where)} group by ${user} having ${having}`;
    return whenNone ? list(grouped(not(numberTest(value, test))), false) : list(grouped(numberTest(value, test)), true);
  }

  /** The bounds of a window on a datetime column (nothing for "ever"). */
  private window(column: Expression<unknown>, window: Window): Bool[] {
    const out: Bool[] = [];
    if (window.withinLastDays !== undefined) {
      out.push(sql<SqlBool>`${column} >= ${this.daysFromNow(-window.withinLastDays)}`, sql<SqlBool>`${column} <= ${this.nowText}`);
    }
    if (window.from !== undefined) out.push(sql<SqlBool>`${column} >= ${window.from}`);
    if (window.to !== undefined) out.push(sql<SqlBool>`${column} <= ${window.to}`);
    return out;
  }

  private daysFromNow(days: number): string {
    return formatDateTime(new Date(this.now.getTime() + days * DAY_MS));
  }
}

type PositiveTextTest = { op: 'eq' | 'contains' | 'starts_with' | 'ends_with'; value: string } | { op: 'in'; values: string[] };

/** The positive form of a text test, and whether the answer is its negation (neq, not_in, not_contains). */
function positiveText(test: TextTest): [PositiveTextTest, boolean] {
  switch (test.op) {
    case 'neq':
      return [{ op: 'eq', value: test.value }, true];
    case 'not_contains':
      return [{ op: 'contains', value: test.value }, true];
    case 'not_in':
      return [{ op: 'in', values: test.values }, true];
    default:
      return [test as PositiveTextTest, false];
  }
}

function textMatch(value: Expression<unknown>, test: PositiveTextTest): Bool {
  switch (test.op) {
    case 'eq':
      return sql<SqlBool>`${value} = ${fold(test.value)}`;
    case 'in':
      return sql<SqlBool>`${value} in (${sql.join([...new Set(test.values.map(fold))])})`;
    case 'contains':
      return like(value, `%${escapeLike(fold(test.value))}%`);
    case 'starts_with':
      return like(value, `${escapeLike(fold(test.value))}%`);
    case 'ends_with':
      return like(value, `%${escapeLike(fold(test.value))}`);
  }
}

/** A number test on a never-null expression (or inside an EXISTS, where null does not match). */
function numberTest(value: Expression<unknown>, test: NumberTest): Bool {
  switch (test.op) {
    case 'eq':
      return sql<SqlBool>`${value} = ${double(test.value)}`;
    case 'neq':
      return not(sql<SqlBool>`${value} = ${double(test.value)}`);
    case 'gt':
      return sql<SqlBool>`${value} > ${double(test.value)}`;
    case 'gte':
      return sql<SqlBool>`${value} >= ${double(test.value)}`;
    case 'lt':
      return sql<SqlBool>`${value} < ${double(test.value)}`;
    case 'lte':
      return sql<SqlBool>`${value} <= ${double(test.value)}`;
    case 'between':
      return sql<SqlBool>`(${value} >= ${double(test.min)} and ${value} <= ${double(test.max)})`;
    case 'in':
      return sql<SqlBool>`${value} in (${sql.join([...new Set(test.values)].map(double))})`;
  }
}

/** Whether a number passes a test (for counts known without asking the database). */
export function holds(test: NumberTest, value: number): boolean {
  switch (test.op) {
    case 'eq':
      return value === test.value;
    case 'neq':
      return value !== test.value;
    case 'gt':
      return value > test.value;
    case 'gte':
      return value >= test.value;
    case 'lt':
      return value < test.value;
    case 'lte':
      return value <= test.value;
    case 'between':
      return value >= test.min && value <= test.max;
    case 'in':
      return test.values.includes(value);
  }
}

/**
 * What a test answers for every count from 1 up: 'all' when it holds for each, 'none' when for
 * none, undefined when it depends on the count.
 */
function onPositiveCounts(test: NumberTest): 'all' | 'none' | undefined {
  const positiveInteger = (value: number) => Number.isInteger(value) && value >= 1;
  switch (test.op) {
    case 'gt':
      return test.value < 1 ? 'all' : undefined;
    case 'gte':
      return test.value <= 1 ? 'all' : undefined;
    case 'lt':
      return test.value <= 1 ? 'none' : undefined;
    case 'lte':
      return test.value < 1 ? 'none' : undefined;
    case 'eq':
      return positiveInteger(test.value) ? undefined : 'none';
    case 'neq':
      return positiveInteger(test.value) ? undefined : 'all';
    case 'between':
      return Math.floor(test.max) < Math.max(1, Math.ceil(test.min)) ? 'none' : undefined;
    case 'in':
      return test.values.some(positiveInteger) ? undefined : 'none';
  }
}

/**
 * A test on the number of rows of `fromWhere` (`from … where …`, correlated with u). Tests that only
 * ask whether there is a row ("bought at least once", "did not buy": count gte 1, eq 0…) become
 * EXISTS, which stops at the first row and which PostgreSQL can run as one semi-join for all users;
 * the others count.
 */
function countTest(fromWhere: RawBuilder<unknown>, test: NumberTest): Bool {
  const whenNone = holds(test, 0);
  const whenSome = onPositiveCounts(test);
  if (whenSome !== undefined) {
    if ((whenSome === 'all') === whenNone) return whenNone ? TRUE : FALSE;
    const found = sql<SqlBool>`exists (select 1 ${fromWhere})`;
    return whenSome === 'all' ? found : not(found);
  }
  return numberTest(sql`cast((select count(*) ${fromWhere}) as double precision)`, test);
}

/**
 * A purchases condition's measure over a customer's purchases, and its test (a total in 1/10,000
 * units); with `only`, over the purchases meeting it (the rest count 0).
 */
function purchaseMeasure(condition: PurchasesCondition, only: Bool | undefined): { aggregate: RawBuilder<unknown>; test: NumberTest } {
  const of = (value: RawBuilder<unknown>) => (only === undefined ? value : sql`case when ${only} then ${value} end`);
  switch (condition.measure) {
    case 'count':
      return { aggregate: only === undefined ? sql`count(*)` : sql`count(${of(sql`1`)})`, test: condition.test };
    case 'points':
      return { aggregate: sql`coalesce(sum(${of(sql.ref('p.points'))}), 0)`, test: condition.test };
    default:
      return { aggregate: sql`coalesce(sum(${of(sql`floor(p.price_total * ${TOTAL_UNITS} + 0.5)`)}), 0)`, test: inTotalUnits(condition.test) };
  }
}

/** A test on a purchase total, in the whole 1/10,000 units the totals are summed in. */
export function inTotalUnits(test: NumberTest): NumberTest {
  const units = (value: number) => Math.round(value * TOTAL_UNITS);
  switch (test.op) {
    case 'between':
      return { op: 'between', min: units(test.min), max: units(test.max) };
    case 'in':
      return { op: 'in', values: test.values.map(units) };
    default:
      return { op: test.op, value: units(test.value) };
  }
}

// --- calendar -----------------------------------------------------------------------------------

function utcDay(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function monthDay(day: Date): string {
  return `${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
}

/** Every `MM-DD` of a leap year, in calendar order (which is also their string order). */
const CALENDAR: readonly string[] = Array.from({ length: 366 }, (_, i) => monthDay(new Date(Date.UTC(2000, 0, 1) + i * DAY_MS)));

/**
 * The latest birthdate `YYYY-MM-DD` of someone at least `years` old on `today` (a UTC day), 29
 * February counting as 28 February in other years: age is then `years` or more exactly when the
 * birthdate is not after it. A bound beyond the years a date can have compares below or above every
 * birthdate.
 */
export function latestBirthdateForAge(years: number, today: Date): string {
  const year = today.getUTCFullYear() - years;
  if (!Number.isSafeInteger(year) || year < 1) return '0000-00-00';
  if (year > 9999) return '9999-99-99';
  let md = monthDay(today);
  if (md === '02-29' && !isLeapYear(year)) md = '02-28';
  else if (md === '02-28' && !isLeapYear(today.getUTCFullYear()) && isLeapYear(year)) md = '02-29';
  return `${pad(year, 4)}-${md}`;
}
