import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { DRAIN_LIMIT_BYTES, DRAIN_LIMIT_MS } from '../../src/http/unread-body.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { BOUNDARY } from '../helpers/multipart.js';

// O9: a body over the limit is answered 413 in the envelope, and a client still writing that body
// reads the answer: the server reads and drops the rest (up to 16 MiB or 5 s) before it closes the
// connection, instead of closing at once and resetting the client's writes (EPIPE, ECONNRESET).
// Over real sockets (app.inject has no connection to close), and fetch from another process: a
// client sharing the server's event loop never races it, as a real one does.

const t = await buildTestApp();
// The blacklist upload with a 1 KiB limit: a large file is refused after its first kilobyte.
const small = await buildTestApp({ config: { uploadLimitBytes: 1024 } });

async function portOf(app: TestApp): Promise<number> {
  if (!app.app.server.listening) await app.app.listen({ port: 0, host: '127.0.0.1' });
  return (app.app.server.address() as AddressInfo).port;
}

const MiB = 1024 * 1024;
const TOO_LARGE = { payload: null, code: 'payload_too_large', message: 'request body exceeds the 1 MiB limit' };

/**
 * Node's fetch in a process of its own, `times` requests one after the other; each outcome is
 * {status, body} or {error} (the cause's code: EPIPE, ECONNRESET). Bodies: a JSON body of `bytes`
 * bytes sent with its length, the same streamed without one (chunked), or a multipart blacklist
 * upload whose file is `bytes` long, streamed (counting what was pulled from the stream).
 */
const FETCH_CLIENT = `
const { url, key, kind, bytes, times, boundary } = JSON.parse(process.argv[1]);
const piece = Buffer.alloc(64 * 1024, 0x78);
function streamed(head, tail, counter) {
  let sent = 0;
  return new ReadableStream({
    start(controller) { controller.enqueue(Buffer.from(head)); },
    pull(controller) {
      if (sent >= bytes) { controller.enqueue(Buffer.from(tail)); return controller.close(); }
      controller.enqueue(piece);
      sent += piece.length;
      counter.sent = sent;
    },
  });
}
const results = [];
for (let i = 0; i < times; i += 1) {
  const counter = { sent: 0 };
  let body, type = 'application/json';
  if (kind === 'json') body = JSON.stringify({ email: 'big@example.com', note: 'x'.repeat(bytes) });
  else if (kind === 'json-stream') body = streamed('{"email":"big@example.com","note":"', '"}', counter);
  else {
    type = 'multipart/form-data; boundary=' + boundary;
    const part = (name) => '--' + boundary + '\\r\\nContent-Disposition: form-data; name="' + name + '"';
    body = streamed(
      part('blacklist') + '\\r\\n\\r\\nemail\\r\\n' + part('type') + '\\r\\n\\r\\ncreate\\r\\n' +
        part('file') + '; filename="big.csv"\\r\\nContent-Type: text/csv\\r\\n\\r\\n',
      '\\r\\n--' + boundary + '--\\r\\n',
      counter,
    );
  }
  try {
    const response = await fetch(url, { method: 'POST', headers: { authorization: 'Basic ' + key, 'content-type': type }, body, duplex: 'half' });
    results.push({ status: response.status, body: await response.json(), sent: counter.sent });
  } catch (error) {
    results.push({ error: String(error.cause?.code ?? error.message) });
  }
}
process.stdout.write(JSON.stringify(results));
`;

type FetchOutcome = { status: number; body: any; sent: number } | { error: string };

function fetchFromAnotherProcess(spec: { url: string; key: string; kind: 'json' | 'json-stream' | 'upload'; bytes: number; times: number }): Promise<FetchOutcome[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', FETCH_CLIENT, JSON.stringify({ ...spec, boundary: BOUNDARY })],
      { maxBuffer: 16 * 1024 * 1024, timeout: 60_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as FetchOutcome[])),
    );
  });
}

function expectTooLarge(status: number, body: any, message = TOO_LARGE.message) {
  assert.equal(status, 413);
  assert.deepEqual({ payload: body.payload, code: body.code, message: body.message }, { ...TOO_LARGE, message });
  assert.match(body.time, /^\d+ms$/);
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

interface SlowOutcome {
  answer: Answer | undefined;
  /** Body bytes the client had written when the answer arrived. */
  writtenAtAnswer: number;
  /** Body bytes written in all (into the socket). */
  written: number;
  /** The socket's error, if any (EPIPE, ECONNRESET). */
  error: string | undefined;
  /** Milliseconds from the answer to the server's closing the connection (undefined: still open). */
  closedAfterMs: number | undefined;
}

function parseAnswer(buffer: Buffer): Answer | undefined {
  const end = buffer.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const [statusLine, ...lines] = buffer.subarray(0, end).toString().split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const length = Number(headers['content-length']);
  if (buffer.length < end + 4 + length) return undefined;
  return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString()) };
}

