import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import net from 'node:net';
import { describe, it } from 'node:test';
import { DRAIN_LIMIT_MS } from '../../src/http/unread-body.js';
import { formatDateTime } from '../../src/lib/time.js';
import { buildTestApp, type RequestOptions } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { BLACKLIST_URL, emailList, listValues, postMultipart, stagingRows as countStaging, uploadList, waitFor } from '../helpers/blacklist.js';
import { BOUNDARY, MULTIPART_TYPE, type Part, blacklistUpload, multipartBody } from '../helpers/multipart.js';

const t = await buildTestApp();

const URL_ = BLACKLIST_URL;

function upload(content: string | Buffer, blacklist: string, type: string, options: RequestOptions = {}, app = t) {
  return uploadList(app, content, blacklist, type, options);
}

function uploadParts(parts: Part[], options: RequestOptions = {}) {
  return postMultipart(t, multipartBody(parts), options);
}

const values = (list: string, options: RequestOptions = {}, app = t) => listValues(app, list, options);
const stagingRows = (app = t) => countStaging(app);

/** The port of the file's app on a real socket (listening from the first call on). */
async function listeningPort(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** A keep-alive connection that reads HTTP/1.1 answers one after the other. */
async function rawConnection() {
  const socket = net.connect(await listeningPort(), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => {});
  let buffer = Buffer.alloc(0);
  let closed = false;
  let wake = () => {};
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  const parse = (): RawResponse | undefined => {
    const end = buffer.indexOf('\r\n\r\n');
    if (end === -1) return undefined;
    const [statusLine, ...lines] = buffer.subarray(0, end).toString().split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length']);
    if (buffer.length < end + 4 + length) return undefined;
    const body = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString());
    buffer = buffer.subarray(end + 4 + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body };
  };
  return {
    socket,
    isClosed: () => closed,
    write: (data: string | Buffer) => socket.write(data),
    /** The next answer on the connection; fails after 5 s (a hung connection). */
    async next(): Promise<RawResponse> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const response = parse();
        if (response) return response;
        if (closed) assert.fail('the connection closed without an answer');
        if (Date.now() > deadline) assert.fail('no answer within 5 s: the connection hangs');
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

const requestHead = (method: string, path: string, headers: Record<string, string | number> = {}) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Basic ${t.key}\r\n` +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n';

const emails = emailList;

describe('POST /account/blacklist', () => {
  it('loads a spreadsheet export: BOM, CRLF, header, quotes, extra columns, blank lines, case and repeats', async () => {
    const file =
      '\ufeffE-mail;Name\r\n' +
      '"Ana.Perez@Example.COM";"Pérez, Ana"\r\n' +
      '  bob@example.com , Bob\r\n' +
      '\r\n' +
      '"carl ""the"" x"@example.com\r\n'.replace('"carl ""the"" x"@example.com', 'carl@example.com') +
      '"dora@example.com",x\r\n' +
      'ANA.PEREZ@example.com\r\n' +
      '\r\n';
    expectOk(await upload(file, 'email', 'delete-create'));
    assert.deepEqual(await values('email'), ['ana.perez@example.com', 'bob@example.com', 'carl@example.com', 'dora@example.com']);
    assert.deepEqual(await stagingRows(), { uploads: 0, staged: 0 });
  });

  it('reads a file of several 64 KiB slices whole: multi-byte characters and quoted line breaks across their edges', async () => {
    // The server reads large chunks in 64 KiB slices (yielding between them); make the 64 KiB
    // boundary fall inside a two-byte character of a quoted note that also spans lines.
    const build = (pad: number) => {
      const lines = ['email,note'];
      for (let i = 0; i < 3000; i++) lines.push(`slice${i}@example.com,"${'x'.repeat(i === 0 ? pad : 0)}Núñez úú\nsegunda línea"`);
      return Buffer.from(lines.join('\r\n') + '\r\n');
    };
    let pad = 0;
    while ((build(pad)[65_536]! & 0xc0) !== 0x80) pad += 1; // a continuation byte: mid-character
    const file = build(pad);
    assert.ok(file.length > 2 * 65_536);
    expectOk(await upload(file, 'email', 'delete-create'));
    const listed = await values('email');
    assert.equal(listed.length, 3000);
    assert.equal(listed[0], 'slice0@example.com');
    assert.equal(listed.at(-1), 'slice2999@example.com');
    // physical line numbers stay right past the slices: each record spans two lines
    const broken = Buffer.concat([file, Buffer.from('not-an-address,"a\nb"\r\n')]);
    expectError(await upload(broken, 'email', 'delete-create'), 400, 'bad_request', /line 6002\b/);
  });

  it('reads CSV: quoted cells spanning lines, mixed separators and line endings, empty first columns', async () => {
    const file =
      'Email,Notes\n' +
      '"ana@example.com","first line\nsecond line; still the note"\n' +
      'bob@example.com;"a, b"\r\n' +
      'carl@example.com\t"tab"\n' +
      ',no value in the first column\n' +
      '"dora@example.com"\n' +
      '"multi-line cell\n\nends here",x\n' +
      'emma@example.com';
    const response = await upload(file, 'email', 'delete-create');
    // the cell of lines 8-10 is one record, reported at the line it starts on
    expectError(response, 400, 'bad_request', /: line 8 "multi-line cell\\n\\nends here"; nothing was changed$/);
    const fixed = file.replace('"multi-line cell\n\nends here",x\n', '"fred@example.com","x\ny"\n');
    expectOk(await upload(fixed, 'email', 'delete-create'));
    assert.deepEqual(await values('email'), ['ana@example.com', 'bob@example.com', 'carl@example.com', 'dora@example.com', 'fred@example.com', 'emma@example.com']);
    // physical lines after a cell spanning lines
    const bad = '"gus@example.com","one\ntwo\nthree"\nnot-an-address\n';
    expectError(await upload(bad, 'email', 'create'), 400, 'bad_request', /: line 4 "not-an-address"; nothing was changed$/);
  });

  it('rejects malformed CSV, naming the line the broken record starts on, and changes nothing', async () => {
    expectOk(await upload('keep@example.com\n', 'email', 'delete-create'));
    const cases: Array<[string, RegExp]> = [
      ['a@example.com\n"b@example.com\nc@example.com\n', /: line 2 \(a quote opened here is never closed\); nothing was changed$/],
      ['a@example.com\n\n"b@example.com"junk;x\nc@example.com\n', /: line 3 \(text after the closing quote of a cell\); nothing was changed$/],
      [`a@example.com\n${'x'.repeat(70_000)}\n`, /: line 2 \(a record longer than 65536 characters \(an unclosed quote\?\)\); nothing was changed$/],
      ['bad\n"open', /: 2 invalid lines .*: line 1 "bad", line 2 \(a quote opened here is never closed\); nothing/],
    ];
    for (const [file, message] of cases) {
      expectError(await upload(file, 'email', 'delete-create'), 400, 'bad_request', message);
    }
    assert.deepEqual(await values('email'), ['keep@example.com']);
    assert.deepEqual(await stagingRows(), { uploads: 0, staged: 0 });
  });

  it('normalises telephones: keeps a leading + and the digits, drops spaces, dots, dashes and parentheses', async () => {
    const file = 'phone\n+34 (600) 12-34.56\n600 123 456\n"+1 555 0100"\n60012345\n';
    expectOk(await upload(file, 'telephone', 'delete-create'));
    assert.deepEqual(await values('telephone'), ['+34600123456', '600123456', '+15550100', '60012345']);
  });

  it('accepts the parts in any order (fields before the file too)', async () => {
    const body = multipartBody([
      { name: 'type', value: 'delete-create' },
      { name: 'blacklist', value: 'email' },
      { name: 'file', filename: 'a.csv', content: 'z@example.com\ny@example.com\n' },
    ]);
    expectOk(await postMultipart(t, body));
    assert.deepEqual(await values('email'), ['z@example.com', 'y@example.com']);
  });

  it('create adds to the list: entries already there keep their place and time, repeats are no error', async () => {
    t.clock.set('2026-01-01T10:00:00Z');
    expectOk(await upload('a@example.com\nb@example.com\n', 'email', 'delete-create'));
    t.clock.set('2026-01-02T10:00:00Z');
    expectOk(await upload('c@example.com\nb@example.com\nc@example.com\n', 'email', 'create'));
    t.clock.set(null);
    const payload = expectOk(await t.get(`${URL_}?blacklist=email`));
    assert.deepEqual(payload, {
      total: 3,
      entries: [
        { value: 'a@example.com', createtime: '2026-01-01 10:00:00', reason: null },
        { value: 'b@example.com', createtime: '2026-01-01 10:00:00', reason: null },
        { value: 'c@example.com', createtime: '2026-01-02 10:00:00', reason: null },
      ],
    });
  });

  it('delete-create replaces the whole list and leaves the other list alone', async () => {
    expectOk(await upload('600111222\n', 'telephone', 'delete-create'));
    expectOk(await upload('a@example.com\nb@example.com\n', 'email', 'delete-create'));
    expectOk(await upload('new@example.com\nb@example.com\n', 'email', 'delete-create'));
    assert.deepEqual(await values('email'), ['new@example.com', 'b@example.com']);
    assert.deepEqual(await values('telephone'), ['600111222']);
  });

  it('rejects a file with one invalid line, naming its physical line and value, and changes nothing', async () => {
    expectOk(await upload('keep@example.com\n', 'email', 'delete-create'));
    const file = 'email\r\nfirst@example.com\r\n\r\nnot-an-address\r\nlast@example.com\r\n';
    expectError(
      await upload(file, 'email', 'delete-create'),
      400,
      'bad_request',
      /^file: 1 invalid line for the email list, .*: line 4 "not-an-address"; nothing was changed$/,
    );
    assert.deepEqual(await values('email'), ['keep@example.com']);
    assert.deepEqual(await stagingRows(), { uploads: 0, staged: 0 });
  });

  it('validates each line for the list the fields name (a telephone file is not an e-mail file)', async () => {
    expectOk(await upload('keep@example.com\n', 'email', 'delete-create'));
    expectError(await upload('600111222\n', 'email', 'create'), 400, 'bad_request', /line 1 "600111222"/);
    expectError(await upload('a@example.com\n+12\n', 'telephone', 'create'), 400, 'bad_request', /6 to 15 digits.*line 1 "a@example.com", line 2 "\+12"/);
    assert.deepEqual(await values('email'), ['keep@example.com']);
  });

  it('lists at most the first 20 invalid lines and says how many there are', async () => {
    const lines = ['ok@example.com', ...Array.from({ length: 25 }, (_, i) => `bad${i}`)];
    const message = expectError(await upload(lines.join('\n'), 'email', 'create'), 400, 'bad_request', /25 invalid lines .*\(first 20 shown\)/);
    assert.match(message, /line 2 "bad0", line 3 "bad1", .*line 21 "bad19"; nothing was changed$/);
    assert.doesNotMatch(message, /bad20/);
  });

  it('rejects a file with no entry (empty, blank lines, header only) with 400', async () => {
    for (const file of ['', '\r\n\r\n', 'email\r\n\r\n']) {
      expectError(await upload(file, 'email', 'delete-create'), 400, 'bad_request', /^file: holds no entry/);
    }
  });

  it('names a missing part, and rejects wrong values of blacklist and type', async () => {
    const file = { name: 'file', filename: 'a.csv', content: 'a@example.com\n' };
    const list = { name: 'blacklist', value: 'email' };
    const type = { name: 'type', value: 'create' };
    expectError(await uploadParts([list, type]), 400, 'bad_request', /^file: is required$/);
    expectError(await uploadParts([file, type]), 400, 'bad_request', /^blacklist: is required$/);
    expectError(await uploadParts([file, list]), 400, 'bad_request', /^type: is required$/);
    expectError(await uploadParts([file, { name: 'blacklist', value: 'sms' }, type]), 400, 'bad_request', /^blacklist: must be one of "email", "telephone"$/);
    expectError(await uploadParts([file, list, { name: 'type', value: 'replace' }]), 400, 'bad_request', /^type: must be one of "create", "delete-create"$/);
    expectError(await uploadParts([{ name: 'file', value: 'a@example.com' }, list, type]), 400, 'bad_request', /^file: must be a file part/);
    expectError(await uploadParts([file, file, list, type]), 400, 'bad_request', /^file: send a single file part$/);
  });

  it('ignores unknown parts', async () => {
    expectOk(
      await uploadParts([
        { name: 'other', filename: 'x.bin', content: 'whatever' },
        { name: 'file', filename: 'a.csv', content: 'unknown-parts@example.com\n' },
        { name: 'note', value: 'hello' },
        { name: 'blacklist', value: 'email' },
        { name: 'type', value: 'delete-create' },
      ]),
    );
    assert.deepEqual(await values('email'), ['unknown-parts@example.com']);
  });

  it('answers 415 to a body that is not multipart, 400 to a malformed one', async () => {
    expectError(await t.post(URL_, { blacklist: 'email', type: 'create' }), 415, 'unsupported_media_type', /multipart\/form-data/);
    expectOk(await upload('keep@example.com\n', 'email', 'delete-create'));
    // A complete request whose multipart body stops inside the file: the fields came first, so only
    // the missing closing boundary tells that the file is cut short.
    const whole = multipartBody([
      { name: 'blacklist', value: 'email' },
      { name: 'type', value: 'delete-create' },
      { name: 'file', filename: 'a.csv', content: 'a@example.com\nb@example.com\nc@example.com\n' },
    ]);
    const cut = whole.subarray(0, whole.indexOf('b@example.com'));
    expectError(await postMultipart(t, cut), 400, 'bad_request', /^body: malformed multipart\/form-data .*nothing was changed$/);
    assert.deepEqual(await values('email'), ['keep@example.com']);
    assert.deepEqual(await stagingRows(), { uploads: 0, staged: 0 });
  });

  it('accepts files far beyond the 1 MiB JSON body limit, streamed in batches', async () => {
    const list = emails(60_000, 'bulk');
    const file = list.join('\r\n');
    assert.ok(file.length > 1024 * 1024);
    expectOk(await upload(file, 'email', 'delete-create'));
    const payload = expectOk(await t.get(`${URL_}?blacklist=email&limit=2&page=19999`));
    assert.deepEqual(payload.total, 60_000);
    assert.deepEqual(payload.entries.map((e: { value: string }) => e.value), ['bulk39998@example.com', 'bulk39999@example.com']);
    const last = expectOk(await t.get(`${URL_}?blacklist=email&limit=1&page=59999`));
    assert.deepEqual(last.entries.map((e: { value: string }) => e.value), ['bulk59999@example.com']);
    assert.deepEqual(await stagingRows(), { uploads: 0, staged: 0 });
  });

  it('runs concurrent uploads of one list one after the other: replacements never mix, additions all land', async () => {
    const first = emails(6000, 'first');
    const second = emails(6000, 'second');
    const [a, b] = await Promise.all([
      upload(first.join('\n'), 'email', 'delete-create'),
      upload(second.join('\n'), 'email', 'delete-create'),
    ]);
    expectOk(a);
    expectOk(b);
    const after = await values('email');
    assert.ok(
      JSON.stringify(after) === JSON.stringify(first) || JSON.stringify(after) === JSON.stringify(second),
      `the list is exactly one of the two files (got ${after.length} entries)`,
    );

    expectOk(await t.delete(`${URL_}?blacklist=telephone`));
    const phones = (base: number) => Array.from({ length: 5000 }, (_, i) => String(base + i));
    const results = await Promise.all([
      upload(phones(600_000_000).join('\n'), 'telephone', 'create'),
      upload(phones(600_002_500).join('\n'), 'telephone', 'create'),
    ]);
    results.forEach((r) => expectOk(r));
    const union = await values('telephone');
    assert.equal(union.length, 7500);
    assert.equal(new Set(union).size, 7500);
    assert.deepEqual(await stagingRows(), { uploads: 0, staged: 0 });
  });

  it('sweeps the staging rows of uploads abandoned for over five minutes at the next upload', async () => {
    const db = t.database.db;
    t.clock.set('2026-03-01T12:00:00Z');
    const old = await db
      .insertInto('blacklist_uploads')
      .values({ account_id: t.accountId, status: 'open', created_at: '2026-03-01 10:00:00', touched_at: '2026-03-01 10:30:00' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recent = await db
      .insertInto('blacklist_uploads')
      .values({ account_id: t.accountId, status: 'open', created_at: '2026-03-01 11:30:00', touched_at: '2026-03-01 11:58:00' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const id of [old.id, recent.id]) {
      await db.insertInto('blacklist_staging').values([1, 2, 3].map((line) => ({ upload_id: id, line, email: `s${line}@example.com`, telephone: null }))).execute();
    }
    expectOk(await upload('fresh@example.com\n', 'email', 'delete-create'));
    t.clock.set(null);
    const left = await db.selectFrom('blacklist_staging').select('upload_id').distinct().execute();
    assert.deepEqual(left.map((row) => row.upload_id), [recent.id]);
    const uploads = await db.selectFrom('blacklist_uploads').select('id').execute();
    assert.deepEqual(uploads.map((row) => row.id), [recent.id]);
    assert.deepEqual(await values('email'), ['fresh@example.com']);
    await db.deleteFrom('blacklist_uploads').where('id', '=', recent.id).execute();
  });

  it('leaves the old list intact when the connection drops mid-upload, and the next upload works', async () => {
    const old = emails(3, 'old');
    expectOk(await upload(old.join('\n'), 'email', 'delete-create'));

    const port = await listeningPort();
    const body = blacklistUpload(emails(30_000, 'dropped').join('\r\n'), 'email', 'delete-create');
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.on('error', () => {});
    socket.write(
      `POST ${URL_} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Basic ${t.key}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, Math.floor(body.length * 0.6)));
    // Cut the connection only once the server is busy staging the file.
    await waitFor(async () => (await stagingRows()).staged > 0, 'staged rows of the upload in flight');
    socket.destroy();
    await waitFor(async () => {
      const rows = await stagingRows();
      return rows.uploads === 0 && rows.staged === 0;
    }, 'the interrupted upload to be discarded');

    assert.deepEqual(await values('email'), old);
    expectOk(await upload('after@example.com\n', 'email', 'delete-create'));
    assert.deepEqual(await values('email'), ['after@example.com']);
  });

  it('keeps the connection usable after an early rejection (more than 30 parts), the rest of the body read and dropped', async () => {
    expectOk(await upload('kept@example.com\n', 'email', 'delete-create'));
    const fields = Array.from({ length: 40 }, (_, i) => ({ name: `extra${i}`, value: 'x' }));
    // the parts limit stops the parser long before the 2 MB file that follows
    const body = multipartBody([...fields, { name: 'file', filename: 'a.csv', content: 'late@example.com\n'.repeat(120_000) }]);
    const connection = await rawConnection();
    try {
      connection.write(requestHead('POST', URL_, { 'Content-Type': MULTIPART_TYPE, 'Content-Length': body.length }));
      connection.write(body);
      const rejected = await connection.next();
      assert.equal(rejected.status, 400);
      assert.deepEqual({ code: rejected.body.code, message: rejected.body.message }, { code: 'bad_request', message: 'body: too many multipart parts' });
      assert.notEqual(rejected.headers.connection, 'close');
      // the same connection answers the next requests
      connection.write(requestHead('GET', `${URL_}?blacklist=email`));
      const listing = await connection.next();
      assert.equal(listing.status, 200);
      assert.deepEqual(listing.body.payload.entries.map((e: { value: string }) => e.value), ['kept@example.com']);
      const again = blacklistUpload('again@example.com\n', 'email', 'create');
      connection.write(requestHead('POST', URL_, { 'Content-Type': MULTIPART_TYPE, 'Content-Length': again.length }));
      connection.write(again);
      assert.equal((await connection.next()).status, 200);
    } finally {
      connection.socket.destroy();
    }
    assert.deepEqual(await values('email'), ['kept@example.com', 'again@example.com']);
    assert.deepEqual(await stagingRows(), { uploads: 0, staged: 0 });
  });

  it('answers an early rejection of a body too long to drop with Connection: close, never hanging', async () => {
    const fields = Array.from({ length: 40 }, (_, i) => ({ name: `extra${i}`, value: 'x' }));
    const start = multipartBody(fields);
    const connection = await rawConnection();
    try {
      // 64 MiB announced; only the parts arrive before the answer
      connection.write(requestHead('POST', URL_, { 'Content-Type': MULTIPART_TYPE, 'Content-Length': 64 * 1024 * 1024 }));
      connection.write(start.subarray(0, start.length - `--${BOUNDARY}--\r\n`.length));
      const rejected = await connection.next();
      assert.equal(rejected.status, 400);
      assert.equal(rejected.body.message, 'body: too many multipart parts');
      assert.equal(rejected.headers.connection, 'close');
      // O9: the server waits up to DRAIN_LIMIT_MS for the rest before it closes
      const deadline = Date.now() + DRAIN_LIMIT_MS + 2000;
      while (!connection.isClosed() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(connection.isClosed(), true, 'the server closed the connection');
    } finally {
      connection.socket.destroy();
    }
  });

  it('keeps the fields sent after a file that arrives in a thousand small chunks (file first, as the client sends it)', async () => {
    const port = await listeningPort();
    const answer = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const request = http.request(
        { port, host: '127.0.0.1', method: 'POST', path: URL_, headers: { authorization: `Basic ${t.key}`, 'content-type': MULTIPART_TYPE } },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      request.on('error', reject);
      request.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\ntelephone\n`);
      for (let i = 0; i < 1000; i += 1) request.write(`+54 11 4100-${String(i).padStart(4, '0')}\n`); // one chunk each
      request.end(
        `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="blacklist"\r\n\r\ntelephone\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\ndelete-create\r\n--${BOUNDARY}--\r\n`,
      );
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const list = await values('telephone');
    assert.equal(list.length, 1000);
    assert.equal(list[999], '+541141000999');
    assert.deepEqual(await stagingRows(), { uploads: 0, staged: 0 });
  });

  it('needs a key', async () => {
    expectError(await upload('a@example.com\n', 'email', 'create', { key: null }), 403, 'forbidden');
  });
});

describe('upload limit', async () => {
  const small = await buildTestApp({ config: { uploadLimitBytes: 1024 } });

  it('answers 413 beyond the configured limit and changes nothing', async () => {
    expectOk(await upload('keep@example.com\n', 'email', 'delete-create', {}, small));
    const big = emails(200, 'big').join('\n');
    assert.ok(big.length > 1024);
    expectError(await upload(big, 'email', 'delete-create', {}, small), 413, 'payload_too_large', /^file: exceeds the upload limit of 1024 bytes; nothing was changed$/);
    assert.deepEqual(await values('email', {}, small), ['keep@example.com']);
    assert.deepEqual(await stagingRows(small), { uploads: 0, staged: 0 });
    const fits = emails(10, 'fits');
    expectOk(await upload(fits.join('\n'), 'email', 'delete-create', {}, small));
    assert.deepEqual(await values('email', {}, small), fits);
  });
});

describe('DELETE /account/blacklist', () => {
  const fill = async () => {
    expectOk(await upload('a@example.com\n', 'email', 'delete-create'));
    expectOk(await upload('600111222\n', 'telephone', 'delete-create'));
  };

  it('reads the list from the query, a JSON body, a form body, or the type alias', async () => {
    const ways: [string, unknown, RequestOptions][] = [
      [`${URL_}?blacklist=email`, undefined, {}],
      [URL_, { blacklist: 'email' }, {}],
      [URL_, { blacklist: 'email' }, { form: true }],
      [`${URL_}?type=email`, undefined, {}],
      [URL_, { type: 'email' }, {}],
      [URL_, { type: 'email' }, { form: true }],
    ];
    for (const [url, body, options] of ways) {
      await fill();
      assert.equal(expectOk(await t.delete(url, body, options)), null);
      assert.deepEqual(await values('email'), [], `${url} ${JSON.stringify(body)} ${JSON.stringify(options)}`);
      assert.deepEqual(await values('telephone'), ['600111222']);
    }
  });

  it('answers 400 when the list is missing or invalid, and changes nothing', async () => {
    await fill();
    expectError(await t.delete(URL_), 400, 'bad_request', /^blacklist: is required/);
    expectError(await t.delete(URL_, {}), 400, 'bad_request', /^blacklist: is required/);
    expectError(await t.delete(URL_, { type: 'create' }), 400, 'bad_request', /^blacklist: is required/);
    expectError(await t.delete(`${URL_}?blacklist=sms`), 400, 'bad_request', /^blacklist: must be one of "email", "telephone"$/);
    expectError(await t.delete(URL_, { blacklist: 'sms' }, { form: true }), 400, 'bad_request', /^blacklist: must be one of/);
    assert.deepEqual(await values('email'), ['a@example.com']);
  });
});

describe('GET /account/blacklist and /account/blacklist/{blacklist}/{value}', () => {
  it('pages through the list in insertion order with the total', async () => {
    const list = emails(7, 'page');
    t.clock.set('2026-02-03T04:05:06Z');
    expectOk(await upload(list.join('\n'), 'email', 'delete-create'));
    t.clock.set(null);
    const payload = expectOk(await t.get(`${URL_}?blacklist=email&limit=3&page=1`));
    assert.deepEqual(payload, {
      total: 7,
      entries: list.slice(3, 6).map((value) => ({ value, createtime: formatDateTime(new Date('2026-02-03T04:05:06Z')), reason: null })),
    });
    assert.deepEqual(expectOk(await t.get(`${URL_}?type=email&page=5&limit=3`)), { total: 7, entries: [] });
    assert.equal(expectOk(await t.get(`${URL_}?blacklist=email`)).entries.length, 7);
  });

  it('rejects a missing list and bad paging', async () => {
    expectError(await t.get(URL_), 400, 'bad_request', /^blacklist: is required/);
    expectError(await t.get(`${URL_}?blacklist=sms`), 400, 'bad_request', /^blacklist: must be one of/);
    expectError(await t.get(`${URL_}?blacklist=email&limit=101`), 400, 'bad_request', /^limit: /);
    expectError(await t.get(`${URL_}?blacklist=email&page=-1`), 400, 'bad_request', /^page: /);
  });

  it('checks a value after normalising it', async () => {
    expectOk(await upload('listed@example.com\n', 'email', 'delete-create'));
    expectOk(await upload('+34 600 111 222\n', 'telephone', 'delete-create'));
    const check = async (list: string, value: string) =>
      expectOk(await t.get(`${URL_}/${list}/${encodeURIComponent(value)}`)).blacklisted as boolean;
    assert.equal(await check('email', ' Listed@Example.com '), true);
    assert.equal(await check('email', 'other@example.com'), false);
    assert.equal(await check('email', 'not an address'), false);
    assert.equal(await check('telephone', '+34 (600) 111-222'), true);
    assert.equal(await check('telephone', '34600111222'), false);
    assert.equal(await check('telephone', 'listed@example.com'), false);
    expectError(await t.get(`${URL_}/sms/600111222`), 400, 'bad_request', /^blacklist: must be one of/);
  });
});

describe('tenancy', () => {
  it('keeps each account to its own lists', async () => {
    const other = await t.newAccount('tenant-b');
    expectOk(await upload('mine@example.com\n', 'email', 'delete-create'));
    assert.deepEqual(await values('email', { key: other.key }), []);
    assert.equal(expectOk(await t.get(`${URL_}/email/mine@example.com`, { key: other.key })).blacklisted, false);

    expectOk(await upload('theirs@example.com\n', 'email', 'delete-create', { key: other.key }));
    assert.deepEqual(await values('email'), ['mine@example.com']);
    assert.deepEqual(await values('email', { key: other.key }), ['theirs@example.com']);

    expectOk(await t.delete(`${URL_}?blacklist=email`, undefined, { key: other.key }));
    assert.deepEqual(await values('email'), ['mine@example.com']);
    assert.deepEqual(await values('email', { key: other.key }), []);
  });
});

describe('users reflect the lists (U4)', () => {
  it('turns mailing/sms off with reason "blacklist" while the user\'s e-mail or telephone is listed', async () => {
    const user = await createUser(t, { email: 'Listed.User@Example.com', telephone: '+34 600 999 888' });
    const other = await createUser(t, { email: 'free.user@example.com', telephone: '600777666' });
    const flags = async (id: number) => {
      const u = expectOk(await t.get(`/apiv3/users/${id}`));
      return [u.mailing_enabled, u.mailing_enabled_reason, u.sms_enabled, u.sms_enabled_reason];
    };
    expectOk(await t.delete(`${URL_}?blacklist=email`));
    expectOk(await t.delete(`${URL_}?blacklist=telephone`));
    assert.deepEqual(await flags(user.userapp_id), [true, null, true, null]);

    expectOk(await upload('email\r\n"LISTED.user@example.com"\r\n', 'email', 'delete-create'));
    expectOk(await upload('+34 (600) 999-888\n', 'telephone', 'create'));
    assert.deepEqual(await flags(user.userapp_id), [false, 'blacklist', false, 'blacklist']);
    assert.deepEqual(await flags(other.userapp_id), [true, null, true, null]);

    // Another account's lists do not touch this account's users.
    const tenant = await t.newAccount('tenant-u4');
    expectOk(await upload('free.user@example.com\n', 'email', 'create', { key: tenant.key }));
    assert.deepEqual(await flags(other.userapp_id), [true, null, true, null]);

    expectOk(await t.delete(URL_, { type: 'email' }));
    assert.deepEqual(await flags(user.userapp_id), [true, null, false, 'blacklist']);
  });
});
