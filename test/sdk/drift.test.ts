import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { schemaSource } from '../../packages/sdk/scripts/schema-source.js';
import { startSdkServer } from './server.js';

// No drift: the SDK's committed types are exactly what the running server's OpenAPI document
// generates. When this fails, run `npm run generate -w @rapport/sdk` and commit src/schema.d.ts.

const committedPath = new URL('../../packages/sdk/src/schema.d.ts', import.meta.url);

test('packages/sdk/src/schema.d.ts matches the OpenAPI document the server serves', async () => {
  const t = await startSdkServer();
  const response = await fetch(`${t.baseUrl}/apiv3/openapi.json`, { headers: { authorization: `Basic ${t.key}` } });
  assert.equal(response.status, 200);
  const generated = await schemaSource(await response.json());
  const committed = await readFile(committedPath, 'utf8');
  if (generated === committed) return;
  const a = committed.split('\n');
  const b = generated.split('\n');
  let line = 0;
  while (line < a.length && a[line] === b[line]) line += 1;
  assert.fail(
    `src/schema.d.ts is out of date with the served OpenAPI document (run \`npm run generate -w @rapport/sdk\`).\n` +
      `First difference at line ${line + 1}:\n  committed: ${a[line] ?? '<end of file>'}\n  generated: ${b[line] ?? '<end of file>'}`,
  );
});
