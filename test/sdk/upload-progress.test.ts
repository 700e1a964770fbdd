import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { UploadProgress } from '../../packages/sdk/src/index.js';
import { rapportError, startSdkServer } from './server.js';

// uploadBlacklist's onProgress (the console's progress bar): in Node.js the body is counted as
// fetch reads it; in a browser it goes through XMLHttpRequest, played here by an adapter over fetch
// that reports progress the way browsers do (upload events, then load).

const t = await startSdkServer();
const { sdk } = t;

const csv = (count: number) => new Blob(Array.from({ length: count }, (_, i) => `progress${i}@example.com\n`));

async function listed(): Promise<number> {
  let count = 0;
  for (const page of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) {
    const { entries } = await sdk.GET('/account/blacklist', { params: { query: { blacklist: 'email', page, limit: 100 } } });
    count += entries.length;
    if (entries.length < 100) break;
  }
  return count;
}

describe('upload progress', () => {
  test('Node.js: progress rises to the whole body, and the upload lands', async () => {
    const seen: UploadProgress[] = [];
    await sdk.uploadBlacklist({ file: csv(1000), blacklist: 'email', type: 'delete-create', onProgress: (p) => seen.push(p) });
    assert.ok(seen.length >= 1);
    const last = seen.at(-1)!;
    assert.ok(last.total !== null && last.total > 24_000, `total ${last.total}`);
    assert.equal(last.loaded, last.total, 'the whole body was reported sent');
    for (let i = 1; i < seen.length; i += 1) assert.ok(seen[i]!.loaded > seen[i - 1]!.loaded, 'loaded only rises');
    assert.equal(await listed(), 1000);
  });

  test('Node.js: a stream has no total, and counts what went out', async () => {
    const seen: UploadProgress[] = [];
    const stream = csv(10).stream();
    await sdk.uploadBlacklist({ file: stream, blacklist: 'email', type: 'delete-create', onProgress: (p) => seen.push(p) });
    assert.ok(seen.length >= 1);
    assert.equal(seen.at(-1)!.total, null);
    assert.ok(seen.at(-1)!.loaded > 200);
    assert.equal(await listed(), 10);
  });

  test('dryRun: the file is read and checked, the answer says what it would do, nothing changes', async () => {
    await sdk.uploadBlacklist({ file: csv(5), blacklist: 'email', type: 'delete-create' });
    const seen: UploadProgress[] = [];
    const answer = await sdk.uploadBlacklist({ file: csv(8), blacklist: 'email', type: 'delete-create', dryRun: true, onProgress: (p) => seen.push(p) });
    assert.ok(answer && answer.dry_run === true, JSON.stringify(answer));
    assert.equal(answer.would_delete.entries, 5);
    assert.equal(answer.would_add.entries, 8);
    assert.equal(answer.rejection, null);
    assert.equal(seen.at(-1)!.loaded, seen.at(-1)!.total);
    assert.equal(await listed(), 5, 'nothing changed');
  });

  describe('browser (XMLHttpRequest)', () => {
    const used: string[] = [];
    class FetchBackedXhr {
      status = 0;
      statusText = '';
      responseText = '';
      upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      onloadend: (() => void) | null = null;
      private method = 'GET';
      private url = '';
      private headers: Record<string, string> = {};
      private responseHeaders = '';
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      getAllResponseHeaders() {
        return this.responseHeaders;
      }
      abort() {
        this.onabort?.();
      }
      send(body: Blob) {
        used.push(this.url);
        this.upload.onprogress?.({ loaded: Math.floor(body.size / 2), total: body.size, lengthComputable: true });
        this.upload.onprogress?.({ loaded: body.size, total: body.size, lengthComputable: true });
        fetch(this.url, { method: this.method, headers: this.headers, body }).then(
          async (response) => {
            this.status = response.status;
            this.statusText = response.statusText;
            this.responseText = await response.text();
            this.responseHeaders = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\r\n');
            this.onload?.();
            this.onloadend?.();
          },
          () => {
            this.onerror?.();
            this.onloadend?.();
          },
        );
      }
    }
    const global = globalThis as { XMLHttpRequest?: unknown };
    before(() => (global.XMLHttpRequest = FetchBackedXhr));
    after(() => delete global.XMLHttpRequest);

    test('a File goes through XMLHttpRequest with its progress, and lands', async () => {
      const seen: UploadProgress[] = [];
      const file = new File([await csv(50).text()], 'list.csv', { type: 'text/csv' });
      await sdk.uploadBlacklist({ file, blacklist: 'email', type: 'delete-create', onProgress: (p) => seen.push(p) });
      assert.equal(used.length, 1);
      assert.match(used[0]!, /\/apiv3\/account\/blacklist$/);
      const total = seen[0]!.total!;
      assert.ok(total > file.size, 'the multipart body: the file and the fields');
      assert.deepEqual(seen, [
        { loaded: Math.floor(total / 2), total },
        { loaded: total, total },
      ]);
      assert.equal(await listed(), 50);
    });

    test("an error answer through XMLHttpRequest is the API's RapportError", async () => {
      const error = await rapportError(
        sdk.uploadBlacklist({ file: new Blob(['x']), blacklist: 'fax' as 'email', type: 'create', onProgress: () => {} }),
      );
      assert.equal(error.status, 400);
      assert.equal(error.code, 'bad_request');
      assert.match(error.message, /blacklist/);
      assert.ok(error.requestId, 'the X-Request-Id header came through');
    });

    test('without onProgress the upload stays on fetch', async () => {
      const before = used.length;
      await sdk.uploadBlacklist({ file: csv(3), blacklist: 'email', type: 'delete-create' });
      assert.equal(used.length, before);
      assert.equal(await listed(), 3);
    });
  });
});
