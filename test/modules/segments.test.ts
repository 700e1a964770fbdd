import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

// SG1–SG6 through HTTP: the segment object, its endpoints, members through GET /users (the PHP
// clients' call), a user's segments, and the export. The language itself (every operator against a
// reference evaluator) is segments-differential.test.ts; its validation is segments-definition.test.ts.

const t = await buildTestApp();
const URL = '/apiv3/segments';

const inCity = (city: string) => ({ all: [{ field: 'city', op: 'eq', value: city }] });

async function createSegment(title: string, definition: unknown = inCity('Córdoba'), extra: Record<string, unknown> = {}) {
  return expectOk(await t.post(URL, { title, definition, ...extra }), 201);
}

// Members of the tests below: three in Córdoba (one with accents and capitals), one elsewhere.
const ana = await createUser(t, { first_name: 'Ana', city: 'Córdoba', points: 700, tags: 'vip' });
const ines = await createUser(t, { first_name: 'Inés', last_name: 'Moreno Álvarez', city: 'CORDOBA', points: 20 });
const raul = await createUser(t, { first_name: 'Raúl', city: 'cordoba', points: 0, telephone: '+54 351 555 0101' });
const otto = await createUser(t, { first_name: 'Otto', city: 'Rosario', points: 900, tags: 'vip' });

describe('POST /segments', () => {
  it('creates a segment: 201, slug from the title, type dynamic, advanced from the definition', async () => {
    const segment = await createSegment('Clientes de Córdoba, ¡VIP!');
    assert.equal(segment.slug, 'clientes-de-cordoba-vip');
    assert.equal(segment.title, 'Clientes de Córdoba, ¡VIP!');
    assert.equal(segment.description, null);
    assert.equal(segment.type, 'dynamic');
    assert.equal(segment.advanced, false);
    assert.deepEqual(segment.definition, inCity('Córdoba'));
    assert.match(segment.createtime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.equal(segment.updatetime, segment.createtime);
    const nested = await createSegment('Nested', { any: [{ field: 'points', op: 'gte', value: 500 }, { all: [{ field: 'city', op: 'eq', value: 'x' }] }] });
    assert.equal(nested.advanced, true);
  });

  it('gives a clashing slug -2, -3 and an all-digit or empty one the segment prefix', async () => {
    assert.equal((await createSegment('Same title')).slug, 'same-title');
    assert.equal((await createSegment('Same  title!')).slug, 'same-title-2');
    assert.equal((await createSegment('SAME TITLE')).slug, 'same-title-3');
    assert.equal((await createSegment('2026')).slug, 'segment-2026');
    assert.match((await createSegment('¡¡!!')).slug, /^segment/);
  });

  it('refuses a bad definition with 400 naming the path of the condition', async () => {
    expectError(await t.post(URL, { title: 'x', definition: { all: [] } }), 400, 'bad_request', /^definition\.all/);
    expectError(
      await t.post(URL, { title: 'x', definition: { all: [{ field: 'city', op: 'eq', value: 'a' }, { any: [{ field: 'points', op: 'contains', value: 'a' }] }] } }),
      400,
      'bad_request',
      /^definition\.all\[1\]\.any\[0\]\.op: /,
    );
    expectError(await t.post(URL, { title: 'x', definition: { all: [{ event: 'never-defined', op: 'gte', value: 1 }] } }), 400, 'bad_request', /^definition\.all\[0\]/);
    expectError(await t.post(URL, { title: 'x', definition: { all: [{ segment: 999999, op: 'in' }] } }), 400, 'bad_request', /^definition\.all\[0\]/);
  });

  it('refuses a missing or blank title, an unknown top-level shape and a wrong content', async () => {
    expectError(await t.post(URL, { definition: inCity('a') }), 400, 'bad_request', /title/);
    expectError(await t.post(URL, { title: '   ', definition: inCity('a') }), 400, 'bad_request', /^title: must not be blank/);
    expectError(await t.post(URL, { title: 'x'.repeat(256), definition: inCity('a') }), 400, 'bad_request', /title/);
    expectError(await t.post(URL, { title: 'x' }), 400, 'bad_request', /definition/);
    expectError(await t.post(URL, { title: 'x', definition: [] }), 400, 'bad_request', /definition/);
  });
});

describe('GET /segments and GET /segments/{id}', () => {
  it('lists in id order, pages, and searches titles folded (U3)', async () => {
    const a = await createSegment('Búsqueda Ñandú uno');
    const b = await createSegment('busqueda nandu dos');
    const found = expectOk(await t.get(`${URL}?search=${encodeURIComponent('ÑANDU búsqueda')}`));
    assert.deepEqual(found.map((s: { id: number }) => s.id), [a.id, b.id]);
    const all = expectOk(await t.get(`${URL}?limit=100`));
    assert.deepEqual(all.map((s: { id: number }) => s.id), [...all.map((s: { id: number }) => s.id)].sort((x: number, y: number) => x - y));
    const second = expectOk(await t.get(`${URL}?limit=1&page=1`));
    assert.deepEqual(second, [all[1]]);
    expectError(await t.get(`${URL}?limit=101`), 400, 'bad_request', /limit/);
  });

  it('finds one by numeric id or by slug; unknown, or another account, is 404', async () => {
    const segment = await createSegment('Find me');
    assert.deepEqual(expectOk(await t.get(`${URL}/${segment.id}`)), segment);
    assert.deepEqual(expectOk(await t.get(`${URL}/find-me`)), segment);
    expectError(await t.get(`${URL}/999999`), 404, 'not_found', /^segment 999999 not found$/);
    expectError(await t.get(`${URL}/no-such-slug`), 404, 'not_found');
    expectError(await t.get(`${URL}/2147483648/count`), 404, 'not_found'); // beyond a 32-bit id: none, not a 500
    const other = await t.newAccount();
    expectError(await t.get(`${URL}/${segment.id}`, { key: other.key }), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get(URL, { key: other.key })), []);
  });
});

