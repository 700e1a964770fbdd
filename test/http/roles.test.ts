import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { CSRF_MESSAGE, roleRefusal } from '../../src/http/auth.js';
import { ROUTE_ROLES, type Role, roleAllows, roleNeeded } from '../../src/http/roles.js';
import { registerApiRoutes } from '../helpers/api-routes.js';
import { buildTestApp } from '../helpers/app.js';
import { addPerson, as } from '../helpers/people.js';

// T1, T3: the security matrix, derived from the routes the app registers (so a new route cannot
// be forgotten): every route has a role in src/http/roles.ts; a viewer's and an editor's cookie are
// refused on every route their role does not reach; every write with a cookie and without the CSRF
// header is refused, whoever signed in.

const t = await buildTestApp();

/** Every route apiRoutes registers, as `METHOD /path` below /apiv3 (HEAD left out: it is its GET's). */
async function registeredRoutes(): Promise<{ method: string; url: string }[]> {
  const app = Fastify();
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  await registerApiRoutes(app, t);
  return routes;
}

const routes = await registeredRoutes();
const key = (route: { method: string; url: string }) => `${route.method} ${route.url.slice('/apiv3'.length)}`;

/** A concrete path for a route pattern: each parameter a plausible value. */
function concrete(url: string): string {
  return url
    .replace(':blacklist', 'email')
    .replace(':value', 'someone%40example.com')
    .replace(/:[a-z_]+/g, '1')
    .replace('*', 'x');
}

const viewer = await addPerson(t, 'viewer@example.com', 'viewer');
const editor = await addPerson(t, 'editor@example.com', 'editor');
const owner = await addPerson(t, 'owner@example.com', 'owner');

describe('the role table (src/http/roles.ts)', () => {
  it('names every registered route, and only those', () => {
    assert.ok(routes.length > 100, `only ${routes.length} routes registered`);
    const served = new Set(routes.map(key));
    assert.deepEqual(
      routes.map(key).filter((route) => !(route in ROUTE_ROLES)),
      [],
      'routes without a role (they are the owner’s only until listed)',
    );
    assert.deepEqual(
      Object.keys(ROUTE_ROLES).filter((route) => !served.has(route)),
      [],
      'roles of routes that do not exist',
    );
  });

  it('gives the owner alone people, webhooks, retention, settings writes, bulk erasure and the audit log', () => {
    const ownersOnly = Object.entries(ROUTE_ROLES)
      .filter(([, role]) => role === 'owner')
      .map(([route]) => route);
    for (const route of ownersOnly) assert.match(route, /\/account\/people|\/webhooks|\/account\/retention|PUT \/account\/settings|DELETE \/multiusers\/bulk|\/account\/audit-log/);
    for (const route of ['GET /webhooks', 'GET /account/retention', 'GET /account/audit-log', 'DELETE /multiusers/bulk', 'POST /account/people', 'PUT /account/settings']) {
      assert.equal(ROUTE_ROLES[route], 'owner', route);
    }
    // D1, D3: single-customer erasure and export are the editor's too.
    for (const route of ['DELETE /users/:id', 'DELETE /multiusers', 'GET /users/:id/export', 'GET /multiusers/export']) assert.equal(ROUTE_ROLES[route], 'editor', route);
    // A viewer only reads.
    for (const [route, role] of Object.entries(ROUTE_ROLES)) if (role === 'viewer') assert.match(route, /^GET /, route);
  });

  it('takes HEAD as GET and a route missing from the table as the owner’s', () => {
    assert.equal(roleNeeded('HEAD', '/apiv3/users'), 'viewer');
    assert.equal(roleNeeded('GET', '/apiv3/users/'), 'viewer');
    assert.equal(roleNeeded('POST', '/apiv3/not-a-route'), 'owner');
  });
});

