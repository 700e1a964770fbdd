import assert from 'node:assert/strict';
import type { TestApp } from './app.js';

let sequence = 0;

/** Creates a user through POST /apiv3/users and returns the user object. */
export async function createUser(t: TestApp, fields: Record<string, unknown> = {}, options: { key?: string } = {}) {
  sequence += 1;
  const body = { service_uid: `uid-${process.pid}-${sequence}`, email: `user${sequence}@example.com`, ...fields };
  const response = await t.post('/apiv3/users', body, options.key ? { key: options.key } : {});
  assert.equal(response.status, 201, `createUser failed: ${response.text}`); // U1: a create answers 201
  return response.body.payload;
}