describe('PUT and DELETE /segments/{id}', () => {
  it('changes only what is given; the slug stays', async () => {
    const segment = await createSegment('Before');
    t.clock.set('2099-01-01T00:00:00Z');
    const changed = expectOk(await t.put(`${URL}/${segment.id}`, { title: 'After', description: 'people' }));
    t.clock.set(null);
    assert.equal(changed.slug, 'before');
    assert.equal(changed.title, 'After');
    assert.equal(changed.description, 'people');
    assert.deepEqual(changed.definition, segment.definition);
    assert.equal(changed.updatetime, '2099-01-01 00:00:00');
    const redefined = expectOk(await t.put(`${URL}/before`, { definition: { any: [{ field: 'points', op: 'gt', value: 800 }] } }));
    assert.equal(redefined.advanced, true);
    assert.equal(expectOk(await t.get(`${URL}/${segment.id}/count`)).count, 1); // otto
    expectError(await t.put(`${URL}/${segment.id}`, { definition: { all: [{ field: 'nope', op: 'eq', value: 1 }] } }), 400, 'bad_request', /^definition\.all\[0\]/);
    expectError(await t.put(`${URL}/999999`, { title: 'x' }), 404, 'not_found');
  });

  it('refuses a cycle, and a delete while others refer to it (naming them); deletes otherwise', async () => {
    const base = await createSegment('Base');
    const user = await createSegment('User of base', { all: [{ segment: base.id, op: 'in' }] });
    expectError(await t.put(`${URL}/${base.id}`, { definition: { all: [{ segment: user.id, op: 'not_in' }] } }), 400, 'bad_request', /cycle/i);
    const refused = expectError(await t.delete(`${URL}/${base.id}`), 400, 'bad_request');
    assert.match(refused, new RegExp(`${user.id} \\("User of base"\\)`));
    assert.deepEqual(expectOk(await t.delete(`${URL}/${user.id}`)), { deleted: true });
    assert.deepEqual(expectOk(await t.delete(`${URL}/${base.slug}`)), { deleted: true });
    expectError(await t.get(`${URL}/${base.id}`), 404, 'not_found');
    expectError(await t.delete(`${URL}/${base.id}`), 404, 'not_found');
  });
});

