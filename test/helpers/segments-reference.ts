import { normaliseEmail, normaliseTelephone } from '../../src/lib/fields.js';
import { fold } from '../../src/lib/fold.js';

// The reference evaluator of segment definitions, written from SG2's text and the decisions of
// docs/segments.md, for the differential tests: it works on plain data in memory, one customer at a
// time, and shares nothing with definition.ts, compile.ts or the stored folded columns. Only U3's
// folding (src/lib/fold.ts, the rule itself) and L2's normalisation of e-mails and telephones (the
// rule U4 compares with) are imported. Definitions are assumed valid.

export type Scalar = string | number;

export const TEXT_FIELDS = [
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
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export type RefUser = { [F in TextField]: string | null } & {
  id: number;
  /** YYYY-MM-DD */
  birthdate: string | null;
  createtime: string;
  updatetime: string;
  club_inscription_date: string | null;
  points: number;
  tags: string[];
  /** The user's own flags (U4 adds the blacklists). */
  mailing_enabled: boolean;
  sms_enabled: boolean;
  custom: Record<string, Scalar | Scalar[]>;
};

export interface RefData {
  users: RefUser[];
  attributes: Record<string, 'string' | 'integer' | 'float' | 'timestamp'>;
  purchases: Array<{ userId: number; createtime: string; branchName: string | null; channel: string | null; total: number; points: number; skus: string[] }>;
  /** Product category code by SKU (null: a product without category); SKUs absent: no product. */
  products: Record<string, string | null>;
  /** Parent code by category code. */
  categories: Record<string, string | null>;
  events: Array<{ userId: number; name: string; datetime: string }>;
  coupons: Array<{ userId: number; benefitId: number | null }>;
  carts: Array<{ userId: number; recovered: boolean; createtime: string }>;
  /** Mailing recipients (M7), with the time a bounce was recorded. */
  recipients: Array<{
    userId: number;
    mailingId: number;
    status: string;
    sentAt: string | null;
    openedAt: string | null;
    clickedAt: string | null;
    unsubscribedAt: string | null;
    bouncedAt: string | null;
  }>;
  blacklist: {
    entries: Array<{ list: string; value: string; generation: number }>;
    generations: Array<{ list: string; generation: number; state: string }>;
  };
  /** Stored segment definitions by id. */
  segments: Map<number, unknown>;
  /** When the value groups were last refreshed (U14), over these purchases; absent: never (no scores). */
  rfmAt?: Date;
}

/** U14's scores of one customer. */
export interface RefScores {
  recency: number;
  frequency: number;
  monetary: number;
  value_group: string;
}

/**
 * U14, from its text: every customer with purchases in the last 365 days before `at` (inclusive, as
 * within_last_days) gets recency (whole UTC days from the last purchase's date to today, fewer is
 * better), frequency (their number) and monetary (the sum of their totals, each in 1/10,000) scores,
 * `1 + floor(5 × (r − 1) / n)` with r the rank from worst to best, ties sharing the lowest rank (one
 * more than the customers strictly worse), and the first group that matches.
 */
export function referenceScores(purchases: RefData['purchases'], at: Date): Map<number, RefScores> {
  const now = Math.floor(at.getTime() / 1000) * 1000;
  const today = Math.floor(now / DAY);
  const measures = new Map<number, { days: number; count: number; units: number }>();
  for (const p of purchases) {
    const instant = storedInstant(p.createtime);
    if (instant < now - 365 * DAY || instant > now) continue;
    const days = today - Math.floor(instant / DAY);
    const m = measures.get(p.userId) ?? { days: Infinity, count: 0, units: 0 };
    measures.set(p.userId, { days: Math.min(m.days, days), count: m.count + 1, units: m.units + Math.floor(p.total * 10_000 + 0.5) });
  }
  const all = [...measures.values()];
  const n = all.length;
  const score = (worse: (other: (typeof all)[number]) => boolean) => 1 + Math.floor((5 * all.filter(worse).length) / n);
  const scores = new Map<number, RefScores>();
  for (const [userId, m] of measures) {
    const recency = score((o) => o.days > m.days);
    const frequency = score((o) => o.count < m.count);
    const monetary = score((o) => o.units < m.units);
    const value_group =
      recency >= 4 && frequency >= 4
        ? 'champions'
        : frequency >= 4
          ? 'loyal'
          : recency >= 4 && frequency <= 2
            ? 'promising'
            : recency <= 2 && frequency >= 3
              ? 'at_risk'
              : recency <= 2 && frequency <= 2
                ? 'hibernating'
                : 'regular';
    scores.set(userId, { recency, frequency, monetary, value_group });
  }
  return scores;
}

const DAY = 86_400_000;
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A stored datetime `YYYY-MM-DD hh:mm:ss` (UTC) as milliseconds. */
function storedInstant(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}

/** A G7 input: stored form, ISO with offset (fractions of a second dropped), or a bare date's midnight. */
function inputInstant(text: string): number {
  if (BARE_DATE.test(text)) return Date.parse(`${text}T00:00:00Z`);
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return storedInstant(text);
  return Math.floor(Date.parse(text) / 1000) * 1000;
}

/** [start, end) of what a G7 value covers: a bare date its whole day, a datetime its second. */
function span(text: string): [number, number] {
  const start = inputInstant(text);
  return [start, start + (BARE_DATE.test(text) ? DAY : 1000)];
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The day of a birthday in `year` (29 February is 28 February in other years), as a UTC midnight. */
function birthdayIn(birthdate: string, year: number): number {
  const month = Number(birthdate.slice(5, 7));
  let day = Number(birthdate.slice(8, 10));
  if (month === 2 && day === 29 && !isLeap(year)) day = 28;
  return Date.UTC(year, month - 1, day);
}

class Evaluator {
  private readonly now: number;
  private readonly today: number;
  private readonly todayYear: number;
  private readonly liveEntries: Set<string>;
  private readonly scores: Map<number, RefScores>;

  constructor(
    private readonly data: RefData,
    now: Date,
  ) {
    this.now = Math.floor(now.getTime() / 1000) * 1000;
    const date = new Date(this.now);
    this.todayYear = date.getUTCFullYear();
    this.today = Date.UTC(this.todayYear, date.getUTCMonth(), date.getUTCDate());
    const hidden = new Set(data.blacklist.generations.filter((g) => g.state !== 'live').map((g) => `${g.list}|${g.generation}`));
    this.scores = data.rfmAt === undefined ? new Map() : referenceScores(data.purchases, data.rfmAt);
    this.liveEntries = new Set(data.blacklist.entries.filter((e) => !hidden.has(`${e.list}|${e.generation}`)).map((e) => `${e.list}|${e.value}`));
  }

  node(node: any, user: RefUser, open: number[] = []): boolean {
    if ('all' in node) return (node.all as any[]).every((child) => this.node(child, user, open));
    if ('any' in node) return (node.any as any[]).some((child) => this.node(child, user, open));
    if ('not' in node) return !this.node(node.not, user, open);
    if ('field' in node) return this.field(node, user);
    if ('purchases' in node) return this.purchases(node, user);
    if ('event' in node) {
      const count = this.data.events.filter((e) => e.userId === user.id && e.name === node.event && this.inWindow(e.datetime, node)).length;
      return compare(count, node.op, node.value);
    }
    if ('blacklisted' in node) return this.listed(node.blacklisted, user) === node.value;
    if ('benefit' in node) {
      const has = this.data.coupons.some((c) => c.userId === user.id && c.benefitId === node.benefit);
      return node.op === 'has' ? has : !has;
    }
    if ('abandoned_cart' in node) {
      const days = node.abandoned_cart.within_last_days;
      const has = this.data.carts.some(
        (c) => c.userId === user.id && !c.recovered && (days === undefined || this.withinLast(storedInstant(c.createtime), days)),
      );
      return node.op === 'has' ? has : !has;
    }
    if ('mailing' in node) {
      const has = this.data.recipients.some(
        (r) => r.userId === user.id && (node.mailing === 'any' || r.mailingId === node.mailing) && this.mailingActivity(r, node.activity, node.within_last_days),
      );
      return node.op === 'has' ? has : !has;
    }
    if ('segment' in node) {
      const stored = this.data.segments.get(node.segment);
      const member = stored !== undefined && !open.includes(node.segment) && this.node(stored, user, [...open, node.segment]);
      return node.op === 'in' ? member : !member;
    }
    throw new Error(`reference: unknown node ${JSON.stringify(node)}`);
  }

  /**
   * SG9 and M7: `received` is being `sent` (the SMTP server accepted it), whatever happened after;
   * `bounced` is the recipient's status; the others happened when their time is recorded. A window
   * holds the activity's time.
   */
  private mailingActivity(recipient: RefData['recipients'][number], activity: string, days: number | undefined): boolean {
    const when: Record<string, string | null> = {
      received: recipient.status === 'sent' ? recipient.sentAt : null,
      opened: recipient.openedAt,
      clicked: recipient.clickedAt,
      unsubscribed: recipient.unsubscribedAt,
      bounced: recipient.status === 'bounced' ? recipient.bouncedAt : null,
    };
    const at = when[activity];
    if (at === undefined) throw new Error(`reference: mailing activity ${activity}`);
    return at !== null && (days === undefined || this.withinLast(storedInstant(at), days));
  }

  private listed(list: 'email' | 'telephone', user: RefUser): boolean {
    const raw = list === 'email' ? user.email : user.telephone;
    if (raw === null) return false;
    const value = list === 'email' ? normaliseEmail(raw) : normaliseTelephone(raw);
    return value !== null && this.liveEntries.has(`${list}|${value}`);
  }

  private withinLast(instant: number, days: number): boolean {
    return instant >= this.now - days * DAY && instant <= this.now;
  }

  /** `within_last_days`, or `from`/`to` inclusive (a bare date covering its day), or ever. */
  private inWindow(datetime: string, window: any): boolean {
    const instant = storedInstant(datetime);
    if (window.within_last_days !== undefined) return this.withinLast(instant, window.within_last_days);
    if (window.from !== undefined && instant < span(window.from)[0]) return false;
    if (window.to !== undefined && instant >= span(window.to)[1]) return false;
    return true;
  }

  private purchases(node: any, user: RefUser): boolean {
    const filters = node.purchases;
    const matching = this.data.purchases.filter((p) => {
      if (p.userId !== user.id || !this.inWindow(p.createtime, filters)) return false;
      if (filters.branch_name !== undefined && (p.branchName === null || p.branchName.trim().toLowerCase() !== filters.branch_name.trim().toLowerCase())) {
        return false;
      }
      if (filters.channel !== undefined && p.channel !== filters.channel) return false;
      if (filters.sku !== undefined && !p.skus.includes(filters.sku)) return false;
      if (filters.category !== undefined && !p.skus.some((sku) => this.inCategory(this.data.products[sku], filters.category))) return false;
      return true;
    });
    const measure = node.measure ?? 'count';
    if (measure === 'count') return compare(matching.length, node.op, node.value);
    if (measure === 'points') return compare(matching.reduce((sum, p) => sum + p.points, 0), node.op, node.value);
    // Totals: each rounded to 1/10,000, summed in those units; the value rounded the same way.
    const units = matching.reduce((sum, p) => sum + Math.floor(p.total * 10_000 + 0.5), 0);
    const scale = (v: number) => Math.round(v * 10_000);
    return compare(units, node.op, Array.isArray(node.value) ? node.value.map(scale) : scale(node.value));
  }

  private inCategory(code: string | null | undefined, wanted: string): boolean {
    for (let current = code ?? null, steps = 0; current !== null && steps < 100; steps += 1) {
      if (current === wanted) return true;
      current = this.data.categories[current] ?? null;
    }
    return false;
  }

  private field(node: any, user: RefUser): boolean {
    const field: string = node.field;
    const op: string = node.op;
    const { type, values } = this.valuesOf(field, user);
    if (op === 'is_set') return values.length > 0;
    if (op === 'is_not_set') return values.length === 0;
    const any = (test: (value: any) => boolean) => values.some(test);
    switch (type) {
      case 'text': {
        const texts = values as string[];
        const same = (a: string, b: string) => fold(a) === fold(b);
        switch (op) {
          case 'eq':
            return texts.some((v) => same(v, node.value));
          case 'neq':
            return !texts.some((v) => same(v, node.value));
          case 'in':
            return texts.some((v) => (node.value as string[]).some((w) => same(v, w)));
          case 'not_in':
            return !texts.some((v) => (node.value as string[]).some((w) => same(v, w)));
          case 'contains':
            return texts.some((v) => fold(v).includes(fold(node.value)));
          case 'not_contains':
            return !texts.some((v) => fold(v).includes(fold(node.value)));
          case 'starts_with':
            return texts.some((v) => fold(v).startsWith(fold(node.value)));
          case 'ends_with':
            return texts.some((v) => fold(v).endsWith(fold(node.value)));
        }
        break;
      }
      case 'number':
        if (op === 'neq') return !any((v) => v === node.value);
        return any((v) => compare(v, op, node.value));
      case 'date':
        return any((v) => this.date(v, op, node.value, user));
      case 'tags': {
        const tags = (values as string[]).map((t) => fold(t.trim()));
        const has = (tag: string) => tags.includes(fold(tag.trim()));
        switch (op) {
          case 'has':
            return has(node.value);
          case 'has_any':
            return (node.value as string[]).some(has);
          case 'has_all':
            return (node.value as string[]).every(has);
          case 'has_none':
            return !(node.value as string[]).some(has);
        }
        break;
      }
      case 'boolean':
        return any((v) => v === node.value);
    }
    throw new Error(`reference: operator ${op} on ${field}`);
  }

  /** The field's values: none when absent or blank; an attribute's array gives one per element. */
  private valuesOf(field: string, user: RefUser): { type: string; values: unknown[] } {
    const present = (value: Scalar) => typeof value === 'number' || value.trim() !== '';
    if (field.startsWith('custom_attributes.')) {
      const name = field.slice('custom_attributes.'.length);
      const dataType = this.data.attributes[name]!;
      const raw = user.custom[name];
      const list = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]).filter(present);
      if (dataType === 'string') return { type: 'text', values: list };
      if (dataType === 'timestamp') return { type: 'date', values: list.map((v) => storedInstant(v as string)) };
      return { type: 'number', values: list };
    }
    if (field.startsWith('rfm.')) {
      const scores = this.scores.get(user.id);
      const key = field.slice('rfm.'.length) as keyof RefScores;
      return { type: key === 'value_group' ? 'text' : 'number', values: scores === undefined ? [] : [scores[key]] };
    }
    if ((TEXT_FIELDS as readonly string[]).includes(field)) {
      const value = user[field as TextField];
      return { type: 'text', values: value === null || value.trim() === '' ? [] : [value] };
    }
    switch (field) {
      case 'points':
        return { type: 'number', values: [user.points] };
      case 'age':
        return { type: 'number', values: user.birthdate === null ? [] : [this.age(user.birthdate)] };
      case 'birthdate':
        return { type: 'date', values: user.birthdate === null ? [] : [Date.parse(`${user.birthdate}T00:00:00Z`)] };
      case 'createtime':
      case 'updatetime':
        return { type: 'date', values: [storedInstant(user[field])] };
      case 'club_inscription_date':
        return { type: 'date', values: user.club_inscription_date === null ? [] : [storedInstant(user.club_inscription_date)] };
      case 'tags':
        return { type: 'tags', values: user.tags };
      case 'mailing_enabled':
        return { type: 'boolean', values: [user.mailing_enabled && !this.listed('email', user)] };
      case 'sms_enabled':
        return { type: 'boolean', values: [user.sms_enabled && !this.listed('telephone', user)] };
    }
    throw new Error(`reference: unknown field ${field}`);
  }

  private age(birthdate: string): number {
    const years = this.todayYear - Number(birthdate.slice(0, 4));
    return birthdayIn(birthdate, this.todayYear) > this.today ? years - 1 : years;
  }

  private date(instant: number, op: string, value: any, user: RefUser): boolean {
    switch (op) {
      case 'before':
        return instant < span(value)[0];
      case 'after':
        return instant >= span(value)[1];
      case 'between':
        return instant >= span(value[0])[0] && instant < span(value[1])[1];
      case 'within_last_days':
        return this.withinLast(instant, value);
      case 'not_within_last_days':
        return instant < this.now - value * DAY;
      case 'within_next_days':
        return instant >= this.now && instant <= this.now + value * DAY;
      case 'birthday_within_days': {
        const birthdate = user.birthdate!;
        let next = birthdayIn(birthdate, this.todayYear);
        if (next < this.today) next = birthdayIn(birthdate, this.todayYear + 1);
        return (next - this.today) / DAY <= value;
      }
    }
    throw new Error(`reference: date operator ${op}`);
  }
}

function compare(actual: number, op: string, value: any): boolean {
  switch (op) {
    case 'eq':
      return actual === value;
    case 'neq':
      return actual !== value;
    case 'gt':
      return actual > value;
    case 'gte':
      return actual >= value;
    case 'lt':
      return actual < value;
    case 'lte':
      return actual <= value;
    case 'between':
      return actual >= value[0] && actual <= value[1];
    case 'in':
      return (value as number[]).includes(actual);
  }
  throw new Error(`reference: number operator ${op}`);
}

/** The ids of the users the definition selects, ascending. */
export function referenceMembers(data: RefData, definition: unknown, now: Date): number[] {
  const evaluator = new Evaluator(data, now);
  return data.users
    .filter((user) => evaluator.node(definition, user))
    .map((user) => user.id)
    .sort((a, b) => a - b);
}
