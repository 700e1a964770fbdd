import assert from 'node:assert/strict';
import type { TestApp } from './app.js';

// Factories for the commerce resources: each creates through the API and returns the payload.

let sequence = 0;

/** Creates a product through POST /apiv3/products (a unique sku and a name unless given). */
export async function createProduct(t: TestApp, fields: Record<string, unknown> = {}, options: { key?: string } = {}) {
  sequence += 1;
  const body = { sku: `sku-${process.pid}-${sequence}`, name: `Product ${sequence}`, ...fields };
  const response = await t.post('/apiv3/products', body, options.key ? { key: options.key } : {});
  assert.equal(response.status, 200, `createProduct failed: ${response.text}`);
  return response.body.payload;
}

/** Creates a branch through POST /apiv3/branches (a unique name unless given). */
export async function createBranch(t: TestApp, fields: Record<string, unknown> = {}, options: { key?: string } = {}) {
  sequence += 1;
  const body = { name: `Branch ${process.pid}-${sequence}`, ...fields };
  const response = await t.post('/apiv3/branches', body, options.key ? { key: options.key } : {});
  assert.equal(response.status, 200, `createBranch failed: ${response.text}`);
  return response.body.payload;
}

/** The base64 forms a path identifier may take (U3): standard URL-encoded, standard raw, URL-safe padded and not. */
export function base64Forms(text: string): { encoded: string; raw: string; urlSafe: string; urlSafePadded: string } {
  const standard = Buffer.from(text, 'utf8').toString('base64');
  const urlSafePadded = standard.replace(/\+/g, '-').replace(/\//g, '_');
  return { encoded: encodeURIComponent(standard), raw: standard, urlSafe: urlSafePadded.replace(/=+$/, ''), urlSafePadded };
}
