import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { isUniqueViolation } from '../../src/db/errors.js';
import { CONVERSION_BATCH_SIZE } from '../../src/modules/custom-attributes/service.js';
import { buildTestApp, testConfig } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';

const t = await buildTestApp();

const KINDS = [
  { kind: 'users', path: '/apiv3/account/custom-attributes' },
  { kind: 'products', path: '/apiv3/account/product-custom-attributes' },
  { kind: 'purchases', path: '/apiv3/account/purchase-custom-attributes' },
  { kind: 'purchase_items', path: '/apiv3/account/purchase-item-custom-attributes' },
] as const;
const USERS = KINDS[0].path;

let counter = 0;
/** A name no other test uses, so tests stay independent while sharing the file's database. */
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}_${counter}`;
}

async function create(path: string, body: Record<string, unknown>) {
  return expectOk(await t.post(path, { field_type: 'text', data_type: 'string', ...body }));
}

async function definitionId(kind: string, name: string, accountId = t.accountId): Promise<number> {
  const row = await t.database.db
    .selectFrom('attribute_definitions')
    .select('id')
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Simulates values stored by the records' own endpoints (JSON text of the typed value). */
async function storeValues(kind: string, name: string, values: Record<number, unknown>, accountId = t.accountId) {
  const id = await definitionId(kind, name, accountId);
  await t.database.db
    .insertInto('attribute_values')
    .values(
      Object.entries(values).map(([recordId, value]) => ({
        account_id: accountId,
        definition_id: id,
        record_id: Number(recordId),
        value: JSON.stringify(value),
      })),
    )
    .execute();
  return id;
}

async function storedValues(definition: number): Promise<Record<number, unknown>> {
  const rows = await t.database.db
    .selectFrom('attribute_values')
    .select(['record_id', 'value'])
    .where('definition_id', '=', definition)
    .orderBy('record_id')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.record_id, JSON.parse(r.value)]));
}

describe('custom attribute definitions: shared behaviour on the four paths', () => {
  for (const { kind, path } of KINDS) {
    describe(kind, () => {
      it('creates a definition and answers exactly {label, name, field_type, data_type, options, group}', async () => {
        const name = unique('color');
        const response = await t.post(path, {
          label: 'Colour',
          name,
          field_type: 'select',
          data_type: 'string',
          options: [
            { value: 'red', text: 'Red' },
            { value: 'blue', text: 'Blue' },
          ],
          group: 'Look',
        });
        assert.equal(response.body.message, 'ok');
        assert.deepEqual(expectOk(response), {
          label: 'Colour',
          name,
          field_type: 'select',
          data_type: 'string',
          options: [
            { value: 'red', text: 'Red' },
            { value: 'blue', text: 'Blue' },
          ],
          group: 'Look',
        });
      });

      it('returns options [] and group null when none were given', async () => {
        const name = unique('plain');
        assert.deepEqual(await create(path, { label: 'Plain', name }), {
          label: 'Plain',
          name,
          field_type: 'text',
          data_type: 'string',
          options: [],
          group: null,
        });
      });

      it('lists definitions in creation order, not by name', async () => {
        const fresh = await t.newAccount(`order-${kind}`);
        for (const name of ['zeta', 'alpha', 'mid']) {
          expectOk(await t.post(path, { label: name, name, field_type: 'text', data_type: 'string' }, { key: fresh.key }));
        }
        const response = await t.get(path, { key: fresh.key });
        assert.equal(response.body.message, 'ok');
        assert.deepEqual(
          expectOk(response).map((d: { name: string }) => d.name),
          ['zeta', 'alpha', 'mid'],
        );
      });

      it('ignores unknown properties: not stored, not returned, no error', async () => {
        const name = unique('extra');
        const created = await create(path, { label: 'Extra', name, id: 99, cleanser: { a: 1 }, kind: 'other' });
        assert.deepEqual(Object.keys(created).sort(), ['data_type', 'field_type', 'group', 'label', 'name', 'options']);
        const listed = expectOk(await t.get(path)).find((d: { name: string }) => d.name === name);
        assert.deepEqual(listed, created);
      });

      it('accepts a form body on create', async () => {
        const name = unique('form');
        const created = expectOk(
          await t.post(path, { label: 'From a form', name, field_type: 'datetime', data_type: 'timestamp', group: 'Dates' }, { form: true }),
        );
        assert.deepEqual(created, { label: 'From a form', name, field_type: 'datetime', data_type: 'timestamp', options: [], group: 'Dates' });
      });

      it('rejects a duplicate name with 400 naming it', async () => {
        const name = unique('dup');
        await create(path, { label: 'Dup', name });
        expectError(await t.post(path, { label: 'Again', name, field_type: 'text', data_type: 'integer' }), 400, 'bad_request', new RegExp(`^name: "${name}" already exists$`));
        // The same name after normalisation is the same name.
        expectError(await t.post(path, { label: 'Again', name: ` ${name.toUpperCase()} `, field_type: 'text', data_type: 'string' }), 400, 'bad_request', /already exists/);
      });

      it('updates label, field_type, data_type, options and group with PUT', async () => {
        const name = unique('upd');
        await create(path, { label: 'Before', name, group: 'G1' });
        const updated = expectOk(
          await t.put(`${path}/${name}`, {
            label: 'After',
            field_type: 'select',
            data_type: 'integer',
            options: [{ value: '1', text: 'One' }],
            group: 'G2',
          }),
        );
        assert.deepEqual(updated, { label: 'After', name, field_type: 'select', data_type: 'integer', options: [{ value: '1', text: 'One' }], group: 'G2' });
        const listed = expectOk(await t.get(path)).find((d: { name: string }) => d.name === name);
        assert.deepEqual(listed, updated);
      });

      it('PUT: every field is optional; an empty body changes nothing', async () => {
        const name = unique('same');
        const created = await create(path, { label: 'Same', name, group: 'Keep', options: [{ value: 'v', text: 't' }] });
        const response = await t.put(`${path}/${name}`, {});
        assert.equal(response.body.message, 'ok');
        assert.deepEqual(expectOk(response), created);
        assert.deepEqual(expectOk(await t.put(`${path}/${name}`, { label: 'Renamed label' })), { ...created, label: 'Renamed label' });
      });

      it('PUT: an explicit group null clears the group; an absent group keeps it', async () => {
        const name = unique('grp');
        await create(path, { label: 'Grp', name, group: 'Sizes' });
        assert.equal(expectOk(await t.put(`${path}/${name}`, { label: 'Grp 2' })).group, 'Sizes');
        assert.equal(expectOk(await t.put(`${path}/${name}`, { group: null })).group, null);
        assert.equal(expectOk(await t.put(`${path}/${name}`, { group: 'Back' })).group, 'Back');
      });

      it('PUT: a body name different from the path renames the definition', async () => {
        const name = unique('old');
        const renamed = unique('new');
        await create(path, { label: 'Old', name });
        assert.equal(expectOk(await t.put(`${path}/${name}`, { name: renamed })).name, renamed);
        const names = expectOk(await t.get(path)).map((d: { name: string }) => d.name);
        assert.ok(names.includes(renamed));
        assert.ok(!names.includes(name));
        expectError(await t.put(`${path}/${name}`, { label: 'x' }), 404, 'not_found');
      });

      it('PUT: renaming onto an existing name is 400 and changes nothing', async () => {
        const a = unique('a');
        const b = unique('b');
        await create(path, { label: 'A', name: a });
        await create(path, { label: 'B', name: b });
        expectError(await t.put(`${path}/${a}`, { name: b, label: 'Changed' }), 400, 'bad_request', new RegExp(`^name: "${b}" already exists$`));
        const listed = expectOk(await t.get(path));
        assert.equal(listed.find((d: { name: string }) => d.name === a).label, 'A');
        assert.equal(listed.find((d: { name: string }) => d.name === b).label, 'B');
      });

      it('PUT and DELETE of an unknown name are 404 not_found naming it', async () => {
        const name = unique('ghost');
        expectError(await t.put(`${path}/${name}`, { label: 'x' }), 404, 'not_found', new RegExp(`custom attribute "${name}" not found`));
        expectError(await t.delete(`${path}/${name}`), 404, 'not_found', new RegExp(`custom attribute "${name}" not found`));
      });

      it('DELETE answers the remaining definitions in creation order', async () => {
        const fresh = await t.newAccount(`delete-${kind}`);
        for (const name of ['one', 'two', 'three']) {
          expectOk(await t.post(path, { label: name, name, field_type: 'text', data_type: 'string' }, { key: fresh.key }));
        }
        const response = await t.delete(`${path}/two`, undefined, { key: fresh.key });
        assert.equal(response.body.message, 'ok');
        assert.deepEqual(
          expectOk(response).map((d: { name: string }) => d.name),
          ['one', 'three'],
        );
        expectError(await t.delete(`${path}/two`, undefined, { key: fresh.key }), 404, 'not_found');
      });

      it('keeps tenants apart: another key sees an empty list and gets 404 for PUT/DELETE', async () => {
        const name = unique('mine');
        await create(path, { label: 'Mine', name });
        const other = await t.newAccount(`tenant-${kind}`);
        assert.deepEqual(expectOk(await t.get(path, { key: other.key })), []);
        expectError(await t.put(`${path}/${name}`, { label: 'Stolen' }, { key: other.key }), 404, 'not_found');
        expectError(await t.delete(`${path}/${name}`, undefined, { key: other.key }), 404, 'not_found');
        // The other account may use the same name for its own definition.
        expectOk(await t.post(path, { label: 'Theirs', name, field_type: 'text', data_type: 'string' }, { key: other.key }));
        const mine = expectOk(await t.get(path)).find((d: { name: string }) => d.name === name);
        assert.equal(mine.label, 'Mine');
      });

      it('needs an API key', async () => {
        expectError(await t.get(path, { key: null }), 403, 'forbidden', /invalid or inexistent apikey/);
        expectError(await t.post(path, { label: 'x', field_type: 'text', data_type: 'string' }, { key: null }), 403, 'forbidden');
      });

      it('DELETE removes the stored values of that attribute only', async () => {
        const gone = unique('gone');
        const kept = unique('kept');
        await create(path, { label: 'Gone', name: gone });
        await create(path, { label: 'Kept', name: kept });
        const goneId = await storeValues(kind, gone, { 1: 'a', 2: 'b' });
        const keptId = await storeValues(kind, kept, { 1: 'c' });
        expectOk(await t.delete(`${path}/${gone}`));
        assert.deepEqual(await storedValues(goneId), {});
        assert.deepEqual(await storedValues(keptId), { 1: 'c' });
      });
    });
  }

  it('answers concurrent creates of one name with one success and 400s', async () => {
    const name = unique('race');
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => t.post(USERS, { label: 'Race', name, field_type: 'text', data_type: 'string' })),
    );
    assert.equal(responses.filter((r) => r.status === 200).length, 1);
    for (const r of responses.filter((r) => r.status !== 200)) expectError(r, 400, 'bad_request', /already exists/);
    assert.equal(expectOk(await t.get(USERS)).filter((d: { name: string }) => d.name === name).length, 1);
  });

  it('recognises the unique index refusal of this database as a duplicate (the race fallback)', async () => {
    const name = unique('raw');
    await create(USERS, { label: 'Raw', name });
    const error = await t.database.db
      .insertInto('attribute_definitions')
      .values({ account_id: t.accountId, kind: 'users', name, label: 'Raw', field_type: 'text', data_type: 'string', created_at: '2026-01-01 00:00:00' })
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    assert.ok(error, 'the unique index must refuse the second row');
    assert.equal(isUniqueViolation(error), true);
    assert.equal(isUniqueViolation(new Error('other')), false);
  });

  it('keeps names per kind: users and products may both define the same name', async () => {
    const name = unique('size');
    for (const { path } of KINDS) await create(path, { label: 'Size', name });
    for (const { path } of KINDS) {
      const matches = expectOk(await t.get(path)).filter((d: { name: string }) => d.name === name);
      assert.equal(matches.length, 1);
    }
    // Deleting it for one kind leaves the others.
    expectOk(await t.delete(`${KINDS[1].path}/${name}`));
    assert.ok(expectOk(await t.get(KINDS[0].path)).some((d: { name: string }) => d.name === name));
    expectError(await t.put(`${KINDS[1].path}/${name}`, { label: 'x' }), 404, 'not_found');
  });
});

describe('custom attribute definitions: C1 field_type and data_type', () => {
  it('accepts every field_type, checkbox included, and every data_type', async () => {
    for (const fieldType of ['text', 'select', 'datetime', 'checkbox']) {
      for (const dataType of ['string', 'integer', 'float', 'timestamp']) {
        const name = unique(`${fieldType}_${dataType}`);
        const created = expectOk(
          await t.post(KINDS[1].path, { label: name, name, field_type: fieldType, data_type: dataType, options: [{ value: 'x', text: 'X' }] }),
        );
        assert.equal(created.field_type, fieldType);
        assert.equal(created.data_type, dataType);
      }
    }
  });

  for (const { path } of KINDS) {
    it(`rejects other values with 400 naming the field and the allowed values (${path})`, async () => {
      expectError(
        await t.post(path, { label: 'X', field_type: 'radio', data_type: 'string' }),
        400,
        'bad_request',
        /^field_type: must be one of "text", "select", "datetime", "checkbox"$/,
      );
      expectError(
        await t.post(path, { label: 'X', field_type: 'text', data_type: 'boolean' }),
        400,
        'bad_request',
        /^data_type: must be one of "string", "integer", "float", "timestamp"$/,
      );
      const name = unique('enum');
      await create(path, { label: 'Enum', name });
      expectError(await t.put(`${path}/${name}`, { field_type: 'TEXT' }), 400, 'bad_request', /^field_type: must be one of/);
      expectError(await t.put(`${path}/${name}`, { data_type: 'int' }), 400, 'bad_request', /^data_type: must be one of/);
    });
  }

  it('requires label, field_type and data_type on create', async () => {
    expectError(await t.post(USERS, { name: 'x', field_type: 'text', data_type: 'string' }), 400, 'bad_request', /^label: is required$/);
    expectError(await t.post(USERS, { label: 'X', data_type: 'string' }), 400, 'bad_request', /^field_type: is required$/);
    expectError(await t.post(USERS, { label: 'X', field_type: 'text' }), 400, 'bad_request', /^data_type: is required$/);
    expectError(await t.post(USERS, { label: 'X', field_type: 'text' }, { form: true }), 400, 'bad_request', /^data_type: is required$/);
  });

  it('rejects an empty or blank label and a non-object body', async () => {
    expectError(await t.post(USERS, { label: '', name: 'x', field_type: 'text', data_type: 'string' }), 400, 'bad_request', /^label: /);
    expectError(await t.post(USERS, { label: '   ', name: 'x', field_type: 'text', data_type: 'string' }), 400, 'bad_request', /^label: must not be blank$/);
    expectError(await t.post(USERS, { label: 5, name: 'x', field_type: 'text', data_type: 'string' }), 400, 'bad_request', /^label: must be string$/);
    expectError(await t.post(USERS, [1, 2]), 400, 'bad_request', /^body: must be a JSON object$/);
    const name = unique('lbl');
    await create(USERS, { label: 'Lbl', name });
    expectError(await t.put(`${USERS}/${name}`, { label: ' ' }), 400, 'bad_request', /^label: must not be blank$/);
  });
});

describe('custom attribute definitions: C2/C3 names', () => {
  it('normalises a given name: trim, accents, lowercase, spaces and - become _', async () => {
    const created = await create(USERS, { label: 'Fecha', name: '  Fecha-de Alta Ñandú ' });
    assert.equal(created.name, 'fecha_de_alta_nandu');
  });

  it('rejects names that do not match ^[a-z0-9_]{1,64}$ after normalisation', async () => {
    for (const bad of ['a.b', 'size!', 'naïve/slash', '   ', 'x'.repeat(65), 'emoji_😀']) {
      expectError(
        await t.post(USERS, { label: 'Bad', name: bad, field_type: 'text', data_type: 'string' }),
        400,
        'bad_request',
        /^name: .* must contain only a-z, 0-9 and _ \(1 to 64 characters\) after normalisation$/,
      );
    }
    expectError(await t.post(USERS, { label: 'Bad', name: '', field_type: 'text', data_type: 'string' }), 400, 'bad_request', /^name: /);
    assert.equal((await create(USERS, { label: 'Long', name: 'y'.repeat(64) })).name, 'y'.repeat(64));
  });

  it('derives the name from the label when none is given', async () => {
    const created = await create(USERS, { label: 'Fecha de Nacimiento' });
    assert.equal(created.name, 'fecha_de_nacimiento');
    assert.equal(created.label, 'Fecha de Nacimiento');
    expectError(
      await t.post(USERS, { label: 'Fecha de Nacimiento', field_type: 'text', data_type: 'string' }),
      400,
      'bad_request',
      /^name: "fecha_de_nacimiento" already exists$/,
    );
  });

  it('says so when no valid name can be derived from the label', async () => {
    expectError(
      await t.post(USERS, { label: 'Price (€)', field_type: 'text', data_type: 'string' }),
      400,
      'bad_request',
      /^name \(derived from label\): "Price \(€\)" must contain only/,
    );
  });

  it('normalises the path name and the body name of PUT and the path name of DELETE', async () => {
    await create(USERS, { label: 'Ciudad', name: 'ciudad_natal' });
    expectOk(await t.put(`${USERS}/${encodeURIComponent(' Ciudad-Natal ')}`, { label: 'Ciudad 2' }));
    // A body name equal to the path after normalisation is no rename.
    const same = expectOk(await t.put(`${USERS}/ciudad_natal`, { name: 'Ciudad Natal', label: 'Ciudad 3' }));
    assert.equal(same.name, 'ciudad_natal');
    const renamed = expectOk(await t.put(`${USERS}/ciudad_natal`, { name: 'Ciudad Nátal Nueva' }));
    assert.equal(renamed.name, 'ciudad_natal_nueva');
    expectError(await t.put(`${USERS}/a.b`, { label: 'x' }), 400, 'bad_request', /^name: "a.b" must contain only/);
    expectError(await t.put(`${USERS}/ciudad_natal_nueva`, { name: 'no way!' }), 400, 'bad_request', /^name: "no way!" must contain only/);
    const remaining = expectOk(await t.delete(`${USERS}/${encodeURIComponent('CIUDAD natal-NUEVA')}`));
    assert.ok(!remaining.some((d: { name: string }) => d.name === 'ciudad_natal_nueva'));
  });
});

describe('custom attribute definitions: C4 options', () => {
  const base = { label: 'Opt', field_type: 'select', data_type: 'string' };

  it('requires at least one option for a select, on create and on update', async () => {
    expectError(await t.post(USERS, { ...base, name: unique('sel') }), 400, 'bad_request', /^options: a select field needs at least one option$/);
    expectError(await t.post(USERS, { ...base, name: unique('sel'), options: [] }), 400, 'bad_request', /^options: a select field needs at least one option$/);
    const name = unique('sel');
    await create(USERS, { ...base, name, options: [{ value: 'a', text: 'A' }] });
    expectError(await t.put(`${USERS}/${name}`, { options: [] }), 400, 'bad_request', /^options: a select field needs at least one option$/);
    const text = unique('txt');
    await create(USERS, { label: 'Txt', name: text });
    expectError(await t.put(`${USERS}/${text}`, { field_type: 'select' }), 400, 'bad_request', /^options: a select field needs at least one option$/);
    const changed = expectOk(await t.put(`${USERS}/${text}`, { field_type: 'select', options: [{ value: 'x', text: 'X' }] }));
    assert.deepEqual(changed.options, [{ value: 'x', text: 'X' }]);
  });

  it('lets other field types carry options, or an empty array', async () => {
    const checkbox = await create(KINDS[1].path, { label: 'Box', name: unique('box'), field_type: 'checkbox', options: [{ value: 'yes', text: 'Yes' }] });
    assert.deepEqual(checkbox.options, [{ value: 'yes', text: 'Yes' }]);
    assert.deepEqual((await create(USERS, { label: 'E', name: unique('empty'), options: [] })).options, []);
  });

  it('rejects malformed options naming the item and the rule', async () => {
    const cases: [unknown, RegExp][] = [
      ['a,b', /^options: must be array$/],
      [[{ value: 'a' }], /^options\[0\]\.text: is required$/],
      [[{ text: 'A' }], /^options\[0\]\.value: is required$/],
      [[{ value: '', text: 'A' }], /^options\[0\]\.value: must NOT have fewer than 1 characters$/],
      [[{ value: 'a', text: '' }], /^options\[0\]\.text: must NOT have fewer than 1 characters$/],
      [[{ value: 'a', text: 'A' }, { value: 1, text: 'B' }], /^options\[1\]\.value: must be string$/],
      [['a'], /^options\[0\]: must be object$/],
      [[{ value: 'a', text: 'A' }, { value: 'b', text: 'B' }, { value: 'a', text: 'Again' }], /^options\[2\]\.value: duplicates the value "a"$/],
    ];
    for (const [options, message] of cases) {
      expectError(await t.post(USERS, { ...base, name: unique('bad'), options }), 400, 'bad_request', message);
    }
    const name = unique('sel');
    await create(USERS, { ...base, name, options: [{ value: 'a', text: 'A' }] });
    expectError(await t.put(`${USERS}/${name}`, { options: [{ value: 'a', text: 'A' }, { value: 'a', text: 'B' }] }), 400, 'bad_request', /^options\[1\]\.value: duplicates/);
  });

  it('drops unknown properties inside option items', async () => {
    const created = await create(USERS, { ...base, name: unique('sel'), options: [{ value: 'a', text: 'A', color: 'red' }] });
    assert.deepEqual(created.options, [{ value: 'a', text: 'A' }]);
  });

  it('keeps the options when PUT sends options null (null means not given)', async () => {
    const name = unique('sel');
    await create(USERS, { ...base, name, options: [{ value: 'a', text: 'A' }] });
    assert.deepEqual(expectOk(await t.put(`${USERS}/${name}`, { options: null, label: 'New' })).options, [{ value: 'a', text: 'A' }]);
  });
});

describe('custom attribute definitions: C5 group', () => {
  it('accepts a string or null and rejects other types', async () => {
    assert.equal((await create(USERS, { label: 'G', name: unique('g'), group: 'Personal' })).group, 'Personal');
    assert.equal((await create(USERS, { label: 'G', name: unique('g'), group: null })).group, null);
    expectError(await t.post(USERS, { label: 'G', name: unique('g'), field_type: 'text', data_type: 'string', group: 5 }), 400, 'bad_request', /^group: must be string or null$/);
    const name = unique('g');
    await create(USERS, { label: 'G', name });
    expectError(await t.put(`${USERS}/${name}`, { group: ['a'] }), 400, 'bad_request', /^group: must be string or null$/);
    expectError(await t.put(`${USERS}/${name}`, { group: 'g'.repeat(256) }), 400, 'bad_request', /^group: must NOT have more than 255 characters$/);
    expectError(await t.put(`${USERS}/${name}`, { label: 'l'.repeat(256) }), 400, 'bad_request', /^label: must NOT have more than 255 characters$/);
    assert.equal(expectOk(await t.put(`${USERS}/${name}`, { group: 'g'.repeat(255) })).group, 'g'.repeat(255));
  });
});

describe('custom attribute definitions: stored values (C7 rename, C8 data_type change)', () => {
  it('keeps stored values across a rename', async () => {
    const name = unique('loyal');
    const renamed = unique('loyal_renamed');
    await create(USERS, { label: 'Loyal', name });
    const id = await storeValues('users', name, { 10: 'gold', 11: 'silver' });
    expectOk(await t.put(`${USERS}/${name}`, { name: renamed }));
    assert.equal(await definitionId('users', renamed), id);
    assert.deepEqual(await storedValues(id), { 10: 'gold', 11: 'silver' });
  });

  const conversions: { from: string; to: string; before: Record<number, unknown>; after: Record<number, unknown> }[] = [
    {
      from: 'string',
      to: 'integer',
      before: { 1: '12', 2: '12.5', 3: 'abc', 4: '-7', 5: '12.0', 6: '' },
      after: { 1: 12, 4: -7, 5: 12 },
    },
    { from: 'integer', to: 'string', before: { 1: 12, 2: -3 }, after: { 1: '12', 2: '-3' } },
    { from: 'float', to: 'integer', before: { 1: 12.0, 2: 12.5, 3: -0.25 }, after: { 1: 12 } },
    { from: 'string', to: 'float', before: { 1: '12.5', 2: 'x', 3: '3' }, after: { 1: 12.5, 3: 3 } },
    { from: 'float', to: 'string', before: { 1: 12.5 }, after: { 1: '12.5' } },
    {
      from: 'string',
      to: 'timestamp',
      before: { 1: '2026-01-02 03:04:05', 2: '2026-01-02T03:04:05+02:00', 3: 'tomorrow', 4: '2026-02-30 00:00:00', 5: '2026-01-02' },
      after: { 1: '2026-01-02 03:04:05', 2: '2026-01-02 01:04:05' },
    },
    { from: 'timestamp', to: 'string', before: { 1: '2026-01-02 03:04:05' }, after: { 1: '2026-01-02 03:04:05' } },
    { from: 'integer', to: 'timestamp', before: { 1: 1767225600, 2: 0 }, after: {} },
    { from: 'float', to: 'timestamp', before: { 1: 1.5 }, after: {} },
    { from: 'timestamp', to: 'integer', before: { 1: '2026-01-02 03:04:05' }, after: {} },
    { from: 'integer', to: 'float', before: { 1: 7 }, after: { 1: 7 } },
  ];

  for (const { from, to, before, after } of conversions) {
    it(`converts ${from} -> ${to} where exact and drops the rest`, async () => {
      const name = unique(`${from}_to_${to}`);
      await create(KINDS[2].path, { label: 'Conv', name, data_type: from });
      const id = await storeValues('purchases', name, before);
      const response = await t.put(`${KINDS[2].path}/${name}`, { data_type: to });
      assert.equal(expectOk(response).data_type, to);
      assert.deepEqual(await storedValues(id), after);
    });
  }

  it('leaves other attributes, and changes that keep the data_type, alone', async () => {
    const changed = unique('changed');
    const other = unique('other');
    await create(USERS, { label: 'C', name: changed, data_type: 'string' });
    await create(USERS, { label: 'O', name: other, data_type: 'string' });
    const changedId = await storeValues('users', changed, { 1: 'abc', 2: '5' });
    const otherId = await storeValues('users', other, { 1: 'abc', 2: '5' });
    // Same data_type: nothing is converted or dropped.
    expectOk(await t.put(`${USERS}/${changed}`, { data_type: 'string', label: 'C2' }));
    assert.deepEqual(await storedValues(changedId), { 1: 'abc', 2: '5' });
    expectOk(await t.put(`${USERS}/${changed}`, { data_type: 'integer' }));
    assert.deepEqual(await storedValues(changedId), { 2: 5 });
    assert.deepEqual(await storedValues(otherId), { 1: 'abc', 2: '5' });
  });

  it('converts every value when there are more than one batch of them', async () => {
    const name = unique('many');
    await create(USERS, { label: 'Many', name, data_type: 'string' });
    const total = CONVERSION_BATCH_SIZE * 2 + 37;
    const values: Record<number, string> = {};
    // Every third value is not an integer and must be dropped, including across batch edges.
    for (let i = 1; i <= total; i++) values[i] = i % 3 === 0 ? `n${i}` : String(i);
    const id = await storeValues('users', name, values);
    expectOk(await t.put(`${USERS}/${name}`, { data_type: 'integer' }));
    const stored = await storedValues(id);
    const expected: Record<number, number> = {};
    for (let i = 1; i <= total; i++) if (i % 3 !== 0) expected[i] = i;
    assert.deepEqual(stored, expected);
  });

  it('does not touch another account holding the same name', async () => {
    const other = await t.newAccount('conversion-tenant');
    const name = unique('shared');
    await create(USERS, { label: 'S', name, data_type: 'string' });
    expectOk(await t.post(USERS, { label: 'S', name, field_type: 'text', data_type: 'string' }, { key: other.key }));
    const mine = await storeValues('users', name, { 1: 'x' });
    const theirs = await storeValues('users', name, { 1: 'x' }, other.accountId);
    expectOk(await t.put(`${USERS}/${name}`, { data_type: 'integer' }));
    assert.deepEqual(await storedValues(mine), {});
    assert.deepEqual(await storedValues(theirs), { 1: 'x' });
  });

  it('removing an option from a select does not rewrite stored values', async () => {
    const name = unique('pick');
    await create(USERS, { label: 'Pick', name, field_type: 'select', options: [{ value: 'a', text: 'A' }, { value: 'b', text: 'B' }] });
    const id = await storeValues('users', name, { 1: 'a', 2: 'b' });
    expectOk(await t.put(`${USERS}/${name}`, { options: [{ value: 'a', text: 'A' }] }));
    assert.deepEqual(await storedValues(id), { 1: 'a', 2: 'b' });
  });
});

describe('custom attribute definitions: with the users endpoints', () => {
  it('a user keeps its values through a rename, sees them converted, and loses them on delete', async () => {
    // A fresh account: the white-box values above use made-up record ids that real users would share.
    const { key } = await t.newAccount('with-users');
    const call = { key };
    expectOk(await t.post(USERS, { label: 'Visits', name: 'visits', field_type: 'text', data_type: 'string' }, call));
    const a = expectOk(await t.post('/apiv3/users', { service_uid: 'a', custom_attributes: { Visits: '12' } }, call), 201);
    const b = expectOk(await t.post('/apiv3/users', { service_uid: 'b', custom_attributes: { visits: 'twelve' } }, call), 201);
    assert.deepEqual(a.custom_attributes, { visits: '12' });
    expectOk(await t.put(`${USERS}/visits`, { name: 'visit_count', data_type: 'integer' }, call));
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${a.userapp_id}`, call)).custom_attributes, { visit_count: 12 });
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${b.userapp_id}`, call)).custom_attributes, {});
    expectOk(await t.delete(`${USERS}/visit_count`, undefined, call));
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${a.userapp_id}`, call)).custom_attributes, {});
  });
});