/**
 * A client that sends the head, then the body in `chunk`-byte writes with `pauseMs` between them,
 * whatever the server answers meanwhile (as a client that reads only once it has sent everything),
 * until it has written `total` bytes, its socket fails or the server closes; then it waits up to
 * `waitMs` for the server to close.
 */
async function slowClient(
  port: number,
  head: string,
  body: { total: number; chunk: number; pauseMs: number; piece?: (size: number, offset: number) => Buffer; trailer?: Buffer },
  waitMs = 2000,
): Promise<SlowOutcome> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = Buffer.alloc(0);
  let answer: Answer | undefined;
  let answeredAt = 0;
  let written = 0;
  let writtenAtAnswer = -1;
  let error: string | undefined;
  let closedAt: number | undefined;
  socket.on('data', (data: Buffer) => {
    received = Buffer.concat([received, data]);
    answer ??= parseAnswer(received);
    if (answer && writtenAtAnswer < 0) {
      writtenAtAnswer = written;
      answeredAt = Date.now();
    }
  });
  socket.on('error', (failure: NodeJS.ErrnoException) => (error ??= failure.code ?? failure.message));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('close', () => (closedAt = Date.now()));
  const writeAll = (data: Buffer | string) =>
    new Promise<void>((resolve) => {
      if (socket.destroyed || socket.writableEnded) return resolve();
      socket.write(data, () => resolve());
    });

  await writeAll(head);
  const piece = body.piece ?? ((size: number) => Buffer.alloc(size, 0x78));
  while (written < body.total && error === undefined && closedAt === undefined) {
    const size = Math.min(body.chunk, body.total - written);
    await writeAll(piece(size, written));
    if (error === undefined) written += size;
    if (body.pauseMs > 0) await sleep(body.pauseMs);
  }
  if (body.trailer && error === undefined && closedAt === undefined) await writeAll(body.trailer);
  await Promise.race([closed, sleep(waitMs)]);
  socket.destroy();
  return {
    answer,
    writtenAtAnswer,
    written,
    error,
    closedAfterMs: closedAt === undefined || answer === undefined ? undefined : closedAt - answeredAt,
  };
}

