// SG2: what a segment definition accepts and refuses, with the exact path and message of every
// refusal; SG1's slug; U3's folding; the stored folded forms. Pure functions: no database.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fold } from '../../src/lib/fold.js';
import {
  type Catalogue,
  DATE_OPS,
  isAdvanced,
  LIMITS,
  NUMBER_OPS,
  parseDefinition,
  PRESENCE_OPS,
  referencedSegments,
  TAGS_OPS,
  TEXT_OPS,
} from '../../src/modules/segments/definition.js';
import { attributeValueItems, foldedTags, foldedUserColumns, tagKey } from '../../src/db/folded-columns.js';
import { firstFreeSlug, slugBase } from '../../src/modules/segments/slug.js';

const catalogue: Catalogue = {
  attributes: new Map([
    ['nivel', { id: 1, data_type: 'string' }],
    ['visitas', { id: 2, data_type: 'integer' }],
    ['gasto', { id: 3, data_type: 'float' }],
    ['alta', { id: 4, data_type: 'timestamp' }],
  ]),
  events: new Map([
    ['login', 10],
    ['Login', 11],
  ]),
  benefits: new Set([7]),
  mailings: new Set([5]),
  segments: new Map<number, unknown>([
    [1, { all: [{ field: 'points', op: 'gt', value: 0 }] }],
    [2, { all: [{ segment: 1, op: 'in' }] }],
    [3, { any: [{ segment: 2, op: 'not_in' }] }],
  ]),
};

const parse = (definition: unknown, options: Parameters<typeof parseDefinition>[2] = {}, cat: Catalogue = catalogue) =>
  parseDefinition(definition, cat, options);

/** Asserts a 400 with exactly this message. */
function refuses(definition: unknown, message: string, cat: Catalogue = catalogue) {
  assert.throws(
    () => parse(definition, {}, cat),
    (error: any) => {
      assert.equal(error.statusCode, 400, String(error));
      assert.equal(error.code, 'bad_request');
      assert.equal(error.message, message);
      return true;
    },
  );
}

const one = (condition: unknown) => ({ all: [condition] });

