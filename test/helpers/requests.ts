import assert from 'node:assert/strict';
import type { TestApp } from './app.js';
import { expectOk } from './assertions.js';

/** Polls GET /requests/{id} until the background request has ended; returns its view. */
export async function waitForRequest(t: TestApp, requestId: string, options: { key?: string; timeoutMs?: number } = {}): Promise<any> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const view = expectOk(await t.get(`/apiv3/requests/${requestId}`, { key: options.key }));
    if (view.status === 'done' || view.status === 'failed') return view;
    assert.ok(Date.now() < deadline, `request ${requestId} still ${view.status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
