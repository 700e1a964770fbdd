import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../helpers/api-routes.js';
import { buildTestApp } from '../helpers/app.js';

// src/routes.ts is the route table a newcomer reads first: the comment above each module lists its
// routes. This holds those comments against the routes the app serves, both ways.

const t = await buildTestApp();
const METHOD = '(?:GET|POST|PUT|DELETE|PATCH)';
const ENTRY = new RegExp(`(${METHOD}(?:\\|${METHOD})*) (/(?:[\\w\\-*/]|\\{[^}]*\\}|:(?=[a-z_]))+)`, 'g');

/** `/a/{,b-}c` -> `/a/c`, `/a/b-c`. */
function expandBraces(path: string): string[] {
  const match = /\{([^}]*)\}/.exec(path);
  if (!match) return [path];
  return match[1]!.split(',').flatMap((part) => expandBraces(path.slice(0, match.index) + part + path.slice(match.index + match[0].length)));
}

function documentedRoutes(): Set<string> {
  const source = readFileSync(new URL('../../src/routes.ts', import.meta.url), 'utf8');
  const body = source.slice(source.indexOf('export async function apiRoutes'));
  const routes = new Set<string>();
  for (const line of body.split('\n').filter((l) => l.trim().startsWith('//'))) {
    for (const [, methods, path] of line.matchAll(ENTRY)) {
      for (const method of methods!.split('|')) for (const expanded of expandBraces(path!)) routes.add(`${method} /apiv3${expanded}`);
    }
  }
  return routes;
}

describe('the route table in src/routes.ts', () => {
  const documented = documentedRoutes();

  it('names only routes the app serves', () => {
    assert.ok(documented.size > 60, `only ${documented.size} routes were read from the comments`);
    const missing = [...documented].filter((route) => {
      const [method, url] = route.split(' ') as [string, string];
      return !t.app.hasRoute({ method: method as 'GET', url });
    });
    assert.deepEqual(missing, []);
  });

  it('names every route the OpenAPI document lists', async () => {
    const doc = (await t.get('/apiv3/openapi.json', { key: null })).body as { paths: Record<string, Record<string, unknown>> };
    const served: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        if (!['get', 'post', 'put', 'delete', 'patch'].includes(method) || path === '/apiv3/openapi.json') continue;
        served.push(`${method.toUpperCase()} ${path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1')}`);
      }
    }
    assert.ok(served.length > 60);
    assert.deepEqual(
      served.filter((route) => !documented.has(route)),
      [],
    );
  });
});

/** Each `scope.register(<plugin>…)` of apiRoutes with the routes the comment lines right above it list. */
function commentsByRegistration(): Map<string, Set<string>> {
  const source = readFileSync(new URL('../../src/routes.ts', import.meta.url), 'utf8');
  const lines = source.slice(source.indexOf('export async function apiRoutes')).split('\n');
  const table = new Map<string, Set<string>>();
  lines.forEach((line, i) => {
    const registration = /await scope\.register\((\w+)/.exec(line);
    if (!registration) return;
    const routes = new Set<string>();
    for (let j = i - 1; j >= 0 && lines[j]!.trim().startsWith('//'); j--) {
      for (const [, methods, path] of lines[j]!.matchAll(ENTRY)) {
        for (const method of methods!.split('|')) for (const expanded of expandBraces(path!)) routes.add(`${method} /apiv3${expanded}`);
      }
    }
    table.set(registration[1]!, routes);
  });
  return table;
}

/** The routes each module's plugin serves, told apart by the plugin each onRoute runs in. */
async function servedByRegistration(): Promise<Map<string, Set<string>>> {
  const app = Fastify();
  const served = new Map<string, Set<string>>();
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
    const set = served.get(this.pluginName) ?? new Set<string>();
    for (const method of methods) set.add(`${method} ${route.url}`);
    served.set(this.pluginName, set);
  });
  await registerApiRoutes(app, t);
  return served;
}

describe('each registration of the route table', () => {
  it('is preceded by a comment listing exactly the routes it serves', async () => {
    const documented = commentsByRegistration();
    const served = await servedByRegistration();
    assert.ok(documented.size >= 20, `only ${documented.size} registrations were read`);
    for (const [plugin, routes] of documented) {
      const actual = served.get(plugin);
      assert.ok(actual, `${plugin} is registered in src/routes.ts but served no route`);
      assert.deepEqual([...actual].sort(), [...routes].sort(), `the comment above ${plugin}'s registration (actual: served)`);
    }
    assert.deepEqual(
      [...served.keys()].filter((plugin) => plugin.endsWith('Routes') && !documented.has(plugin)),
      [],
      'every plugin that serves routes is a registration of the table',
    );
  });
});
