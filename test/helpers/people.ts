import assert from 'node:assert/strict';
import type { RequestOptions, Response, TestApp } from './app.js';

// People of a test account (T1–T2): added with the file's key, their password set through their
// welcome link, signed in with the cookie that answers.

export const PASSWORD = 'correct horse battery staple';
export const CSRF = { 'x-rapport-console': '1' };

export interface Person {
  id: number;
  email: string;
  /** `rapport_session=<token>`, as a browser sends it back. */
  cookie: string;
}

/** The session cookie a response sets, as the Cookie header that sends it back. */
export function cookieFrom(response: Response): string {
  const header = response.headers['set-cookie'];
  const line = Array.isArray(header) ? header[0] : header;
  assert.ok(typeof line === 'string' && line.startsWith('rapport_session='), `no session cookie set (status ${response.status}: ${response.text})`);
  return line.split(';')[0]!;
}

/** The token of a welcome or reset link. */
export function tokenOf(url: string): string {
  const token = new URL(url).searchParams.get('token');
  assert.ok(token, `no token in ${url}`);
  return token;
}

/** Request options that authenticate with the cookie alone (no key), with the CSRF header unless told. */
export function as(person: { cookie: string }, options: { csrf?: boolean; headers?: Record<string, string> } = {}): RequestOptions {
  return { key: null, headers: { cookie: person.cookie, ...(options.csrf === false ? {} : CSRF), ...(options.headers ?? {}) } };
}

/** Adds a person with `key` (the file's by default), sets their password, and answers them signed in. */
export async function addPerson(t: TestApp, email: string, role: 'owner' | 'editor' | 'viewer', options: { key?: string; password?: string } = {}): Promise<Person> {
  const added = await t.post('/apiv3/account/people', { email, role }, { key: options.key ?? t.key });
  assert.equal(added.status, 201, added.text);
  const set = await t.put('/console/password', { token: tokenOf(added.body.payload.invite_url), password: options.password ?? PASSWORD }, { key: null, headers: CSRF });
  assert.equal(set.status, 204, set.text);
  return { id: added.body.payload.id, email: added.body.payload.email, cookie: cookieFrom(set) };
}

/** Signs in; answers the response (and the cookie when it worked). */
export async function signIn(t: TestApp, body: { email: string; password: string; account?: number }, headers: Record<string, string> = CSRF): Promise<Response> {
  return t.post('/console/session', body, { key: null, headers });
}
