import { after } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { openAgain, type Response, type TestApp } from './app.js';

/**
 * A second application process, as far as the database can tell: on PostgreSQL, another app over
 * the same test schema with its own connection pool (requests to both race for real). On SQLite in
 * memory a database cannot be shared, so it answers the test file's own app.
 */
export interface SecondApp {
  post(url: string, body?: unknown): Promise<Response>;
  put(url: string, body?: unknown): Promise<Response>;
  get(url: string): Promise<Response>;
  /** Any call with the headers given and no key (a console session's cookie, T2). */
  send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, body?: unknown): Promise<Response>;
}

async function inject(app: FastifyInstance, key: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, extra: Record<string, string> = {}): Promise<Response> {
  const headers: Record<string, string> = { ...extra };
  if (key !== null) headers.authorization = `Basic ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await app.inject({ method, url, headers, payload: body === undefined ? undefined : JSON.stringify(body) });
  let parsed: unknown;
  try {
    parsed = response.body === '' ? undefined : JSON.parse(response.body);
  } catch {
    parsed = undefined;
  }
  return { status: response.statusCode, headers: response.headers, body: parsed, text: response.body };
}

export async function buildSecondApp(t: TestApp): Promise<SecondApp> {
  const url = process.env.TEST_DATABASE_URL;
  let app = t.app;
  if (url) {
    const database = openAgain(t.database);
    app = await buildApp({ config: { ...t.config, workerEnabled: false }, database, clock: t.clock, logger: false });
    await app.ready();
    // Registered after the file's own hook, so it runs after the schema is dropped: idle
    // connections hold no lock, and closing them then is harmless.
    after(async () => {
      await app.close();
      await database.close();
    });
  }
  return {
    post: (path, body) => inject(app, t.key, 'POST', path, body),
    put: (path, body) => inject(app, t.key, 'PUT', path, body),
    get: (path) => inject(app, t.key, 'GET', path),
    send: (method, path, headers, body) => inject(app, null, method, path, body, headers),
  };
}
