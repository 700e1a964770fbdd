import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { createClient as generateClient } from '@hey-api/openapi-ts';
import { buildTestApp } from '../helpers/app.js';

// A client made from the served OpenAPI document by a generator independent of the SDK's
// (@hey-api/openapi-ts; the SDK uses openapi-typescript) compiles under tsc --strict, and against a
// real server creates and reads a customer and a purchase, its types matching the answers. The
// client is generated here, from the document the server serves, into a temporary folder:
// generation reads only that file (no network).

const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');

const t = await buildTestApp();
const dir = mkdtempSync(join(tmpdir(), 'rapport-generated-client-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/**
 * What a programmer writes with the generated client: the operations by their operationId, the key
 * through the document's security scheme (the Authorization header), bodies and answers typed from
 * the document. Compiled with the generated code, so a type that does not fit fails the test.
 */
const USE = `
import { createClient } from './client/client/index.js';
import { createPurchase, getPurchase, getUsersById, postUsers } from './client/index.js';
import type { ErrorEnvelope } from './client/types.gen.js';

export async function run(baseUrl: string, key: string) {
  const client = createClient({ baseUrl, auth: (scheme) => (scheme.in === 'query' ? undefined : 'Basic ' + key) });

  const created = await postUsers({
    client,
    throwOnError: true,
    body: { service_uid: 'gen-1', email: 'gen@example.com', first_name: 'Ada', last_name: 'Gen', gender: 'f', points: 5, tags: ['vip'] },
  });
  const user = created.data.payload;
  const userappId: number = user.userapp_id;
  const read = await getUsersById({ client, throwOnError: true, path: { id: String(userappId) } });
  const byUid = await getUsersById({ client, throwOnError: true, path: { id: btoa('gen-1') } });

  const bought = await createPurchase({
    client,
    throwOnError: true,
    body: {
      invoice_number: 'GEN-0001',
      service_uid: 'gen-1',
      purchase_detail: [
        { sku: 'LAMP-1', product_name: 'Desk lamp', quantity: 2, unit_price: 10 },
        { sku: 'BULB-1', product_name: 'Bulb', quantity: 1, unit_price: 3.5 },
      ],
      prices: { shipping: 4 },
    },
  });
  const purchaseId: number = bought.data.payload.id;
  const purchase = await getPurchase({ client, throwOnError: true, path: { id: purchaseId } });

  // an error answer is the ErrorEnvelope the document declares
  const missing = await getUsersById({ client, path: { id: '987654' } });
  const error: ErrorEnvelope | undefined = missing.error;

  return {
    created: { status: created.response.status, user },
    read: { status: read.response.status, user: read.data.payload },
    byUid: byUid.data.payload.userapp_id,
    purchase: { status: bought.response.status, created: bought.data.payload, read: purchase.data.payload },
    missing: { status: missing.response.status, error },
  };
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: [],
    strict: true,
    noEmitOnError: true,
    outDir: 'dist',
    rootDir: '.',
  },
  include: ['client/**/*.ts', 'use.ts'],
};

function compile(project: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [TSC, '-p', project], { cwd: dir, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`tsc failed on the generated client:\n${stdout}${stderr}`)) : resolve(),
    );
  });
}

describe('a client generated from the OpenAPI document by @hey-api/openapi-ts', () => {
  it('compiles, then creates and reads a customer and a purchase on a real server', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const served = await fetch(`${baseUrl}/apiv3/openapi.json`);
    assert.equal(served.status, 200);
    writeFileSync(join(dir, 'openapi.json'), await served.text());

    await generateClient({
      input: join(dir, 'openapi.json'),
      output: { path: join(dir, 'client') },
      plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
      logs: { level: 'silent' },
    });
    writeFileSync(join(dir, 'use.ts'), USE);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    await compile(join(dir, 'tsconfig.json'));

    const { run } = (await import(pathToFileURL(join(dir, 'dist', 'use.js')).href)) as { run: (baseUrl: string, key: string) => Promise<any> };
    const result = await run(baseUrl, t.key);

    // the customer: 201 (U1), then read back by userapp_id and by the base64 of its service_uid
    assert.equal(result.created.status, 201);
    assert.equal(result.read.status, 200);
    const { user } = result.created;
    assert.ok(Number.isInteger(user.userapp_id) && user.userapp_id > 0);
    assert.deepEqual(
      { service_uid: user.service_uid, email: user.email, first_name: user.first_name, gender: user.gender, points: user.points, tags: user.tags },
      { service_uid: 'gen-1', email: 'gen@example.com', first_name: 'Ada', gender: 'F', points: 5, tags: ['vip'] },
    );
    assert.deepEqual(result.read.user, user);
    assert.equal(result.byUid, user.userapp_id);

    // the purchase: recorded for that customer, and read back the same
    assert.equal(result.purchase.status, 200);
    const { created, read } = result.purchase;
    assert.equal(created.invoice_number, 'GEN-0001');
    assert.equal(created.user.userapp_id, user.userapp_id);
    assert.deepEqual(
      created.purchase_detail.map((item: { sku: string; quantity: number; unit_price: number }) => [item.sku, item.quantity, item.unit_price]),
      [
        ['LAMP-1', 2, 10],
        ['BULB-1', 1, 3.5],
      ],
    );
    assert.equal(created.prices.shipping, 4);
    assert.deepEqual(read, created);

    // errors come back as the documented envelope
    assert.equal(result.missing.status, 404);
    assert.equal(result.missing.error.code, 'not_found');
    assert.equal(result.missing.error.payload, null);

    // and the server holds what the client wrote
    assert.equal((await t.get(`/apiv3/purchases/${created.id}`)).body.payload.invoice_number, 'GEN-0001');
  });
});