describe('segment definitions: groups and limits', () => {
  it('must be a group at the top', () => {
    const message = 'definition: must be a group: {"all": [...]}, {"any": [...]} or {"not": ...}';
    refuses({ field: 'points', op: 'gt', value: 1 }, message);
    refuses([], message);
    refuses(null, message);
    refuses('all', message);
  });

  it('refuses empty groups and non-arrays, naming the group', () => {
    refuses({ all: [] }, 'definition.all: must be a non-empty array of groups and conditions');
    refuses({ all: [{ any: [] }] }, 'definition.all[0].any: must be a non-empty array of groups and conditions');
    refuses({ any: { field: 'points' } }, 'definition.any: must be a non-empty array of groups and conditions');
  });

  it('refuses a group with a second key, and nodes that are neither group nor condition', () => {
    refuses({ all: [{ field: 'points', op: 'gt', value: 1 }], any: [] }, 'definition.any: unknown key: a group has exactly one of "all", "any", "not"');
    refuses({ all: [{}] }, 'definition.all[0]: must be a group (all, any, not) or a condition (field, purchases, event, blacklisted, benefit, abandoned_cart, mailing, segment)');
    refuses({ all: [3] }, 'definition.all[0]: must be an object: a group (all, any, not) or a condition');
    refuses({ not: null }, 'definition.not: must be an object: a group (all, any, not) or a condition');
  });

  it('names nested paths exactly, indexes from 0', () => {
    const definition = {
      all: [
        { field: 'points', op: 'gte', value: 1 },
        { any: [{ field: 'email', op: 'eq', value: 'x' }, { not: { field: 'city', op: 'gt', value: 1 } }] },
      ],
    };
    refuses(definition, 'definition.all[1].any[1].not.op: "gt" is not an operator for text field "city" (use eq, neq, in, not_in, contains, not_contains, starts_with, ends_with, is_set, is_not_set)');
    refuses({ all: [{ field: 'points', op: 'gt', value: 1 }, { field: 'points', op: 'gt', value: 1 }, { field: 'city', op: 'eq', value: 'a', foo: 1 }] }, 'definition.all[2].foo: unknown key for a field condition (allowed: field, op, value)');
  });

  it('allows 50 conditions and refuses the 51st, naming it', () => {
    const condition = { field: 'points', op: 'gt', value: 1 };
    assert.equal(parse({ all: Array.from({ length: LIMITS.conditions }, () => condition) }).conditions, 50);
    refuses({ all: Array.from({ length: 51 }, () => condition) }, 'definition.all[50]: a definition may have at most 50 conditions');
    // Counted across groups.
    refuses(
      { any: [{ all: Array.from({ length: 30 }, () => condition) }, { all: Array.from({ length: 21 }, () => condition) }] },
      'definition.any[1].all[20]: a definition may have at most 50 conditions',
    );
  });

  it('allows 5000 list values in a definition and refuses more', () => {
    const list = (n: number) => ({ field: 'city', op: 'in', value: Array.from({ length: n }, (_, i) => `c${i}`) });
    assert.doesNotThrow(() => parse({ all: [list(1000), list(1000), list(1000), list(1000), list(1000)] }));
    refuses({ all: [list(1000), list(1000), list(1000), list(1000), list(999), list(2)] }, 'definition.all[5].value: the lists of a definition may hold at most 5000 values together');
  });

  it('allows 5 levels of groups, not included, and refuses a 6th', () => {
    const condition = { field: 'points', op: 'gt', value: 1 };
    const nest = (levels: number): unknown => (levels === 1 ? { all: [condition] } : { not: nest(levels - 1) });
    assert.doesNotThrow(() => parse(nest(5)));
    refuses(nest(6), 'definition.not.not.not.not.not: groups may be nested at most 5 levels deep');
    refuses({ all: [{ any: [{ all: [{ any: [{ all: [{ not: condition }] }] }] }] }] }, 'definition.all[0].any[0].all[0].any[0].all[0]: groups may be nested at most 5 levels deep');
  });

  it('answers advanced and the referenced segments', () => {
    assert.equal(parse({ all: [{ field: 'points', op: 'gt', value: 1 }, { segment: 1, op: 'in' }] }).advanced, false);
    assert.equal(parse({ any: [{ field: 'points', op: 'gt', value: 1 }] }).advanced, true);
    assert.equal(parse({ all: [{ not: { field: 'points', op: 'gt', value: 1 } }] }).advanced, true);
    assert.equal(parse({ not: { all: [{ field: 'points', op: 'gt', value: 1 }] } }).advanced, true);
    assert.equal(isAdvanced({ all: [{ field: 'city', op: 'eq', value: 'x' }] }), false);
    assert.deepEqual(parse({ any: [{ segment: 2, op: 'in' }, { not: { segment: 1, op: 'not_in' } }, { segment: 2, op: 'not_in' }] }).references, [1, 2]);
    assert.deepEqual(referencedSegments(catalogue.segments.get(3)), [2]);
  });
});

/** A valid value of each operator for a field type, or undefined for presence operators. */
function validValue(type: 'text' | 'number' | 'date' | 'tags' | 'boolean', op: string): unknown {
  if (op === 'is_set' || op === 'is_not_set') return undefined;
  switch (type) {
    case 'text':
      return op === 'in' || op === 'not_in' ? ['a', 'b'] : 'a';
    case 'number':
      return op === 'between' ? [1, 2] : op === 'in' ? [1, 2.5] : 3;
    case 'date':
      if (op === 'between') return ['2024-01-01', '2024-01-02T10:00:00Z'];
      if (op === 'before' || op === 'after') return '2024-01-01 10:00:00';
      return op === 'birthday_within_days' ? 0 : 30;
    case 'tags':
      return op === 'has' ? 'vip' : ['vip', 'gold'];
    case 'boolean':
      return true;
  }
}

