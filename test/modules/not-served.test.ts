import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError } from '../helpers/assertions.js';

// U10: what the platform's client may call but this service does not hold the data for.

const t = await buildTestApp();

describe('not served (U10)', () => {
  it('GET /purchases/iin/{digits} answers 404 not_found saying why (the static segment wins over /purchases/{id})', async () => {
    for (const url of ['/apiv3/purchases/iin/411111', '/apiv3/purchases/iin/5555']) {
      expectError(await t.get(url), 404, 'not_found', /^card-issuer \(IIN\/BIN\) lookup is not served by this API: it needs a licensed BIN table/);
    }
  });

  it('needs the key like every route', async () => {
    expectError(await t.get('/apiv3/purchases/iin/411111', { key: null }), 403, 'forbidden', /^invalid or inexistent apikey$/);
    expectError(await t.get('/apiv3/purchases/iin/411111', { key: 'rk_unknownunknownunknown' }), 403, 'forbidden');
    const other = await t.newAccount();
    expectError(await t.get('/apiv3/purchases/iin/411111', { key: other.key }), 404, 'not_found', /^card-issuer/);
  });

  it('answers only GET', async () => {
    const res = await t.post('/apiv3/purchases/iin/411111', {});
    assert.equal(res.status, 405);
    assert.equal(res.body.code, 'method_not_allowed');
    assert.match(String(res.headers.allow), /GET/);
  });
});
