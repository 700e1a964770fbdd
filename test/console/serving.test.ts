import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { CONSOLE_DIST, consoleBanner, consoleBuilt, registerConsole } from '../../src/http/console.js';
import { buildTestApp } from '../helpers/app.js';

// The console is served by the API process at /console/: its HTML for every path below it (the
// single-page application routes itself), its hashed assets cached for good, no key needed, and a
// notice page when it was not built.

const dir = await mkdtemp(join(tmpdir(), 'rapport-console-'));
after(() => rm(dir, { recursive: true, force: true }));

const INDEX = '<!doctype html><html><head><script type="module" src="/console/assets/index-abc123.js"></script></head><body></body></html>';
const SCRIPT = 'console.log("console")';

async function fakeBuild(): Promise<string> {
  const root = join(dir, 'built');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), INDEX);
  await writeFile(join(root, 'assets', 'index-abc123.js'), SCRIPT);
  return root;
}

async function bare(root: string): Promise<FastifyInstance> {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await registerConsole(app, { root });
  after(() => app.close());
  return app;
}

describe('a built console', async () => {
  const app = await bare(await fakeBuild());

  for (const url of ['/console', '/console/', '/console/customers', '/console/customers/12?tab=points', '/console/a/b/c']) {
    test(`GET ${url} answers the page, revalidated on each visit`, async () => {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200);
      assert.equal(response.body, INDEX);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.match(String(response.headers['content-security-policy']), /default-src 'self'.*frame-ancestors 'none'/);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
    });
  }

  test('a hashed asset is cached for a year, immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/console/assets/index-abc123.js' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, SCRIPT);
    assert.match(String(response.headers['content-type']), /javascript/);
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test('a missing asset is a 404, not the page (a stale page must not run HTML as a script)', async () => {
    const response = await app.inject({ method: 'GET', url: '/console/assets/index-gone.js' });
    assert.equal(response.statusCode, 404);
    assert.doesNotMatch(response.body, /<!doctype html>/);
  });

  test('the assets folder is not listed, and nothing outside it is served', async () => {
    for (const url of ['/console/assets/', '/console/assets/../index.html', '/console/assets/%2e%2e/%2e%2e/package.json']) {
      const response = await app.inject({ method: 'GET', url });
      assert.notEqual(response.body, SCRIPT, url);
      if (response.statusCode === 200) assert.equal(response.body, INDEX, `${url} may only answer the page`);
      else assert.ok([403, 404].includes(response.statusCode), `${url}: ${response.statusCode}`);
    }
  });

  test('only GET and HEAD', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/console/customers' });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    const post = await app.inject({ method: 'POST', url: '/console/customers', payload: {} });
    assert.equal(post.statusCode, 404);
  });
});

describe('a console that was not built', async () => {
  const app = await bare(join(dir, 'missing'));

  test('every console path answers a 404 page that says how to build it', async () => {
    for (const url of ['/console', '/console/customers/1', '/console/assets/index.js']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 404, url);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.match(response.body, /The console is not built/);
      assert.match(response.body, /npm run build -w @rapport\/console/);
    }
  });

  test('the start-up line says it is not built', () => {
    assert.equal(consoleBuilt(join(dir, 'missing')), false);
    assert.match(consoleBanner('http://127.0.0.1:8080', join(dir, 'missing')), /^Console: http:\/\/127\.0\.0\.1:8080\/console\/ is not built; run npm run build -w @rapport\/console/);
  });
});

describe('the console in the application', async () => {
  const t = await buildTestApp();

  test('the console build exists (npm ci runs vite build), and the start-up line names its URL', () => {
    assert.equal(consoleBuilt(), true, `no console build in ${CONSOLE_DIST}: run npm run build -w @rapport/console`);
    assert.equal(consoleBanner('http://127.0.0.1:8080'), 'Console: http://127.0.0.1:8080/console/ (sign in with your e-mail and password, or an API key)\n');
  });

  test('the page needs no key, and the API still does', async () => {
    const page = await t.get('/console/customers', { key: null });
    assert.equal(page.status, 200);
    assert.match(page.text, /<div id="root">/);
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    assert.ok(script, 'the page loads its script from /console/assets/');
    const asset = await t.get(script, { key: null });
    assert.equal(asset.status, 200);
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    const api = await t.get('/apiv3/users', { key: null });
    assert.equal(api.status, 403);
    assert.equal(api.body.code, 'forbidden');
  });

  test('a browser that takes brotli gets the pre-compressed script', async () => {
    const page = await t.get('/console', { key: null });
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(page.text)![1]!;
    const response = await t.get(script, { key: null, headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-encoding'], 'br');
  });

  test('the console is not in the OpenAPI document', async () => {
    const document = await t.get('/apiv3/openapi.json');
    assert.equal(document.status, 200);
    const paths = Object.keys(document.body.paths as object);
    assert.ok(paths.length > 10);
    assert.deepEqual(
      paths.filter((path) => path.includes('console')),
      [],
    );
  });
});
