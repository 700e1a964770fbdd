import assert from 'node:assert/strict';
import type { Response } from './app.js';

/** Asserts a success envelope and returns its payload. */
export function expectOk(response: Response, status = 200): any {
  assert.equal(response.status, status, `expected ${status}, got ${response.status}: ${response.text}`);
  assert.equal(response.body.code, 'ok', response.text);
  assert.match(response.body.time, /^\d+ms$/);
  return response.body.payload;
}

/** Asserts an error envelope with that status and code; returns the message for further checks. */
export function expectError(response: Response, status: number, code: string, messagePattern?: RegExp): string {
  assert.equal(response.status, status, `expected ${status}, got ${response.status}: ${response.text}`);
  assert.equal(response.body.code, code, response.text);
  assert.equal(response.body.payload, null);
  assert.match(response.body.time, /^\d+ms$/);
  assert.equal(typeof response.body.message, 'string');
  if (messagePattern) assert.match(response.body.message, messagePattern);
  return response.body.message;
}