describe('count, preview and members', () => {
  it('counts members now: folded text, and membership follows the data', async () => {
    const segment = await createSegment('Cordobeses', inCity('córdoba'));
    assert.deepEqual(expectOk(await t.get(`${URL}/${segment.id}/count`)), { count: 3 });
    expectOk(await t.put(`/apiv3/users/${raul.userapp_id}`, { city: 'Mendoza' }));
    assert.deepEqual(expectOk(await t.get(`${URL}/${segment.slug}/count`)), { count: 2 });
    expectOk(await t.put(`/apiv3/users/${raul.userapp_id}`, { city: 'Córdoba' }));
    expectError(await t.get(`${URL}/999999/count`), 404, 'not_found');
  });

  it('previews a definition: the count and the first 10 members as U4 objects, storing nothing', async () => {
    const before = expectOk(await t.get(`${URL}?limit=100`)).length;
    const preview = expectOk(await t.post(`${URL}/preview`, { definition: { all: [{ field: 'tags', op: 'has', value: 'VIP' }] } }));
    assert.equal(preview.count, 2);
    assert.deepEqual(preview.users.map((u: { userapp_id: number }) => u.userapp_id), [ana.userapp_id, otto.userapp_id]);
    assert.equal(preview.users[0].first_name, 'Ana');
    assert.deepEqual(preview.users[0].tags, ['vip']);
    assert.equal(expectOk(await t.get(`${URL}?limit=100`)).length, before);
    expectError(await t.post(`${URL}/preview`, { definition: { all: [{ field: 'points', op: 'between', value: [5] }] } }), 400, 'bad_request', /^definition\.all\[0\]\.value/);
  });

  it('GET /users?segment_id= answers the members in userapp_id order, paged and searchable (SG5)', async () => {
    const segment = await createSegment('Members', inCity('CÓRDOBA'));
    const members = expectOk(await t.get(`/apiv3/users?segment_id=${segment.id}`));
    assert.deepEqual(members.map((u: { userapp_id: number }) => u.userapp_id), [ana.userapp_id, ines.userapp_id, raul.userapp_id]);
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/?segment_id=${segment.slug}&limit=1&page=1`)).map((u: { userapp_id: number }) => u.userapp_id), [ines.userapp_id]);
    const searched = expectOk(await t.get(`/apiv3/users?segment_id=${segment.id}&search=${encodeURIComponent('ines ALVAREZ')}`));
    assert.deepEqual(searched.map((u: { userapp_id: number }) => u.userapp_id), [ines.userapp_id]);
    // An empty segment_id is absent (G7): every user.
    assert.ok(expectOk(await t.get('/apiv3/users?segment_id=&limit=100')).length >= 4);
    expectError(await t.get('/apiv3/users?segment_id=999999'), 404, 'not_found', /^segment 999999 not found$/);
  });

  it('GET /users/{id}/segments answers the segments a user belongs to, in id order', async () => {
    const rich = await createSegment('Rich', { all: [{ field: 'points', op: 'gte', value: 500 }] });
    const local = await createSegment('Local', inCity('Cordoba'));
    const anaSegments = expectOk(await t.get(`/apiv3/users/${ana.userapp_id}/segments`));
    const ids = anaSegments.map((s: { id: number }) => s.id);
    assert.ok(ids.includes(rich.id) && ids.includes(local.id));
    assert.deepEqual(ids, [...ids].sort((a: number, b: number) => a - b));
    assert.deepEqual(anaSegments.find((s: { id: number }) => s.id === rich.id), { id: rich.id, slug: rich.slug, title: 'Rich' });
    const ottoIds = expectOk(await t.get(`/apiv3/users/${Buffer.from(otto.service_uid).toString('base64')}/segments`)).map((s: { id: number }) => s.id);
    assert.ok(ottoIds.includes(rich.id) && !ottoIds.includes(local.id));
    expectError(await t.get('/apiv3/users/999999/segments'), 404, 'not_found');
  });

  it("GET /users/{id}/segments answers a customer's segments when together they pass SQLite's parameter limit", async () => {
    // Seven segments of 5,000 listed values each: 35,000 parameters, more than one statement takes.
    const lists = (n: number) => Array.from({ length: 5 }, (_, l) => ({ field: 'city', op: 'in', value: [...Array.from({ length: 999 }, (_, i) => `town ${n}-${l}-${i}`), 'Córdoba'] }));
    const big: number[] = [];
    for (let n = 0; n < 7; n++) big.push((await createSegment(`Many towns ${n}`, { any: lists(n) })).id);
    const ids = expectOk(await t.get(`/apiv3/users/${ana.userapp_id}/segments`)).map((s: { id: number }) => s.id);
    for (const id of big) assert.ok(ids.includes(id), `segment ${id} of ${JSON.stringify(ids)}`);
    const ottoIds = expectOk(await t.get(`/apiv3/users/${otto.userapp_id}/segments`)).map((s: { id: number }) => s.id);
    assert.ok(big.every((id) => !ottoIds.includes(id)));
  });
});

describe('GET /segments/{id}/export (SG6)', () => {
  it('streams CSV: header, CRLF, RFC 4180 quoting, absent values empty, attachment named by slug', async () => {
    const segment = await createSegment('Export me', inCity('Córdoba'));
    const response = await t.get(`${URL}/${segment.id}/export`);
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^text\/csv/);
    assert.equal(response.headers['content-disposition'], 'attachment; filename="export-me.csv"');
    const lines = response.text.split('\r\n');
    assert.equal(lines[0], 'userapp_id,service_uid,email,telephone,first_name,last_name,points');
    assert.equal(lines.at(-1), '');
    assert.equal(lines.length, 5);
    assert.equal(lines[1], `${ana.userapp_id},${ana.service_uid},${ana.email},,Ana,,700`);
    assert.equal(lines[3], `${raul.userapp_id},${raul.service_uid},${raul.email},+54 351 555 0101,Raúl,,0`);
    assert.ok(!response.text.startsWith('\uFEFF'));
    const custom = await t.get(`${URL}/${segment.id}/export?fields=${encodeURIComponent('last_name,tags,mailing_enabled')}`);
    assert.equal(custom.text.split('\r\n')[2], 'Moreno Álvarez,,true');
  });

  it('exports every member of a segment larger than a page of rows (1,000), in userapp_id order, each once', async () => {
    const created: number[] = [];
    for (let start = 0; start < 2_050; start += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, 2_050 - start) }, (_, i) => t.post('/apiv3/users', { service_uid: `many-${start + i}`, tags: ['many'], points: (start + i) % 7 })),
      );
      for (const answer of batch) created.push(expectOk(answer, 201).userapp_id);
    }
    const segment = await createSegment('Many', { all: [{ field: 'tags', op: 'has', value: 'many' }, { field: 'points', op: 'lt', value: 6 }] });
    const response = await t.get(`${URL}/${segment.id}/export?format=ndjson&fields=userapp_id,points`);
    assert.equal(response.status, 200);
    const rows = response.text.trim().split('\n').map((line) => JSON.parse(line) as { userapp_id: number; points: number });
    const expected = created.filter((_, i) => i % 7 < 6).sort((a, b) => a - b);
    assert.deepEqual(rows.map((row) => row.userapp_id), expected);
    assert.ok(rows.every((row) => row.points < 6));
    assert.equal(expectOk(await t.get(`${URL}/${segment.id}/count`)).count, expected.length);
  });

  it('streams NDJSON with keys exactly as named, absent values null', async () => {
    const segment = await createSegment('Ndjson', { all: [{ field: 'tags', op: 'has', value: 'vip' }] });
    const response = await t.get(`${URL}/${segment.slug}/export?format=ndjson&fields=userapp_id,tags,last_name`);
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^application\/x-ndjson/);
    assert.equal(response.headers['content-disposition'], 'attachment; filename="ndjson.ndjson"');
    const rows = response.text.trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(rows, [
      { userapp_id: ana.userapp_id, tags: ['vip'], last_name: null },
      { userapp_id: otto.userapp_id, tags: ['vip'], last_name: null },
    ]);
  });

  it('quotes fields holding commas, quotes or line breaks', async () => {
    const odd = await createUser(t, { first_name: 'Say "hi", please', city: 'Quoteville', notes: 'line\nbreak' });
    const segment = await createSegment('Quotes', inCity('Quoteville'));
    const text = (await t.get(`${URL}/${segment.id}/export?fields=userapp_id,first_name,notes`)).text;
    assert.equal(text, `userapp_id,first_name,notes\r\n${odd.userapp_id},"Say ""hi"", please","line\nbreak"\r\n`);
  });

  it('exports each U4 field as GET /users/{id} shows it (custom values, blacklist flags), reading only what the fields name', async () => {
    expectOk(await t.post('/apiv3/account/custom-attributes', { name: 'shoe_size', label: 'Shoe size', field_type: 'text', data_type: 'integer' }));
    const full = await createUser(t, {
      service_uid: 'every-field', email: 'Every.Field@Example.com', document: '30111222', document_type: 'DNI', first_name: 'Eve',
      last_name: 'Field', telephone: '+34 (600) 99-88.77', birthdate: '1990-12-10', gender: 'F', street: 'Main 1', postcode: '28001',
      city: 'Fieldtown', department: 'M', state: 'Madrid', country: 'ES', marital_status: 'single', tags: 'vip, gold', points: 40,
      notes: 'likes tea', club_inscription_date: '2024-01-02T10:00:00+02:00', sms_enabled: 'disabled', sms_disabled_reason: 'asked us',
      custom_attributes: { shoe_size: 41 },
    });
    const plain = await createUser(t, { service_uid: 'few-fields', city: 'Fieldtown' });
    await t.database.db
      .insertInto('blacklist_entries')
      .values({ account_id: t.accountId, list: 'email', value: 'every.field@example.com', createtime: '2026-01-01 00:00:00' })
      .execute();
    const segment = await createSegment('Every field', inCity('Fieldtown'));
    const shown = [expectOk(await t.get(`/apiv3/users/${full.userapp_id}`)), expectOk(await t.get(`/apiv3/users/${plain.userapp_id}`))];
    assert.equal(shown[0].mailing_enabled_reason, 'blacklist');
    assert.equal(shown[0].sms_enabled_reason, 'asked us');
    const fields = Object.keys(shown[0]);
    assert.equal(fields.length, 29);
    const exported = await t.get(`${URL}/${segment.id}/export?format=ndjson&fields=${[...fields, 'custom_attributes.shoe_size'].join(',')}`);
    assert.equal(exported.status, 200);
    const rows = exported.text.trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(rows, shown.map((user) => ({ ...user, 'custom_attributes.shoe_size': user.custom_attributes.shoe_size ?? null })));
    // each field alone gives the same value (its columns and extras suffice without the others')
    for (const field of fields) {
      const alone = (await t.get(`${URL}/${segment.id}/export?format=ndjson&fields=${field}`)).text.trim().split('\n').map((line) => JSON.parse(line));
      assert.deepEqual(alone, shown.map((user) => ({ [field]: user[field] })), field);
    }
  });

  it('refuses an unknown format or field, naming it; unknown segment 404', async () => {
    const segment = await createSegment('Refusals');
    expectError(await t.get(`${URL}/${segment.id}/export?format=xml`), 400, 'bad_request', /^format: "xml"/);
    // The refusal lists what may be named, so a person (or a stale link) learns the valid names.
    const unknownField = expectError(await t.get(`${URL}/${segment.id}/export?fields=email,password`), 400, 'bad_request', /^fields: "password"/);
    assert.match(unknownField, /; the fields are userapp_id, user_id, service_uid, email, .*, createtime, updatetime, rfm\.recency, rfm\.frequency, rfm\.monetary, rfm\.value_group, custom_attributes\.<name>$/);
    expectOk(await t.post('/apiv3/account/custom-attributes', { name: 'refusal_tier', label: 'Tier', field_type: 'text', data_type: 'string' }));
    expectError(await t.get(`${URL}/${segment.id}/export?fields=custom_attributes.nothing`), 400, 'bad_request', /^fields: .*"nothing" is defined; the account's are (custom_attributes\.\w+, )*custom_attributes\.refusal_tier\b/);
    expectError(await t.get(`${URL}/999999/export`), 404, 'not_found');
  });
});

describe('GET /segments/{id}/export?layout=spreadsheet (SG6, for a person)', () => {
  const sheetFields = 'userapp_id,first_name,last_name,telephone,points,tags,mailing_enabled,createtime,rfm.value_group,rfm.recency,custom_attributes.spend_avg';
  const sheetHeader = ['Customer number', 'First name', 'Last name', 'Telephone', 'Points', 'Tags', 'Accepts e-mail', 'Created', 'Value group', 'Recency score', 'Average spend'];

  let attribute: Promise<unknown> | undefined;

  /** Two customers in a city of their own (one scored, with the spend_avg attribute) and their segment. */
  async function sheetSegment(city: string) {
    attribute ??= t.post('/apiv3/account/custom-attributes', { name: 'spend_avg', label: 'Average spend', field_type: 'text', data_type: 'float' }).then((r) => expectOk(r));
    await attribute;
    const scored = await createUser(t, { first_name: 'Ana; "la jefa"', last_name: '=SUM(A1)', city, points: 1200, tags: 'vip, gold', custom_attributes: { spend_avg: 12.5 } });
    const plain = await createUser(t, { first_name: 'Beto', city, telephone: '+54 351 555 0102' });
    // 02:30 UTC on 1 March is still 28 February in Buenos Aires (UTC−3).
    await t.database.db.updateTable('users').set({ createtime: '2026-03-01 02:30:00' }).where('id', 'in', [scored.userapp_id, plain.userapp_id]).execute();
    await t.database.db
      .insertInto('value_scores')
      .values({ account_id: t.accountId, user_id: scored.userapp_id, recency: 2, frequency: 3, monetary: 3, value_group: 'at_risk', total_units: 0 })
      .execute();
    return { segment: await createSegment(`Sheet ${city}`, inCity(city)), scored, plain };
  }

  it('writes headers in words, value groups named, times in the zone, ";" and decimal commas for a decimal-comma locale, after a BOM', async () => {
    const { segment, scored, plain } = await sheetSegment('Sheetville');
    const url = `${URL}/${segment.id}/export?layout=spreadsheet&timezone=America/Argentina/Buenos_Aires&locale=es-AR&fields=${encodeURIComponent(sheetFields)}`;
    const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Basic ${t.key}` } });
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^text\/csv/);
    assert.equal(response.headers['content-disposition'], 'attachment; filename="sheet-sheetville.csv"');
    assert.deepEqual([...response.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(
      response.rawPayload.subarray(3).toString('utf8'),
      [
        sheetHeader.join(';'),
        // the separator and quotes quoted; text a spreadsheet would run as a formula made inert
        `${scored.userapp_id};"Ana; ""la jefa""";'=SUM(A1);;1200;vip, gold;Yes;2026-02-28 23:30;At risk;2;12,5`,
        `${plain.userapp_id};Beto;;+54 351 555 0102;0;;Yes;2026-02-28 23:30;;;`,
        '',
      ].join('\r\n'),
    );

    // A decimal-point locale keeps "," between fields; the default layout is as before.
    const english = await t.get(`${URL}/${segment.id}/export?layout=spreadsheet&timezone=UTC&locale=en-US&fields=${encodeURIComponent(sheetFields)}`);
    assert.equal(english.status, 200);
    const lines = english.text.replace(/^\uFEFF/, '').split('\r\n');
    assert.equal(lines[0], sheetHeader.join(','));
    assert.equal(lines[1], `${scored.userapp_id},"Ana; ""la jefa""",'=SUM(A1),,1200,"vip, gold",Yes,2026-03-01 02:30,At risk,2,12.5`);
    const program = await t.get(`${URL}/${segment.id}/export?fields=${encodeURIComponent(sheetFields)}`);
    assert.equal(program.text.split('\r\n')[0], sheetFields);
    assert.match(program.text.split('\r\n')[1]!, /,2026-03-01 02:30:00,at_risk,2,12\.5$/);
  });

  it("takes the account's zone and locale when the request names none", async () => {
    const { segment } = await sheetSegment('Defaultville');
    expectOk(await t.put('/apiv3/account/settings', { timezone: 'America/Argentina/Buenos_Aires', locale: 'es' }));
    try {
      const response = await t.get(`${URL}/${segment.id}/export?layout=spreadsheet&fields=first_name,createtime,custom_attributes.spend_avg`);
      assert.equal(response.status, 200);
      const lines = response.text.replace(/^\uFEFF/, '').split('\r\n');
      assert.deepEqual(lines.slice(0, 2), ['First name;Created;Average spend', '"Ana; ""la jefa""";2026-02-28 23:30;12,5']);
    } finally {
      expectOk(await t.put('/apiv3/account/settings', { timezone: 'UTC', locale: 'en' }));
    }
  });

  it('refuses an unknown layout, zone or locale, a spreadsheet NDJSON, and a zone or locale without the layout, naming the field', async () => {
    const segment = await createSegment('Sheet refusals');
    const at = `${URL}/${segment.id}/export`;
    expectError(await t.get(`${at}?layout=excel`), 400, 'bad_request', /^layout: "excel" is not a layout: program or spreadsheet$/);
    expectError(await t.get(`${at}?layout=spreadsheet&timezone=Mars/Olympus`), 400, 'bad_request', /^timezone: must be an IANA time zone/);
    expectError(await t.get(`${at}?layout=spreadsheet&timezone=-03:00`), 400, 'bad_request', /^timezone: /);
    expectError(await t.get(`${at}?layout=spreadsheet&locale=es_AR`), 400, 'bad_request', /^locale: must be a BCP 47 language tag/);
    expectError(await t.get(`${at}?layout=spreadsheet&format=ndjson`), 400, 'bad_request', /^layout: spreadsheet is a layout of CSV files/);
    expectError(await t.get(`${at}?timezone=UTC`), 400, 'bad_request', /^timezone: is taken only with layout=spreadsheet$/);
    expectError(await t.get(`${at}?layout=program&locale=es`), 400, 'bad_request', /^locale: is taken only with layout=spreadsheet$/);
    // empty values are absent (G7)
    assert.equal((await t.get(`${at}?layout=&timezone=&locale=`)).status, 200);
    expectError(await t.get(`${URL}/999999/export?layout=spreadsheet`), 404, 'not_found');
  });
});
