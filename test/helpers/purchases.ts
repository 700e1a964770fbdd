import assert from 'node:assert/strict';
import type { TestApp } from './app.js';

// Purchase bodies (S1) for the purchases tests: a unique invoice number and one item unless given.

let sequence = 0;

export function nextInvoice(prefix = 'INV'): string {
  sequence += 1;
  return `${prefix}-${process.pid}-${sequence}`;
}

export function purchaseBody(user: { service_uid: string }, fields: Record<string, unknown> = {}): Record<string, any> {
  return {
    invoice_number: nextInvoice(),
    service_uid: user.service_uid,
    purchase_detail: [{ sku: 'SKU-1', product_name: 'Thing', quantity: 1, unit_price: 10 }],
    ...fields,
  };
}

/** Records a purchase through POST /apiv3/purchases and returns the purchase object. */
export async function createPurchase(t: TestApp, user: { service_uid: string }, fields: Record<string, unknown> = {}, options: { key?: string } = {}) {
  const response = await t.post('/apiv3/purchases', purchaseBody(user, fields), options.key ? { key: options.key } : {});
  assert.equal(response.status, 200, `createPurchase failed: ${response.text}`);
  return response.body.payload;
}

/** A user's points balance and ledger (GET /users/{id}/points). */
export async function pointsOf(t: TestApp, user: { userapp_id: number }, options: { key?: string } = {}): Promise<{ points: number; transactions: any[] }> {
  const response = await t.get(`/apiv3/users/${user.userapp_id}/points?limit=100`, options.key ? { key: options.key } : {});
  assert.equal(response.status, 200, response.text);
  return response.body.payload;
}
