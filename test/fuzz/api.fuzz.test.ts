// O4: every operation of the served OpenAPI document receives generated requests, valid-ish
// and malformed. The test fails on any 5xx, any answer outside the envelope (the documented bare
// 200s of GET/POST /events excepted), and any status the document does not declare for that
// operation. New operations are picked up from the document automatically.
//
// Seeded and bounded: FUZZ_SEED (default below, printed), FUZZ_RUNS requests per operation,
// FUZZ_TIME_MS wall-clock budget for the requests. Rerun a failure with the printed seed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { encodeBase64Text } from '../../src/lib/base64-id.js';
import { buildTestApp, usingPostgres } from '../helpers/app.js';
import { type Context, type FuzzRequest, type Operation, operationsOf, requestArbitrary } from './requests.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20260309);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
// 50 s a pass keeps CI (both databases) within its 25 minutes; a longer budget runs more rounds.
const TIME_MS = Number(process.env.FUZZ_TIME_MS ?? 50_000);

const t = await buildTestApp({ config: { workerPollMs: 50 } });

/** A stable per-operation seed, so new operations do not change the others' requests. */
function seedFor(operationId: string): number {
  let hash = SEED | 0;
  for (let i = 0; i < operationId.length; i += 1) hash = (Math.imul(hash, 31) + operationId.charCodeAt(i)) | 0;
  return hash;
}

/** Rows the generated requests can find, so they get past "not found" now and then. */
async function seedData(): Promise<Context['knownStrings']> {
  const must = async (promise: Promise<{ status: number; text: string }>) => {
    const response = await promise;
    assert.ok(response.status === 200 || response.status === 201, response.text); // creates may answer 201 (U1)
  };
  await must(t.post('/apiv3/users', { service_uid: 'fuzz-1', email: 'fuzz@example.com', document: '12345678', telephone: '+34600000001', points: 500 }));
  await must(t.post('/apiv3/users', { service_uid: 'fuzz-2', email: 'fuzz2@example.com' }));
  await must(t.post('/apiv3/events', { name: 'fuzz' }));
  await must(t.post('/apiv3/user-events', { event: 'fuzz', service_uid: 'fuzz-1', metadata: { order: '1' } }));
  await must(t.post('/apiv3/categories', { code: 'fuzz', name: 'Fuzz' }));
  await must(t.post('/apiv3/account/custom-attributes', { label: 'Fuzz attr', field_type: 'text', data_type: 'string' }));
  await must(
    t.post('/apiv3/benefits', { title: 'Fuzz benefit', startdate: '2020-01-01', enddate: '2099-12-31', points: 10, stock: 100 }),
  );
  return ['fuzz-1', 'fuzz-2', encodeBase64Text('fuzz-1'), 'fuzz@example.com', '12345678', 'fuzz', 'fuzz_attr', 'email', 'telephone', '+34600000001', '1'];
}

const ENVELOPE_KEYS = ['code', 'message', 'payload', 'time'];

/** The documented 200 schema is not the envelope (GET and POST /events). */
function isBare(document: any, op: Operation): boolean {
  const media = op.operation.responses?.['200']?.content?.['application/json'];
  let schema = media?.schema ?? {};
  if (schema.$ref) schema = document.components.schemas[String(schema.$ref).split('/').pop()!];
  return !(schema.properties && ENVELOPE_KEYS.every((k) => k in schema.properties));
}

interface Failure {
  op: Operation;
  request: FuzzRequest;
  status: number;
  body: string;
  problem: string;
}

function problemWith(document: any, op: Operation, status: number, headers: Record<string, unknown>, text: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (!op.operation.responses?.[String(status)]) return `answered ${status}, which the document does not declare`;
  if (!String(headers['content-type'] ?? '').startsWith('application/json')) return `content-type ${String(headers['content-type'])}`;
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return 'body is not JSON';
  }
  if (status === 200 && isBare(document, op)) {
    return body !== null && typeof body === 'object' ? null : 'bare answer is not an object or array';
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'answer outside the envelope';
  const keys = Object.keys(body).sort();
  if (keys.join() !== ENVELOPE_KEYS.join()) return `answer outside the envelope (keys ${keys.join(', ')})`;
  if (typeof body.message !== 'string' || typeof body.code !== 'string' || !/^\d+ms$/.test(body.time)) return 'malformed envelope';
  if (status >= 400 && (body.payload !== null || body.code === 'ok')) return 'error envelope without payload null and an error code';
  if (status < 400 && body.code !== 'ok') return `success with code ${body.code}`;
  return null;
}

function describeRequest(request: FuzzRequest): string {
  const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}…(${text.length} chars)` : text);
  const payload = request.payload === undefined ? '' : ` body ${clip(JSON.stringify(request.payload.toString()), 300)}`;
  const type = request.headers['content-type'] ? ` [${request.headers['content-type']}]` : '';
  return `${request.method} ${clip(request.url, 300)}${type}${payload}`;
}

describe(`API fuzz (${usingPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('answers every generated request to every documented operation in the envelope, with a declared status, never 5xx', async (test) => {
    const started = Date.now();
    const documentResponse = await t.get('/apiv3/openapi.json', { key: null });
    assert.equal(documentResponse.status, 200);
    const document = documentResponse.body;
    const context: Context = { document, key: t.key, knownStrings: await seedData(), knownIntegers: [1, 2] };
    const operations = operationsOf(document);
    assert.ok(operations.length > 0);

    // Requests per operation, generated up front from the seed; sent round-robin so a time cut
    // still reaches every operation.
    const queues = operations.map((op) => fc.sample(requestArbitrary(context, op), { seed: seedFor(op.operationId), numRuns: RUNS }));
    const failures: Failure[] = [];
    let sent = 0;
    let rounds = 0;
    const deadline = started + TIME_MS;
    // The first round always runs in full: on a saturated machine generating the requests alone can
    // take the whole budget, and a round is what proves every operation was reached.
    for (let round = 0; round < RUNS && (round === 0 || Date.now() < deadline); round += 1) {
      for (let i = 0; i < operations.length; i += 1) {
        const op = operations[i]!;
        const request = queues[i]![round]!;
        const response = await t.app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload });
        sent += 1;
        const problem = problemWith(document, op, response.statusCode, response.headers, response.body);
        if (problem) failures.push({ op, request, status: response.statusCode, body: response.body.slice(0, 300), problem });
      }
      rounds += 1;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary = `seed ${SEED}: ${sent} requests to ${operations.length} operations (${rounds} of ${RUNS} rounds) in ${seconds} s`;
    test.diagnostic(summary);
    console.log(`fuzz ${usingPostgres() ? 'PostgreSQL' : 'SQLite'}: ${summary}`);

    // one line per distinct (operation, problem), with the first request that showed it
    const groups = new Map<string, { failure: Failure; count: number }>();
    for (const failure of failures) {
      const key = `${failure.op.method} ${failure.op.path}: ${failure.problem}`;
      const group = groups.get(key);
      if (group) group.count += 1;
      else groups.set(key, { failure, count: 1 });
    }
    const report = [...groups.entries()].map(
      ([key, { failure, count }]) =>
        `${key} (${count}x, e.g. ${failure.request.kind})\n    ${describeRequest(failure.request)}\n    -> ${failure.status} ${failure.body}`,
    );
    assert.equal(failures.length, 0, `${summary}\n${failures.length} failures:\n${report.join('\n')}`);
    assert.ok(rounds >= 1, 'at least one request reached every operation');
  });
});