const FIELDS: Array<[string, 'text' | 'number' | 'date' | 'tags' | 'boolean', string]> = [
  ['service_uid', 'text', 'text field "service_uid"'],
  ['email', 'text', 'text field "email"'],
  ['marital_status', 'text', 'text field "marital_status"'],
  ['custom_attributes.nivel', 'text', 'custom attribute "custom_attributes.nivel" (string)'],
  ['points', 'number', 'number field "points"'],
  ['age', 'number', 'number field "age"'],
  ['custom_attributes.visitas', 'number', 'custom attribute "custom_attributes.visitas" (integer)'],
  ['custom_attributes.gasto', 'number', 'custom attribute "custom_attributes.gasto" (float)'],
  ['birthdate', 'date', 'date field "birthdate"'],
  ['createtime', 'date', 'date field "createtime"'],
  ['club_inscription_date', 'date', 'date field "club_inscription_date"'],
  ['custom_attributes.alta', 'date', 'custom attribute "custom_attributes.alta" (timestamp)'],
  ['tags', 'tags', 'field "tags"'],
  ['mailing_enabled', 'boolean', 'boolean field "mailing_enabled"'],
  ['sms_enabled', 'boolean', 'boolean field "sms_enabled"'],
];

const ALL_OPS = [...new Set([...TEXT_OPS, ...NUMBER_OPS, ...DATE_OPS, ...TAGS_OPS, ...PRESENCE_OPS, 'has_not', 'not', 'like'])];

function opsOf(field: string, type: string): string[] {
  const base = { text: TEXT_OPS, number: NUMBER_OPS, date: DATE_OPS, tags: TAGS_OPS, boolean: ['eq'] }[type] as readonly string[];
  const ops = type === 'date' && field !== 'birthdate' ? base.filter((op) => op !== 'birthday_within_days') : [...base];
  return [...ops, ...PRESENCE_OPS];
}

describe('segment definitions: every operator on every field type', () => {
  for (const [field, type, what] of FIELDS) {
    it(`${field}: accepts exactly the ${type} operators`, () => {
      const allowed = opsOf(field, type);
      for (const op of ALL_OPS) {
        const value = validValue(type, op);
        const condition = value === undefined ? { field, op } : { field, op, value };
        if (allowed.includes(op)) {
          assert.doesNotThrow(() => parse(one(condition)), `${field} ${op}`);
        } else {
          refuses(one({ field, op, value: validValue(type, 'eq') }), `definition.all[0].op: "${op}" is not an operator for ${what} (use ${allowed.join(', ')})`);
        }
      }
    });
  }

  it('parses each field to its type and source', () => {
    assert.deepEqual(parse(one({ field: 'city', op: 'contains', value: 'Á' })).root, {
      type: 'all',
      nodes: [{ type: 'text', source: { column: 'city' }, test: { op: 'contains', value: 'Á' } }],
    });
    assert.deepEqual((parse(one({ field: 'custom_attributes.Visitas', op: 'between', value: [1, 2] })).root as any).nodes[0], {
      type: 'number',
      source: { attribute: 2 },
      test: { op: 'between', min: 1, max: 2 },
    });
    assert.deepEqual((parse(one({ field: 'age', op: 'in', value: [20, 30] })).root as any).nodes[0], { type: 'number', source: { age: true }, test: { op: 'in', values: [20, 30] } });
  });

  it('resolves date values: bare dates to the start (before, from) or end (after, to) of their day, offsets to UTC', () => {
    const test = (op: string, value: unknown) => (parse(one({ field: 'createtime', op, value })).root as any).nodes[0].test;
    assert.deepEqual(test('before', '2024-03-01'), { op: 'before', at: '2024-03-01 00:00:00' });
    assert.deepEqual(test('after', '2024-03-01'), { op: 'after', at: '2024-03-01 23:59:59' });
    assert.deepEqual(test('after', '2024-03-01T02:00:00+03:00'), { op: 'after', at: '2024-02-29 23:00:00' });
    assert.deepEqual(test('between', ['2024-03-01', '2024-03-01']), { op: 'between', from: '2024-03-01 00:00:00', to: '2024-03-01 23:59:59' });
  });

  it('treats a null value as absent (G8)', () => {
    assert.doesNotThrow(() => parse(one({ field: 'city', op: 'is_set', value: null })));
    refuses(one({ field: 'city', op: 'eq', value: null }), 'definition.all[0].value: is required with eq');
  });
});