describe('a person is refused every route their role does not reach', () => {
  for (const [name, person, role] of [
    ['viewer', viewer, 'viewer'],
    ['editor', editor, 'editor'],
  ] as const) {
    it(`${name === 'editor' ? 'an' : 'a'} ${name}'s cookie: 403 on every route above ${role}`, async () => {
      const refusedWrongly: string[] = [];
      let checked = 0;
      for (const route of routes) {
        const needed = ROUTE_ROLES[key(route)] as Role;
        if (roleAllows(role, needed)) continue;
        checked += 1;
        const res = await t.request(route.method as 'GET', concrete(route.url), as(person));
        if (res.status !== 403 || res.body?.code !== 'forbidden' || res.body?.message !== roleRefusal(role, needed)) refusedWrongly.push(`${key(route)} -> ${res.status} ${res.body?.message}`);
      }
      assert.ok(checked > (role === 'viewer' ? 60 : 10), `only ${checked} routes checked`);
      assert.deepEqual(refusedWrongly, []);
    });
  }

  it("a viewer's cookie reaches every read it may (not refused for its role)", async () => {
    const refused: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET' && ROUTE_ROLES[key(r)] === 'viewer')) {
      const res = await t.request('GET', concrete(route.url), as(viewer));
      if (res.status === 403) refused.push(`${key(route)}: ${res.body?.message}`);
    }
    assert.deepEqual(refused, []);
  });
});

describe('CSRF: a write with a session cookie needs X-Rapport-Console: 1 or the own Origin', () => {
  it('every write under /apiv3 without the header is 403, even the owner’s', async () => {
    const passed: string[] = [];
    const writes = routes.filter((route) => route.method !== 'GET');
    assert.ok(writes.length > 50);
    for (const route of writes) {
      const res = await t.request(route.method as 'POST', concrete(route.url), as(owner, { csrf: false }));
      if (res.status !== 403 || res.body?.message !== CSRF_MESSAGE) passed.push(`${key(route)} -> ${res.status} ${res.body?.message}`);
    }
    assert.deepEqual(passed, []);
  });

  it('every write under /console/ without the header is 403', async () => {
    for (const [method, url] of [
      ['POST', '/console/session'],
      ['DELETE', '/console/session'],
      ['PUT', '/console/password'],
      ['POST', '/console/password/reset'],
    ] as const) {
      const res = await t.request(method, url, { ...as(owner, { csrf: false }), body: {} });
      assert.equal(res.status, 403, `${method} ${url}`);
      assert.equal(res.body.message, CSRF_MESSAGE);
    }
  });

  it('an Origin of another site is refused; PUBLIC_URL’s origin passes', async () => {
    const other = await t.request('POST', '/apiv3/categories', { ...as(owner, { csrf: false, headers: { origin: 'https://evil.example' } }), body: { code: 'x', name: 'X' } });
    assert.equal(other.status, 403);
    const own = await t.request('POST', '/apiv3/categories', { ...as(owner, { csrf: false, headers: { origin: new URL(t.config.publicUrl).origin } }), body: { code: 'csrf-own', name: 'Own' } });
    assert.equal(own.status, 200, own.text);
  });

  it('with PUBLIC_URL set, only its origin passes (not the Host the request names)', async () => {
    const site = await buildTestApp({ config: { publicUrl: 'https://rapport.example.com', publicUrlSet: true } });
    const person = await addPerson(site, 'o@example.com', 'owner');
    const byHost = await site.request('POST', '/apiv3/categories', { ...as(person, { csrf: false, headers: { origin: 'http://localhost:80' } }), body: { code: 'h', name: 'H' } });
    assert.equal(byHost.status, 403);
    const byPublicUrl = await site.request('POST', '/apiv3/categories', { ...as(person, { csrf: false, headers: { origin: 'https://rapport.example.com' } }), body: { code: 'p', name: 'P' } });
    assert.equal(byPublicUrl.status, 200, byPublicUrl.text);
  });

  it('a key needs no CSRF header (programs, not browsers)', async () => {
    assert.equal((await t.post('/apiv3/categories', { code: 'by-key', name: 'Key' })).status, 200);
  });
});