describe('custom attribute definitions: logging of dropped values', () => {
  it('logs the converted and dropped counts with the request logger', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        callback();
      },
    });
    // A second app on this file's database, with a logger we can read.
    const account = await t.newAccount('logging');
    const app = await buildApp({ config: testConfig(), database: t.database, logger: { level: 'info', stream } });
    try {
      const headers = { authorization: `Basic ${account.key}`, 'content-type': 'application/json' };
      const created = await app.inject({
        method: 'POST',
        url: USERS,
        headers,
        payload: JSON.stringify({ label: 'Age', name: 'age', field_type: 'text', data_type: 'string' }),
      });
      assert.equal(created.statusCode, 200, created.body);
      const id = await definitionId('users', 'age', account.accountId);
      await t.database.db
        .insertInto('attribute_values')
        .values(['"41"', '"forty"', '"1.5"'].map((value, i) => ({ account_id: account.accountId, definition_id: id, record_id: i + 1, value })))
        .execute();
      const updated = await app.inject({ method: 'PUT', url: `${USERS}/age`, headers, payload: JSON.stringify({ data_type: 'integer' }) });
      assert.equal(updated.statusCode, 200, updated.body);
      const entry = lines.find((l) => typeof l.msg === 'string' && l.msg.includes('data_type changed'));
      assert.ok(entry, `no conversion log line among ${JSON.stringify(lines.map((l) => l.msg))}`);
      assert.equal(entry.dropped, 2);
      assert.equal(entry.converted, 1);
      assert.equal(entry.attribute, 'age');
      assert.equal(entry.from, 'string');
      assert.equal(entry.to, 'integer');
      assert.equal(entry.reqId, updated.headers['x-request-id']);
    } finally {
      await app.close();
    }
  });
});

describe('custom attribute definitions: OpenAPI', () => {
  it('documents the four paths', async () => {
    const doc = (await t.get('/apiv3/openapi.json', { key: null })).body;
    for (const { path } of KINDS) {
      assert.ok(doc.paths[path]?.get && doc.paths[path]?.post, `${path} missing`);
      assert.ok(doc.paths[`${path}/{name}`]?.put && doc.paths[`${path}/{name}`]?.delete, `${path}/{name} missing`);
    }
  });
});