describe('segment definitions: values of the wrong type', () => {
  const cases: Array<[unknown, string]> = [
    [{ field: 'city', op: 'eq', value: 3 }, 'definition.all[0].value: must be a string of 1 to 1000 characters'],
    [{ field: 'city', op: 'eq', value: '' }, 'definition.all[0].value: must be a string of 1 to 1000 characters'],
    [{ field: 'city', op: 'eq', value: 'x'.repeat(1001) }, 'definition.all[0].value: must be a string of 1 to 1000 characters'],
    [{ field: 'city', op: 'eq', value: 'a\u0000b' }, 'definition.all[0].value: must not contain U+0000'],
    [{ field: 'city', op: 'eq' }, 'definition.all[0].value: is required with eq'],
    [{ field: 'city', op: 'is_set', value: 'x' }, 'definition.all[0].value: must not be given with is_set'],
    [{ field: 'city', op: 'in', value: [] }, 'definition.all[0].value: must be an array of 1 to 1000 values'],
    [{ field: 'city', op: 'in', value: 'a' }, 'definition.all[0].value: must be an array of 1 to 1000 values'],
    [{ field: 'city', op: 'in', value: Array.from({ length: 1001 }, () => 'a') }, 'definition.all[0].value: must be an array of 1 to 1000 values'],
    [{ field: 'city', op: 'not_in', value: ['a', 2] }, 'definition.all[0].value[1]: must be a string of 1 to 1000 characters'],
    [{ field: 'points', op: 'gt', value: '3' }, 'definition.all[0].value: must be a number'],
    [{ field: 'points', op: 'between', value: [3] }, 'definition.all[0].value: must be two numbers [min, max]'],
    [{ field: 'points', op: 'between', value: [3, 1] }, 'definition.all[0].value: must be [min, max] with min not above max'],
    [{ field: 'age', op: 'in', value: [1, null] }, 'definition.all[0].value[1]: must be a number'],
    [{ field: 'createtime', op: 'before', value: '2024-13-01' }, "definition.all[0].value: must be a datetime 'YYYY-MM-DD hh:mm:ss', ISO 8601 with an offset, or a date 'YYYY-MM-DD'"],
    [{ field: 'createtime', op: 'after', value: '2024-01-01T10:00:00' }, "definition.all[0].value: must be a datetime 'YYYY-MM-DD hh:mm:ss', ISO 8601 with an offset, or a date 'YYYY-MM-DD'"],
    [{ field: 'createtime', op: 'between', value: ['2024-01-02', '2024-01-01'] }, 'definition.all[0].value: must be [from, to] with from not after to'],
    [{ field: 'createtime', op: 'between', value: ['2024-01-02', 5] }, "definition.all[0].value[1]: must be a datetime 'YYYY-MM-DD hh:mm:ss', ISO 8601 with an offset, or a date 'YYYY-MM-DD'"],
    [{ field: 'createtime', op: 'within_last_days', value: 0 }, 'definition.all[0].value: must be an integer from 1 to 100000'],
    [{ field: 'createtime', op: 'within_next_days', value: 1.5 }, 'definition.all[0].value: must be an integer from 1 to 100000'],
    [{ field: 'birthdate', op: 'birthday_within_days', value: 367 }, 'definition.all[0].value: must be an integer from 0 to 366'],
    [{ field: 'tags', op: 'has', value: ['vip'] }, 'definition.all[0].value: must be a string of 1 to 1000 characters'],
    [{ field: 'tags', op: 'has', value: '  ' }, 'definition.all[0].value: must not be blank'],
    [{ field: 'tags', op: 'has_all', value: ['vip', ''] }, 'definition.all[0].value[1]: must be a string of 1 to 1000 characters'],
    [{ field: 'mailing_enabled', op: 'eq', value: 'true' }, 'definition.all[0].value: must be true or false'],
    [{ field: 3, op: 'eq', value: 'x' }, 'definition.all[0].field: must be a string'],
    [{ field: 'nickname', op: 'eq', value: 'x' }, 'definition.all[0].field: unknown field "nickname" (profile fields: service_uid, email, document, telephone, first_name, last_name, gender, street, city, department, state, country, postcode, marital_status, points, age, birthdate, createtime, updatetime, club_inscription_date, tags, mailing_enabled, sms_enabled, rfm.recency, rfm.frequency, rfm.monetary, rfm.value_group, or custom_attributes.<name>)'],
    [{ field: 'document_type', op: 'eq', value: 'x' }, 'definition.all[0].field: unknown field "document_type" (profile fields: service_uid, email, document, telephone, first_name, last_name, gender, street, city, department, state, country, postcode, marital_status, points, age, birthdate, createtime, updatetime, club_inscription_date, tags, mailing_enabled, sms_enabled, rfm.recency, rfm.frequency, rfm.monetary, rfm.value_group, or custom_attributes.<name>)'],
    [{ field: 'custom_attributes.talla', op: 'eq', value: 'x' }, 'definition.all[0].field: no user custom attribute named "talla" is defined'],
    [{ field: 'city', value: 'x' }, 'definition.all[0].op: a missing op is not an operator for text field "city" (use eq, neq, in, not_in, contains, not_contains, starts_with, ends_with, is_set, is_not_set)'],
  ];
  for (const [condition, message] of cases) {
    it(message, () => refuses(one(condition), message));
  }
});

