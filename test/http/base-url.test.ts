import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

const t = await buildTestApp();

describe('a base URL configured with a trailing slash', () => {
  it('routes //apiv3/… like /apiv3/… (the client joins host and path naively)', async () => {
    const user = await createUser(t);
    const found = expectOk(await t.get(`///apiv3/users/${user.userapp_id}`));
    assert.equal(found.service_uid, user.service_uid);
    expectError(await t.get('//apiv3/nothing-here'), 404, 'not_found', /no route GET \/apiv3\/nothing-here/);
  });
});