const head = (port: number, key: string, path: string, headers: Record<string, string | number>) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Basic ${key}\r\n` +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n';

/** Chunked transfer coding of one piece. */
const chunked = (data: Buffer) => Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);

describe('O9: a body over the limit, sent by a client still writing it', () => {
  it('Node fetch reads the 413 of a 2 MiB JSON body, time after time (and of an 8 MiB one)', async () => {
    const url = `http://127.0.0.1:${await portOf(t)}/apiv3/users`;
    // 2 MiB is what the platform's client sent; 8 MiB overflows the socket buffers of any machine,
    // so the close of a server that does not drain resets the client here too.
    for (const bytes of [2 * MiB, 8 * MiB]) {
      const outcomes = await fetchFromAnotherProcess({ url, key: t.key, kind: 'json', bytes, times: 10 });
      for (const outcome of outcomes) {
        assert.ok('status' in outcome, `fetch failed with ${'error' in outcome ? outcome.error : ''} on a ${bytes}-byte body`);
        expectTooLarge(outcome.status, outcome.body);
      }
    }
    // nothing of the refused bodies was created, and the server still serves
    const listing = await t.get('/apiv3/users?search=big@example.com');
    assert.equal(listing.status, 200);
    assert.deepEqual(listing.body.payload, []);
  });

  it('Node fetch reads the 413 of a JSON body streamed without a length (chunked)', async () => {
    const url = `http://127.0.0.1:${await portOf(t)}/apiv3/users`;
    for (const bytes of [2 * MiB, 8 * MiB]) {
      for (const outcome of await fetchFromAnotherProcess({ url, key: t.key, kind: 'json-stream', bytes, times: 5 })) {
        assert.ok('status' in outcome, `fetch failed with ${'error' in outcome ? outcome.error : ''} on a ${bytes}-byte body`);
        expectTooLarge(outcome.status, outcome.body);
      }
    }
  });

  it('a client writing 2 MiB slowly (Content-Length) writes it all without a reset, then reads the 413', async () => {
    const port = await portOf(t);
    const total = 2 * MiB + 64;
    for (let i = 0; i < 3; i += 1) {
      const outcome = await slowClient(port, head(port, t.key, '/apiv3/users', { 'Content-Type': 'application/json', 'Content-Length': total }), {
        total,
        chunk: 64 * 1024,
        pauseMs: 10,
      });
      assert.equal(outcome.error, undefined, 'no EPIPE or ECONNRESET while writing');
      assert.equal(outcome.written, total, 'the whole body was written');
      assert.ok(outcome.answer, 'the client read an answer');
      assert.ok(outcome.writtenAtAnswer < total, 'the answer came while the client was still writing');
      expectTooLarge(outcome.answer.status, outcome.answer.body);
      assert.equal(outcome.answer.headers.connection, 'close');
      assert.notEqual(outcome.closedAfterMs, undefined, 'the server closed the connection once the body had arrived');
    }
  });

  it('a client writing slowly without a length (chunked) reads the 413, and the connection closes at the body end', async () => {
    const port = await portOf(t);
    for (let i = 0; i < 3; i += 1) {
      const outcome = await slowClient(port, head(port, t.key, '/apiv3/users', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }), {
        total: 2 * MiB,
        chunk: 64 * 1024,
        pauseMs: 10,
        piece: (size, offset) => chunked(offset === 0 ? Buffer.from(`{"note":"${'x'.repeat(size - 9)}`) : Buffer.alloc(size, 0x78)),
        trailer: Buffer.from('0\r\n\r\n'),
      });
      assert.equal(outcome.error, undefined, 'no EPIPE or ECONNRESET while writing');
      assert.equal(outcome.written, 2 * MiB, 'the whole body was written');
      assert.ok(outcome.answer, 'the client read an answer');
      assert.ok(outcome.writtenAtAnswer < 2 * MiB, 'the answer came while the client was still writing');
      expectTooLarge(outcome.answer.status, outcome.answer.body);
      assert.equal(outcome.answer.headers.connection, 'close');
      assert.notEqual(outcome.closedAfterMs, undefined, 'the server closed the connection');
    }
  });

  it('reads at most 16 MiB of the rest, then stops reading: a client writing 64 MiB reads the 413 and is cut at the time bound', async () => {
    const port = await portOf(t);
    const total = 64 * MiB;
    const outcome = await slowClient(port, head(port, t.key, '/apiv3/users', { 'Content-Type': 'application/json', 'Content-Length': total }), {
      total,
      chunk: 256 * 1024,
      pauseMs: 0,
    });
    assert.ok(outcome.answer, 'the client read an answer');
    expectTooLarge(outcome.answer.status, outcome.answer.body);
    assert.equal(outcome.answer.headers.connection, 'close', 'a rest beyond the bound is answered with Connection: close');
    assert.notEqual(outcome.closedAfterMs, undefined, 'the server closed the connection');
    assert.ok(outcome.written >= DRAIN_LIMIT_BYTES, `the server read the rest up to the bound (${outcome.written} bytes written)`);
    assert.ok(outcome.written < DRAIN_LIMIT_BYTES + 16 * MiB, `then stopped reading: only socket buffers' worth more was written (${outcome.written} bytes)`);
    // A reset at the byte bound cut Node's fetch when its event loop was busy; the close waits for
    // the time bound instead, so the client has that long to read the answer it holds.
    assert.ok(outcome.closedAfterMs! >= DRAIN_LIMIT_MS - 1000, `closed at the time bound, not at the byte bound (${outcome.closedAfterMs} ms)`);
  });

  it('waits at most 5 s for the rest: a client that stops writing is cut then', async () => {
    const port = await portOf(t);
    const outcome = await slowClient(
      port,
      head(port, t.key, '/apiv3/users', { 'Content-Type': 'application/json', 'Content-Length': 4 * MiB }),
      { total: 64 * 1024, chunk: 64 * 1024, pauseMs: 0 },
      DRAIN_LIMIT_MS + 3000,
    );
    assert.ok(outcome.answer, 'the client read an answer');
    expectTooLarge(outcome.answer.status, outcome.answer.body);
    assert.notEqual(outcome.closedAfterMs, undefined, 'the server closed the connection');
    assert.ok(outcome.closedAfterMs! >= DRAIN_LIMIT_MS - 1000, `not before the time bound (${outcome.closedAfterMs} ms)`);
  });

  it('Node fetch reads the 413 of a 200 MiB blacklist upload, time after time', async () => {
    const url = `http://127.0.0.1:${await portOf(small)}/apiv3/account/blacklist`;
    const total = 200 * MiB;
    for (const outcome of await fetchFromAnotherProcess({ url, key: small.key, kind: 'upload', bytes: total, times: 4 })) {
      assert.ok('status' in outcome, `fetch failed with ${'error' in outcome ? outcome.error : ''}`);
      expectTooLarge(outcome.status, outcome.body, 'file: exceeds the upload limit of 1024 bytes; nothing was changed');
      assert.ok(outcome.sent < total, 'the client stopped sending once it had the answer');
    }
    assert.equal((await small.get('/apiv3/account/blacklist?blacklist=email')).body.payload.entries.length, 0);
  });
});