describe('segment definitions: purchases, events and the other conditions', () => {
  it('accepts each kind', () => {
    const definition = {
      all: [
        { purchases: {}, op: 'eq', value: 0 },
        { purchases: { within_last_days: 30, branch_name: 'Centro', channel: 'in-store', sku: 'SKU-1', category: 'shoes' }, measure: 'total', op: 'gte', value: 100.5 },
        { purchases: { from: '2024-01-01', to: '2024-12-31' }, measure: 'points', op: 'between', value: [1, 10] },
        { event: 'login', op: 'gte', value: 3 },
        { event: 'Login', within_last_days: 7, op: 'eq', value: 0 },
        { event: 'login', from: '2024-01-01', op: 'in', value: [1, 2] },
        { blacklisted: 'email', value: true },
        { benefit: 7, op: 'has_not' },
        { abandoned_cart: {}, op: 'has' },
        { abandoned_cart: { within_last_days: 3 }, op: 'has_not' },
        { segment: 1, op: 'not_in' },
        { mailing: 5, activity: 'opened', within_last_days: 30, op: 'has' },
        { mailing: 'any', activity: 'bounced', op: 'has_not', within_last_days: null },
      ],
    };
    const nodes = (parse(definition).root as any).nodes;
    assert.deepEqual(nodes[0], { type: 'purchases', window: {}, measure: 'count', test: { op: 'eq', value: 0 } });
    assert.deepEqual(nodes[1], {
      type: 'purchases',
      window: { withinLastDays: 30 },
      branchName: 'Centro',
      channel: 'in-store',
      sku: 'SKU-1',
      category: 'shoes',
      measure: 'total',
      test: { op: 'gte', value: 100.5 },
    });
    assert.deepEqual(nodes[2].window, { from: '2024-01-01 00:00:00', to: '2024-12-31 23:59:59' });
    assert.deepEqual(nodes[4], { type: 'event', eventId: 11, window: { withinLastDays: 7 }, test: { op: 'eq', value: 0 } });
    assert.deepEqual(nodes[7], { type: 'benefit', benefitId: 7, op: 'has_not' });
    assert.deepEqual(nodes[9], { type: 'abandoned_cart', withinLastDays: 3, op: 'has_not' });
    assert.deepEqual(nodes[11], { type: 'mailing', mailingId: 5, activity: 'opened', withinLastDays: 30, op: 'has' });
    assert.deepEqual(nodes[12], { type: 'mailing', mailingId: 'any', activity: 'bounced', op: 'has_not' }, 'a null within_last_days is absent (G8)');
  });

  const cases: Array<[unknown, string]> = [
    [{ purchases: [], op: 'eq', value: 0 }, 'definition.all[0].purchases: must be an object of filters ({} for every purchase)'],
    [{ purchases: { store: 'x' }, op: 'eq', value: 0 }, 'definition.all[0].purchases.store: unknown purchase filter (allowed: within_last_days, from, to, branch_name, channel, sku, category)'],
    [{ purchases: { within_last_days: 7, from: '2024-01-01' }, op: 'eq', value: 0 }, 'definition.all[0].purchases.within_last_days: cannot be combined with from/to'],
    [{ purchases: { from: '2024-02-01', to: '2024-01-01' }, op: 'eq', value: 0 }, 'definition.all[0].purchases.from: must not be after to (2024-01-01 23:59:59)'],
    [{ purchases: { channel: 'fax' }, op: 'eq', value: 0 }, 'definition.all[0].purchases.channel: must be one of "web", "telephone", "in-store", "corporate", "direct", "other"'],
    [{ purchases: { sku: '' }, op: 'eq', value: 0 }, 'definition.all[0].purchases.sku: must be a non-blank string of at most 255 characters'],
    [{ purchases: {}, measure: 'avg', op: 'eq', value: 0 }, 'definition.all[0].measure: must be one of "count", "total", "points"'],
    [{ purchases: {}, op: 'contains', value: 0 }, 'definition.all[0].op: "contains" is not an operator for purchases count (use eq, neq, gt, gte, lt, lte, between, in)'],
    [{ purchases: {}, op: 'is_set' }, 'definition.all[0].op: "is_set" is not an operator for purchases count (use eq, neq, gt, gte, lt, lte, between, in)'],
    [{ purchases: {}, measure: 'total', op: 'gt' }, 'definition.all[0].value: is required with gt'],
    [{ purchases: {}, op: 'eq', value: 0, event: 'login' }, 'definition.all[0].event: unknown key for a purchases condition (allowed: purchases, measure, op, value)'],
    [{ event: 'LOGIN', op: 'gt', value: 0 }, 'definition.all[0].event: no event named "LOGIN"'],
    [{ event: 'login', within_last_days: 0, op: 'gt', value: 0 }, 'definition.all[0].within_last_days: must be an integer from 1 to 100000'],
    [{ event: 'login', op: 'gt', value: [1] }, 'definition.all[0].value: must be a number'],
    [{ blacklisted: 'sms', value: true }, 'definition.all[0].blacklisted: must be "email" or "telephone"'],
    [{ blacklisted: 'email', value: 'yes' }, 'definition.all[0].value: must be true or false'],
    [{ blacklisted: 'email', value: true, op: 'eq' }, 'definition.all[0].op: unknown key for a blacklisted condition (allowed: blacklisted, value)'],
    [{ benefit: 8, op: 'has' }, 'definition.all[0].benefit: no benefit with id 8'],
    [{ benefit: '7', op: 'has' }, 'definition.all[0].benefit: must be a benefit id (a positive integer)'],
    [{ benefit: 7, op: 'in' }, 'definition.all[0].op: must be "has" or "has_not"'],
    [{ abandoned_cart: { within_last_days: 7, recovered: false }, op: 'has' }, 'definition.all[0].abandoned_cart.recovered: unknown key (allowed: within_last_days)'],
    [{ abandoned_cart: true, op: 'has' }, 'definition.all[0].abandoned_cart: must be an object: {} or {"within_last_days": N}'],
    [{ mailing: 6, activity: 'opened', op: 'has' }, 'definition.all[0].mailing: no mailing with id 6'],
    [{ mailing: 'all', activity: 'opened', op: 'has' }, 'definition.all[0].mailing: must be a mailing id (a positive integer) or "any"'],
    [{ mailing: 1.5, activity: 'opened', op: 'has' }, 'definition.all[0].mailing: must be a mailing id (a positive integer) or "any"'],
    [{ mailing: 5, activity: 'sent', op: 'has' }, 'definition.all[0].activity: must be one of "received", "opened", "clicked", "unsubscribed", "bounced"'],
    [{ mailing: 5, op: 'has' }, 'definition.all[0].activity: must be one of "received", "opened", "clicked", "unsubscribed", "bounced"'],
    [{ mailing: 5, activity: 'opened', op: 'in' }, 'definition.all[0].op: must be "has" or "has_not"'],
    [{ mailing: 5, activity: 'opened' }, 'definition.all[0].op: must be "has" or "has_not"'],
    [{ mailing: 5, activity: 'opened', within_last_days: 0, op: 'has' }, 'definition.all[0].within_last_days: must be an integer from 1 to 100000'],
    [{ mailing: 5, activity: 'opened', within_last_days: '7', op: 'has' }, 'definition.all[0].within_last_days: must be an integer from 1 to 100000'],
    [{ mailing: 5, activity: 'opened', from: '2024-01-01', op: 'has' }, 'definition.all[0].from: unknown key for a mailing condition (allowed: mailing, activity, within_last_days, op)'],
    [{ segment: 9, op: 'in' }, 'definition.all[0].segment: no segment with id 9'],
    [{ segment: 0, op: 'in' }, 'definition.all[0].segment: must be a segment id (a positive integer)'],
    [{ segment: 1, op: 'has' }, 'definition.all[0].op: must be "in" or "not_in"'],
  ];
  for (const [condition, message] of cases) {
    it(message, () => refuses(one(condition), message));
  }

  it('refuses a cycle: a segment referring to itself, directly or through others', () => {
    const self = (id: number) => ({ ...catalogue, self: id });
    refuses(one({ segment: 2, op: 'in' }), 'definition.all[0].segment: a segment cannot refer to itself', self(2));
    refuses(one({ segment: 3, op: 'in' }), 'definition.all[0].segment: segment 3 refers back to this segment (a cycle)', self(1));
    refuses(one({ segment: 2, op: 'not_in' }), 'definition.all[0].segment: segment 2 refers back to this segment (a cycle)', self(1));
    assert.doesNotThrow(() => parse(one({ segment: 1, op: 'in' }), {}, self(3)));
  });

  it('in stored mode, reads what disappeared as no value, no events, no one', () => {
    const empty: Catalogue = { attributes: new Map(), events: new Map(), benefits: new Set(), mailings: new Set(), segments: new Map() };
    const nodes = (definition: unknown) => (parse(definition, { mode: 'stored' }, empty).root as any).nodes;
    assert.deepEqual(nodes(one({ field: 'custom_attributes.nivel', op: 'eq', value: 'x' })), [{ type: 'constant', matches: false }]);
    assert.deepEqual(nodes(one({ field: 'custom_attributes.nivel', op: 'not_contains', value: 'x' })), [{ type: 'constant', matches: true }]);
    assert.deepEqual(nodes(one({ event: 'login', op: 'eq', value: 0 }))[0].eventId, null);
    assert.deepEqual(nodes(one({ benefit: 7, op: 'has' }))[0], { type: 'benefit', benefitId: null, op: 'has' });
    assert.deepEqual(nodes(one({ segment: 4, op: 'in' }))[0], { type: 'segment', segmentId: 4, op: 'in' });
    assert.deepEqual(nodes(one({ mailing: 5, activity: 'received', op: 'has_not' }))[0], { type: 'mailing', mailingId: null, activity: 'received', op: 'has_not' });
    // A retyped attribute whose operator no longer fits is no value too.
    const retyped: Catalogue = { ...empty, attributes: new Map([['nivel', { id: 1, data_type: 'integer' }]]) };
    assert.deepEqual((parse(one({ field: 'custom_attributes.nivel', op: 'contains', value: 'x' }), { mode: 'stored' }, retyped).root as any).nodes, [
      { type: 'constant', matches: false },
    ]);
  });
});

