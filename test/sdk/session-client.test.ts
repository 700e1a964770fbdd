import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RapportError } from '../../packages/sdk/src/index.js';
import { addPerson } from '../helpers/people.js';
import { rejection, startSdkServer } from './server.js';

// The console's client: no API key, the session cookie and the CSRF header instead (T3).

const t = await startSdkServer();

describe('a client without an API key', () => {
  test('sends no Authorization header, and the extra headers on every call', async () => {
    const sent: Request[] = [];
    const client = t.client({ apiKey: undefined, headers: { 'X-Rapport-Console': '1' }, fetch: async (request) => (sent.push(request), fetch(request)) });
    const error = await rejection(client.GET('/users', { params: { query: { limit: 1 } } }));
    assert.ok(error instanceof RapportError);
    assert.equal(error.status, 403);
    assert.equal(error.code, 'forbidden');
    assert.equal(sent[0]!.headers.get('authorization'), null);
    assert.equal(sent[0]!.headers.get('x-rapport-console'), '1');
  });

  test('reads and writes with a session cookie and the CSRF header', async () => {
    const person = await addPerson(t, 'sdk-owner@example.com', 'owner');
    const client = t.client({ apiKey: undefined, headers: { cookie: person.cookie, 'X-Rapport-Console': '1' } });
    const created = await client.POST('/events', { body: { name: 'sdk-session-event' } });
    assert.equal(created.name, 'sdk-session-event');
    const people = await client.GET('/account/people');
    assert.deepEqual(
      people.map((p) => p.email),
      ['sdk-owner@example.com'],
    );
  });
});
