import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import {
  DEFAULT_EXPORT_FIELDS,
  type SegmentDefinition,
  conditionKind,
  isSegmentGroup,
  operatorsFor,
  profileFieldType,
} from '../../packages/sdk/src/index.js';
import { rapportError, startSdkServer } from './server.js';

// rapport.segments.* (SG1–SG6) against a real server: typed definitions in and out, count and
// preview, the members one page at a time and as an iterator, a customer's segments, and the export
// as a stream (CSV and NDJSON, with fields).

const t = await startSdkServer();
const { sdk } = t;

/** A client that records the requests it sends (`GET /apiv3/users?...`). */
function recordingClient() {
  const requests: string[] = [];
  const client = t.client({
    fetch: async (request) => {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      return fetch(request);
    },
  });
  return { client, requests };
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

// Seven gold customers in Córdoba with points 100..700, two silver ones, one in Lima.
await sdk.POST('/account/custom-attributes', { body: { label: 'Tier', name: 'tier', field_type: 'text', data_type: 'string' } });
await sdk.POST('/events', { body: { name: 'login' } });
const gold: number[] = [];
for (let i = 1; i <= 7; i += 1) {
  const user = await sdk.POST('/users', {
    body: { service_uid: `gold-${i}`, email: `gold${i}@example.com`, first_name: `Gold ${i}`, city: 'Córdoba', points: i * 100, custom_attributes: { tier: 'gold' } },
  });
  gold.push(user.userapp_id);
}
for (let i = 1; i <= 2; i += 1) {
  await sdk.POST('/users', { body: { service_uid: `silver-${i}`, email: `silver${i}@example.com`, city: 'CORDOBA', points: 50, custom_attributes: { tier: 'silver' } } });
}
await sdk.POST('/users', { body: { service_uid: 'lima-1', email: 'lima@example.com', first_name: 'Lima, "quoted"', city: 'Lima', points: 900 } });
for (let i = 0; i < 3; i += 1) await sdk.POST('/user-events', { body: { event: 'login', service_uid: 'gold-1' } });

const goldTier: SegmentDefinition = { all: [{ field: 'custom_attributes.tier', op: 'eq', value: 'GOLD' }] };

describe('definition types and helpers', () => {
  test('operators by field type, as SG2 lists them', () => {
    assert.equal(profileFieldType('city'), 'text');
    assert.equal(profileFieldType('age'), 'number');
    assert.equal(profileFieldType('club_inscription_date'), 'date');
    assert.equal(profileFieldType('custom_attributes.tier'), null);
    assert.deepEqual(operatorsFor('boolean'), ['eq', 'is_set', 'is_not_set']);
    assert.ok(operatorsFor('date', 'birthdate').includes('birthday_within_days'));
    assert.ok(!operatorsFor('date', 'createtime').includes('birthday_within_days'));
    assert.ok(!operatorsFor('text').includes('gt'));
  });

  test('groups and condition kinds are told apart', () => {
    const definition: SegmentDefinition = {
      any: [
        { not: { field: 'tags', op: 'has', value: 'vip' } },
        { purchases: { within_last_days: 90 }, measure: 'total', op: 'gte', value: 100 },
        { event: 'login', op: 'gte', value: 3 },
      ],
    };
    assert.equal(isSegmentGroup(definition), true);
    const [negated, purchases, event] = definition.any!;
    assert.equal(isSegmentGroup(negated!), true);
    assert.equal(conditionKind(purchases!), 'purchases');
    assert.equal(conditionKind(event!), 'event');
    assert.equal(conditionKind(definition), null);
  });
});

describe('rapport.segments: CRUD, count, preview', () => {
  test('create answers the segment with its definition typed; get by id and slug; list and search', async () => {
    const created = await sdk.segments.create({ title: 'Gold customers', definition: goldTier });
    assert.equal(created.slug, 'gold-customers');
    assert.equal(created.type, 'dynamic');
    assert.equal(created.advanced, false);
    assert.deepEqual(created.definition, goldTier);
    const first = created.definition.all?.[0];
    assert.ok(first && 'field' in first && first.field === 'custom_attributes.tier');
    assert.deepEqual(await sdk.segments.get(created.id), created);
    assert.deepEqual(await sdk.segments.get('gold-customers'), created);
    const found = await sdk.segments.list({ search: 'GOLD' });
    assert.deepEqual(
      found.map((s) => s.id),
      [created.id],
    );
    await sdk.segments.delete(created.id);
  });

  test('update is partial and keeps the slug; delete answers {deleted: true}; then 404', async () => {
    const segment = await sdk.segments.create({ title: 'Rich', description: 'many points', definition: { all: [{ field: 'points', op: 'gte', value: 600 }] } });
    assert.equal(await sdk.segments.count(segment.id), 3); // 600, 700 and Lima's 900
    const renamed = await sdk.segments.update(segment.id, { title: 'Very rich' });
    assert.equal(renamed.title, 'Very rich');
    assert.equal(renamed.slug, 'rich');
    assert.equal(renamed.description, 'many points');
    const redefined = await sdk.segments.update('rich', { definition: { all: [{ field: 'points', op: 'between', value: [700, 1000] }] } });
    assert.equal(await sdk.segments.count(redefined.slug), 2);
    assert.deepEqual(await sdk.segments.delete('rich'), { deleted: true });
    const missing = await rapportError(sdk.segments.get(segment.id));
    assert.equal(missing.status, 404);
    assert.equal(missing.code, 'not_found');
  });

  test('a definition the server refuses is a RapportError 400 naming the path of the condition', async () => {
    const error = await rapportError(
      sdk.segments.create({
        title: 'Broken',
        // a text operator on a number field: the types refuse it too, so the test has to cast
        definition: { all: [{ field: 'city', op: 'eq', value: 'x' }, { any: [{ field: 'points', op: 'contains', value: 'x' } as never] }] },
      }),
    );
    assert.equal(error.status, 400);
    assert.equal(error.code, 'bad_request');
    assert.match(error.message, /^definition\.all\[1\]\.any\[0\]\.op: "contains" is not an operator for number field "points"/);
    const preview = await rapportError(sdk.segments.preview({ all: [{ event: 'never-sent', op: 'gte', value: 1 }] }));
    assert.match(preview.message, /^definition\.all\[0\]\.event: /);
  });

  test('preview counts a definition and shows its first 10 members, storing nothing', async () => {
    const before = (await sdk.segments.list({ limit: 100 })).length;
    const preview = await sdk.segments.preview({ all: [...goldTier.all!, { field: 'points', op: 'gt', value: 300 }] });
    assert.equal(preview.count, 4);
    assert.deepEqual(
      preview.users.map((u) => u.userapp_id),
      gold.slice(3),
    );
    const events = await sdk.segments.preview({ all: [{ event: 'login', within_last_days: 7, op: 'gte', value: 3 }] });
    assert.deepEqual(
      events.users.map((u) => u.service_uid),
      ['gold-1'],
    );
    assert.equal((await sdk.segments.list({ limit: 100 })).length, before);
  });

  test('a segment another refers to cannot be deleted: the 400 names it', async () => {
    const base = await sdk.segments.create({ title: 'Base', definition: goldTier });
    const built = await sdk.segments.create({ title: 'Built on base', definition: { all: [{ segment: base.id, op: 'in' }, { field: 'points', op: 'lt', value: 300 }] } });
    assert.equal(await sdk.segments.count(built.id), 2);
    const error = await rapportError(sdk.segments.delete(base.id));
    assert.equal(error.status, 400);
    assert.match(error.message, /Built on base/);
    await sdk.segments.delete(built.id);
    await sdk.segments.delete(base.id);
  });
});

describe('rapport.segments: members', () => {
  test('members reads one page of GET /users?segment_id=, in userapp_id order', async () => {
    const segment = await sdk.segments.create({ title: 'Gold page', definition: goldTier });
    const page = await sdk.segments.members(segment.id, { page: 1, limit: 3 });
    assert.deepEqual(
      page.map((u) => u.userapp_id),
      gold.slice(3, 6),
    );
    const searched = await sdk.segments.members(segment.slug, { search: 'gold7' });
    assert.deepEqual(
      searched.map((u) => u.service_uid),
      ['gold-7'],
    );
    const unknown = await rapportError(sdk.segments.members('no-such-segment'));
    assert.equal(unknown.status, 404);
  });

  test('eachMember pages until a short page, one request a page, asking for the next only when needed', async () => {
    const segment = await sdk.segments.create({ title: 'Gold iterated', definition: goldTier });
    const { client, requests } = recordingClient();
    const ids: number[] = [];
    for await (const user of client.segments.eachMember(segment.id, {}, { limit: 3 })) ids.push(user.userapp_id);
    assert.deepEqual(ids, gold);
    assert.deepEqual(
      requests,
      [0, 1, 2].map((page) => `GET /apiv3/users?segment_id=${segment.id}&page=${page}&limit=3`),
    );

    // Exactly full pages: one more request, which comes back empty.
    requests.length = 0;
    const seven: number[] = [];
    for await (const user of client.segments.eachMember(segment.slug, {}, { limit: 7 })) seven.push(user.userapp_id);
    assert.deepEqual(seven, gold);
    assert.equal(requests.length, 2);

    // Stopping early reads no further page.
    requests.length = 0;
    for await (const user of client.segments.eachMember(segment.id, {}, { limit: 2 })) {
      assert.equal(user.userapp_id, gold[0]);
      break;
    }
    assert.equal(requests.length, 1);
  });

  test('userSegments: the segments a customer is in, by userapp_id or service_uid', async () => {
    const rich = await sdk.segments.create({ title: 'Over 500', definition: { all: [{ field: 'points', op: 'gt', value: 500 }] } });
    const goldOnes = await sdk.segments.get('gold-page');
    const bySeventh = await sdk.segments.userSegments(gold[6]!);
    assert.ok(bySeventh.some((s) => s.id === rich.id && s.slug === 'over-500' && s.title === 'Over 500'));
    assert.ok(bySeventh.some((s) => s.id === goldOnes.id));
    const lima = await sdk.segments.userSegments('lima-1');
    assert.deepEqual(
      lima.map((s) => s.id),
      [rich.id],
    );
    assert.equal((await rapportError(sdk.segments.userSegments('nobody'))).status, 404);
  });
});

describe('live membership (SG7, SG8, U11)', () => {
  test('changes: a customer who enters is listed, newest first; belongsTo answers now', async () => {
    // Announced from the start, so that the customer's entry is listed whichever path records it.
    const segment = await sdk.segments.create({ title: 'Over 5000', definition: { all: [{ field: 'points', op: 'gt', value: 5000 }] }, announce: true });
    const newcomer = await sdk.POST('/users', { body: { service_uid: 'newcomer-1', points: 10 } });
    assert.equal(await sdk.segments.belongsTo('newcomer-1', segment.id), false);
    await sdk.POST('/users/{id}/points', { params: { path: { id: String(newcomer.userapp_id) } }, body: { points: 5000, concept: 'bonus' } });
    assert.equal(await sdk.segments.belongsTo(newcomer.userapp_id, segment.slug), true);
    const deadline = Date.now() + 10_000;
    let changes = await sdk.segments.changes(segment.id, { type: 'entered' });
    while (changes.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      changes = await sdk.segments.changes(segment.id, { type: 'entered' });
    }
    assert.deepEqual(
      changes.map((c) => [c.type, c.userapp_id]),
      [['entered', newcomer.userapp_id]],
    );
    assert.equal((await rapportError(sdk.segments.changes('no-such-segment'))).status, 404);
    assert.equal((await rapportError(sdk.segments.belongsTo('nobody', segment.id))).status, 404);
  });
});

describe('rapport.segments.export', () => {
  test('CSV by default: a stream with the header line, CRLF, members in userapp_id order, the filename from the slug', async () => {
    const segment = await sdk.segments.create({ title: 'Export me', definition: { any: [{ field: 'city', op: 'eq', value: 'lima' }, { field: 'points', op: 'lte', value: 200 }] } });
    const file = await sdk.segments.export(segment.id);
    assert.equal(file.filename, 'export-me.csv');
    assert.match(file.contentType, /^text\/csv/);
    assert.ok(file.stream instanceof ReadableStream);
    const body = await text(file.stream);
    const lines = body.split('\r\n');
    assert.equal(lines[0], DEFAULT_EXPORT_FIELDS.join(','));
    assert.equal(lines[1], `${gold[0]},gold-1,gold1@example.com,,Gold 1,,100`);
    assert.match(lines[lines.length - 2]!, /,lima-1,lima@example\.com,,"Lima, ""quoted""",,900$/);
    assert.equal(lines.length, 1 + 5 + 1); // the header, gold-1, gold-2, the two silver ones, Lima; then the last CRLF
    assert.equal(lines.at(-1), '');
  });

  test('NDJSON with fields (a list or a comma-separated text), read as a Node.js Readable', async () => {
    const segment = await sdk.segments.get('gold-page');
    const file = await sdk.segments.export(segment.slug, { format: 'ndjson', fields: ['service_uid', 'points', 'custom_attributes.tier'] });
    assert.equal(file.filename, 'gold-page.ndjson');
    assert.match(file.contentType, /^application\/x-ndjson/);
    let body = '';
    for await (const chunk of Readable.fromWeb(file.stream)) body += Buffer.from(chunk as Uint8Array).toString('utf8');
    const rows = body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(rows.length, 7);
    assert.deepEqual(rows[0], { service_uid: 'gold-1', points: 100, 'custom_attributes.tier': 'gold' });
    const same = await sdk.segments.export(segment.id, { format: 'ndjson', fields: 'service_uid,points,custom_attributes.tier' });
    assert.equal(await text(same.stream), body);
  });

  test('an empty segment exports the header line only (CSV) or nothing (NDJSON)', async () => {
    const nobody = await sdk.segments.create({ title: 'Nobody', definition: { all: [{ field: 'points', op: 'gt', value: 1_000_000 }] } });
    assert.equal(await text((await sdk.segments.export(nobody.id, { fields: ['email'] })).stream), 'email\r\n');
    assert.equal(await text((await sdk.segments.export(nobody.id, { format: 'ndjson' })).stream), '');
  });

  test('an unknown field or format, or segment, is a RapportError before any byte', async () => {
    const segment = await sdk.segments.get('gold-page');
    const field = await rapportError(sdk.segments.export(segment.id, { fields: ['email', 'password'] }));
    assert.equal(field.status, 400);
    assert.match(field.message, /^fields: "password"/);
    const format = await rapportError(sdk.segments.export(segment.id, { format: 'xml' as never }));
    assert.match(format.message, /^format: /);
    assert.equal((await rapportError(sdk.segments.export('no-such-segment'))).status, 404);
  });

  test('an aborted signal stops the export', async () => {
    const segment = await sdk.segments.get('gold-page');
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(sdk.segments.export(segment.id, { signal: controller.signal }), { name: 'AbortError' });
  });
});