describe('segments: slugs (SG1)', () => {
  it('drops accents, lower-cases, joins other runs with one dash', () => {
    assert.equal(slugBase('Clientes VIP — Córdoba'), 'clientes-vip-cordoba');
    assert.equal(slugBase('  ¡Ñandú & Straße!  '), 'nandu-strasse');
    assert.equal(slugBase('Ünïcödé__2024'), 'unicode-2024');
  });

  it('prefixes an all-digit or empty slug', () => {
    assert.equal(slugBase('2024'), 'segment-2024');
    assert.equal(slugBase(' 2024 / 25 '), '2024-25');
    assert.equal(slugBase('!!!'), 'segment');
    assert.equal(slugBase('日本'), 'segment');
  });

  it('cuts a long title', () => {
    const slug = slugBase(`${'a'.repeat(199)} b`);
    assert.equal(slug, 'a'.repeat(199));
  });

  it('takes the lowest free suffix', () => {
    assert.equal(firstFreeSlug('vip', new Set()), 'vip');
    assert.equal(firstFreeSlug('vip', new Set(['vip'])), 'vip-2');
    assert.equal(firstFreeSlug('vip', new Set(['vip', 'vip-2', 'vip-4'])), 'vip-3');
  });
});

describe('U3 folding and the stored folded forms', () => {
  it('folds case and accents for every script', () => {
    const name = fold('Inés Moreno Álvarez');
    for (const query of ['ines', 'moreno', 'ÁLVAREZ', 'alvarez']) assert.ok(name.includes(fold(query)), query);
    assert.equal(fold('Ñandú'), fold('nandu'));
    assert.equal(fold('Straße'), 'strasse');
    assert.equal(fold('ΟΔΟΣ'), fold('οδοσ'));
    assert.equal(fold('Łódź'), 'lodz');
    assert.equal(fold('ﬁnance'), 'finance');
    assert.equal(fold('İstanbul'), 'istanbul');
    assert.equal(fold("O'Brien 100%"), "o'brien 100%");
  });

  it('is idempotent and never leaves an upper-case ASCII letter', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const folded = fold(text);
        return fold(folded) === folded && !/[A-Z]/.test(folded);
      }),
      { seed: 20260412, numRuns: 2000 },
    );
  });

  it('foldedUserColumns folds the fields given, blank as no value, and keys for the blacklists', () => {
    assert.deepEqual(foldedUserColumns({ first_name: 'Inés', city: '  ', telephone: '+54 (11) 1234-5678', tags: '["VIP","a|b"]' }), {
      first_name_folded: 'ines',
      city_folded: null,
      telephone_folded: '+54 (11) 1234-5678',
      tags_folded: '|vip|a%7Cb|',
      telephone_list_key: '+541112345678',
    });
    assert.deepEqual(foldedUserColumns({ email: 'Zoe@Example.com', telephone: null }), {
      email_folded: 'zoe@example.com',
      email_list_key: 'zoe@example.com',
      telephone_folded: null,
      telephone_list_key: null,
    });
    assert.deepEqual(foldedUserColumns({ email: 'zoë@example.com' }), { email_folded: 'zoe@example.com', email_list_key: null });
    assert.deepEqual(foldedUserColumns({ tags: [] }), { tags_folded: null });
  });

  it('tag keys match one whole tag', () => {
    assert.equal(tagKey(' 100% '), '100%25');
    assert.equal(foldedTags(['a|b', 'C']), '|a%7Cb|c|');
  });

  it('attribute items: one per element, numbers as numbers, blank strings as no value', () => {
    assert.deepEqual(attributeValueItems('"Óro"'), [{ position: 0, text_value: 'oro', number_value: null }]);
    assert.deepEqual(attributeValueItems('[1, 2.5]'), [
      { position: 0, text_value: null, number_value: 1 },
      { position: 1, text_value: null, number_value: 2.5 },
    ]);
    assert.deepEqual(attributeValueItems('["", "b"]'), [{ position: 1, text_value: 'b', number_value: null }]);
    assert.deepEqual(attributeValueItems('"2024-01-02 03:04:05"'), [{ position: 0, text_value: '2024-01-02 03:04:05', number_value: null }]);
    assert.deepEqual(attributeValueItems('[]'), []);
    assert.deepEqual(attributeValueItems('not json'), []);
  });
});
