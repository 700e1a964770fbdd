// Request generation for the API fuzz test: from an operation of the served OpenAPI document,
// fast-check arbitraries of valid-ish requests and of malformed ones (wrong types, out-of-range
// numbers, U+0000, very long strings, deep nesting, bad path ids, bad JSON, wrong content types,
// missing and extra fields, missing keys).
import fc from 'fast-check';


export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /apiv3/users/{id} */
  path: string;
  operationId: string;
  operation: any;
}

export interface FuzzRequest {
  /** What the generator meant to break, for the report. */
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface Context {
  document: any;
  key: string;
  /** Values that exist in the database, mixed into generated strings and integers. */
  knownStrings: string[];
  knownIntegers: number[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(document: any): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<any>(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) out.push({ method: method.toUpperCase(), path, operationId: operation.operationId, operation });
    }
  }
  return out;
}

function resolve(document: any, schema: any): any {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops += 1) {
    const pointer = String(current.$ref).replace(/^#\//, '').split('/');
    current = pointer.reduce((node: any, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current ?? {};
}

// --- values -------------------------------------------------------------------------------

const DATES = [
  '2026-03-01',
  '2026-03-01 10:00:00',
  '2026-03-01T10:00:00+01:00',
  '2026-03-01T10:00:00Z',
  '2026-02-30',
  '1969-12-31 23:59:59',
  '9999-12-31 23:59:59',
  '0000-01-01',
  'yesterday',
];

const INTERESTING_INTEGERS = [0, 1, 2, -1, 100, 101, 2147483647, 2147483648, -2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e20];

/** Values of every type that no schema field expects all of: the "wrong type / out of range" pool. */
export const NASTY_VALUES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 'a', null],
  { a: { b: 1 } },
  -1,
  0,
  1.5,
  -0.0001,
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  1e20,
  1e308,
  -1e308,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(10_000),
  'é'.repeat(3000),
  '99999999999999999999',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  'NaN',
  'true',
  '\ud800',
  '😀'.repeat(50),
  '%',
  '%00',
  '../../etc/passwd',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '2026-13-45 25:61:61',
  'null',
];

function stringArbitrary(context: Context, schema: any): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = Math.max(min, Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 40, 60));
  const random = fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
  const ascii = fc.stringMatching(/^[a-z0-9_-]{1,20}$/);
  const choices: Array<fc.WeightedArbitrary<string>> = [
    { arbitrary: random, weight: 3 },
    { arbitrary: ascii, weight: 2 },
    { arbitrary: fc.constantFrom(...DATES), weight: 2 },
  ];
  if (context.knownStrings.length > 0) choices.push({ arbitrary: fc.constantFrom(...context.knownStrings), weight: 4 });
  if (schema.format === 'email') choices.push({ arbitrary: fc.emailAddress(), weight: 6 });
  if (schema.format === 'uuid') choices.push({ arbitrary: fc.uuid(), weight: 6 });
  if (schema.format === 'date-time' || schema.format === 'date') choices.push({ arbitrary: fc.constantFrom(...DATES), weight: 6 });
  return fc.oneof(...choices);
}

function integerArbitrary(context: Context, schema: any, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
  const inRange = integer
    ? fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const pool = [...INTERESTING_INTEGERS, ...context.knownIntegers];
  return fc.oneof({ arbitrary: inRange, weight: 3 }, { arbitrary: fc.constantFrom(...pool), weight: 1 });
}

/** A value the schema describes (mostly valid: bounds are usually, not always, respected). */
export function valueArbitrary(context: Context, rawSchema: any, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(context.document, rawSchema);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((item: any) => valueArbitrary(context, item, depth)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return valueArbitrary(context, schema.allOf[0], depth);
  let types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) types = schema.properties ? ['object'] : ['string', 'integer', 'boolean', 'object'];
  return fc.oneof(...types.map((type) => typedArbitrary(context, schema, type, depth)));
}

function typedArbitrary(context: Context, schema: any, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(context, schema);
    case 'integer':
      return integerArbitrary(context, schema, true);
    case 'number':
      return integerArbitrary(context, schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = schema.items ? valueArbitrary(context, schema.items, depth + 1) : fc.jsonValue({ maxDepth: 2 });
      return fc.array(item, { maxLength: depth > 3 ? 1 : 4 });
    }
    default: {
      const properties: Record<string, any> = schema.properties ?? {};
      const names = Object.keys(properties);
      if (names.length === 0 || depth > 5) {
        return fc.dictionary(fc.stringMatching(/^[a-z_]{1,10}$/), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      }
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const name of names) model[name] = valueArbitrary(context, properties[name], depth + 1);
      const required = (schema.required ?? []).filter((name: string) => name in model);
      return fc.record(model, { requiredKeys: required });
    }
  }
}

// --- requests -----------------------------------------------------------------------------

interface Parts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  bodyType: 'json' | 'multipart' | 'none';
}

function parameters(operation: any, where: 'path' | 'query'): any[] {
  return (operation.parameters ?? []).filter((p: any) => p.in === where);
}

function validParts(context: Context, op: Operation): fc.Arbitrary<Parts> {
  const pathModel: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of parameters(op.operation, 'path')) pathModel[p.name] = valueArbitrary(context, p.schema ?? { type: 'string' });
  const queryModel: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredQuery: string[] = [];
  for (const p of parameters(op.operation, 'query')) {
    queryModel[p.name] = valueArbitrary(context, p.schema ?? { type: 'string' });
    if (p.required) requiredQuery.push(p.name);
  }
  const content = op.operation.requestBody?.content ?? {};
  const bodyType: Parts['bodyType'] = content['application/json'] ? 'json' : content['multipart/form-data'] ? 'multipart' : 'none';
  const bodySchema = (content['application/json'] ?? content['multipart/form-data'])?.schema;
  return fc.record({
    path: fc.record(pathModel),
    query: fc.record(queryModel, { requiredKeys: requiredQuery }),
    body: bodySchema ? valueArbitrary(context, bodySchema) : fc.constant(undefined),
    bodyType: fc.constant(bodyType),
  });
}

const MUTATIONS = [
  'valid',
  'valid',
  'valid',
  'wrong-value',
  'wrong-value',
  'wrong-value',
  'extreme-value',
  'extreme-value',
  'extreme-value',
  'extreme-nested',
  'extreme-nested',
  'missing-field',
  'extra-fields',
  'deep-nesting',
  'bad-json',
  'odd-body',
  'content-type',
  'path-id',
  'path-id',
  'query',
  'auth',
  'huge-body',
  'multipart',
] as const;
type Mutation = (typeof MUTATIONS)[number];

const BAD_PATH_IDS = [
  '%zz',
  '%',
  '%E0%A4',
  '%FF%FE',
  '%C3%28',
  '__8', // base64url of 0xff 0xff: not UTF-8
  '_w', // 0xff
  '%2F%2F%2F',
  '%00',
  'AA', // base64 of a NUL byte
  '====',
  '%20',
  'a'.repeat(1024),
  'b'.repeat(1025),
  'c'.repeat(5000),
  encodeURIComponent('é'.repeat(600)),
  encodeURIComponent('😀'.repeat(300)),
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '1e3',
];

const BAD_QUERY_VALUES = ['%zz', '%FF', '%00', '99999999999999999999', '-1', '1.5', 'abc', '', 'x'.repeat(5000), '2147483648', '%E0%A4'];

/** Percent-encodes text; a lone surrogate (no UTF-8 form) becomes its invalid 3-byte encoding. */
function encodeText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

function encodeValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return encodeText(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

function buildUrl(op: Operation, path: Record<string, unknown>, rawPath: Record<string, string>, query: string): string {
  const url = op.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (name in rawPath) return rawPath[name]!;
    const encoded = encodeValue(path[name]);
    if (encoded === '') return 'x'; // an empty segment would be another route
    // `.` and `..` are dot segments: URL normalisation would make them another route too
    return /^\.+$/.test(encoded) ? encoded.replace(/\./g, '%2E') : encoded;
  });
  return query ? `${url}?${query}` : url;
}

function buildQuery(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) pairs.push(`${encodeText(name)}=${encodeValue(item)}`);
    else pairs.push(`${encodeText(name)}=${encodeValue(value)}`);
  }
  return pairs.join('&');
}

export const BOUNDARY = 'fuzzBoundary9x7';

function multipart(parts: Array<{ name: string; value: string; file?: boolean }>): Buffer {
  let text = '';
  for (const part of parts) {
    const filename = part.file ? `; filename="list.csv"\r\nContent-Type: text/csv` : '';
    text += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n\r\n${part.value}\r\n`;
  }
  return Buffer.from(`${text}--${BOUNDARY}--\r\n`);
}

function multipartFrom(body: unknown, schema: any, extra: number): Buffer {
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const parts = Object.entries(record).map(([name, value]) => ({
    name,
    value: typeof value === 'string' ? value : JSON.stringify(value),
    file: schema?.properties?.[name]?.format === 'binary',
  }));
  for (let i = 0; i < extra; i += 1) parts.push({ name: `extra${i}`, value: 'x', file: false });
  return multipart(parts);
}

/** Values of the right type at or beyond the edges: what reaches the database when bounds are missing. */
const EXTREMES: Record<string, unknown[]> = {
  integer: [2147483647, 2147483648, -2147483649, 4294967296, 9007199254740991, 2 ** 53 + 2, 1e20, -1e20, 1e300],
  number: [1e308, -1e308, 5e-324, 2 ** 53 + 2, 1e20],
  string: ['x'.repeat(256), 'y'.repeat(2000), 'z'.repeat(70_000), '😀'.repeat(300), 'a\u0000', ' '.repeat(300), '\u202e\u0301'],
  array: [Array.from({ length: 2000 }, (_v, i) => i), Array.from({ length: 300 }, () => 'x'.repeat(300))],
  object: [Object.fromEntries(Array.from({ length: 500 }, (_v, i) => [`k${i}`, i]))],
};

function extremeFor(document: any, schema: any, pick: number): unknown {
  const resolved = resolve(document, schema ?? {});
  const types: string[] = Array.isArray(resolved.type) ? resolved.type : resolved.type ? [resolved.type] : ['string'];
  const pool = EXTREMES[types[pick % types.length]!] ?? EXTREMES.string!;
  return pool[(pick >> 3) % pool.length];
}

/** Every [container, key] holding a leaf (string, number, boolean) below the top level of a body. */
function nestedLeaves(value: unknown, depth = 0, out: Array<[Record<string, unknown> | unknown[], string | number]> = []) {
  if (value === null || typeof value !== 'object') return out;
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
  for (const [key, item] of entries) {
    if (item !== null && typeof item === 'object') nestedLeaves(item, depth + 1, out);
    else if (depth > 0 && item !== null) out.push([value as Record<string, unknown>, key]);
  }
  return out;
}

function nest(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** Replaces one field (chosen by `pick`) of a record with `value`; returns the field's name. */
function replaceOne(record: Record<string, unknown>, names: string[], pick: number, value: unknown): string | undefined {
  if (names.length === 0) return undefined;
  const name = names[pick % names.length]!;
  record[name] = value;
  return name;
}

function bodySchemaOf(op: Operation): any {
  const content = op.operation.requestBody?.content ?? {};
  return (content['application/json'] ?? content['multipart/form-data'])?.schema;
}

export function requestArbitrary(context: Context, op: Operation): fc.Arbitrary<FuzzRequest> {
  const bodyMethod = op.method !== 'GET';
  return fc
    .record({
      parts: validParts(context, op),
      mutation: fc.constantFrom(...MUTATIONS),
      pick: fc.nat(),
      nasty: fc.constantFrom(...NASTY_VALUES),
      badPath: fc.constantFrom(...BAD_PATH_IDS),
      badQuery: fc.constantFrom(...BAD_QUERY_VALUES),
      depth: fc.constantFrom(33, 40, 200, 5000),
    })
    .map(({ parts, mutation, pick, nasty, badPath, badQuery, depth }) => {
      const schema = bodySchemaOf(op) ? resolve(context.document, bodySchemaOf(op)) : undefined;
      const path = { ...parts.path };
      const query = { ...parts.query };
      let body = parts.body;
      const rawPath: Record<string, string> = {};
      let rawQuery = '';
      let payload: string | Buffer | undefined;
      let contentType: string | undefined;
      let headers: Record<string, string> = { authorization: `Basic ${context.key}` };
      let kind: string = mutation;
      const bodyRecord = () => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined);

      switch (mutation as Mutation) {
        case 'wrong-value': {
          const targets: Array<[string, Record<string, unknown>, string[]]> = [];
          if (Object.keys(path).length > 0) targets.push(['path', path, Object.keys(path)]);
          const queryNames = parameters(op.operation, 'query').map((p: any) => p.name);
          if (queryNames.length > 0) targets.push(['query', query, queryNames]);
          const record = bodyRecord();
          const bodyNames = Object.keys(schema?.properties ?? {});
          if (record && bodyNames.length > 0) targets.push(['body', record, bodyNames]);
          const target = targets[pick % Math.max(1, targets.length)];
          if (target) kind = `wrong-value ${target[0]}.${replaceOne(target[1], target[2], pick >> 2, nasty)}`;
          else if (body !== undefined) body = nasty;
          break;
        }
        case 'extreme-value': {
          const fields: Array<[Record<string, unknown>, string, any]> = [];
          for (const p of parameters(op.operation, 'path')) fields.push([path, p.name, p.schema]);
          for (const p of parameters(op.operation, 'query')) fields.push([query, p.name, p.schema]);
          const record = bodyRecord();
          if (record) for (const [name, property] of Object.entries<any>(schema?.properties ?? {})) fields.push([record, name, property]);
          const field = fields[pick % Math.max(1, fields.length)];
          if (field) {
            field[0][field[1]] = extremeFor(context.document, field[2], pick >> 4);
            kind = `extreme-value ${field[1]}`;
          }
          break;
        }
        case 'extreme-nested': {
          const leaves = nestedLeaves(body);
          const leaf = leaves[pick % Math.max(1, leaves.length)];
          if (leaf) {
            const [container, key] = leaf;
            const current = (container as Record<string | number, unknown>)[key];
            const type = typeof current === 'number' ? 'integer' : typeof current === 'boolean' ? 'integer' : 'string';
            (container as Record<string | number, unknown>)[key] = extremeFor(context.document, { type }, pick >> 4);
            kind = `extreme-nested ${String(key)}`;
          }
          break;
        }
        case 'missing-field': {
          const record = bodyRecord();
          const required: string[] = schema?.required ?? [];
          if (record && required.length > 0) delete record[required[pick % required.length]!];
          else body = undefined;
          break;
        }
        case 'extra-fields': {
          const record = bodyRecord() ?? {};
          record.__extra = nasty;
          (record as Record<string, unknown>)['constructor'] = { prototype: { polluted: true } };
          body = record;
          query.unknown_param = nasty;
          break;
        }
        case 'deep-nesting': {
          const names = Object.keys(schema?.properties ?? {});
          const name = names[pick % Math.max(1, names.length)] ?? 'x';
          payload = `{${JSON.stringify(name)}:${nest(depth)}}`;
          kind = `deep-nesting ${depth} in ${name}`;
          break;
        }
        case 'bad-json':
          payload = ['{', '{"a":', '{"a":1,}', "{'a':1}", '{"a":1}}', '\u0000', 'nul', '{"__proto__":{"x":1}}', '\ufeff{}', '{"a":"\\uZZZZ"}'][pick % 10];
          contentType = 'application/json';
          break;
        case 'odd-body':
          payload = ['null', '[]', '[{}]', '"text"', '123', 'true', '{}', ' '][pick % 8];
          contentType = 'application/json';
          break;
        case 'content-type': {
          const types = [
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            `multipart/form-data; boundary=${BOUNDARY}`,
            'application/json; charset=utf-16',
            'application/octet-stream',
            '',
          ];
          contentType = types[pick % types.length];
          payload = contentType === 'application/x-www-form-urlencoded' ? buildQuery(bodyRecord() ?? { a: '1' }) : JSON.stringify(body ?? {});
          kind = `content-type ${contentType || '(none)'}`;
          if (contentType === '') contentType = undefined;
          break;
        }
        case 'path-id': {
          const names = parameters(op.operation, 'path').map((p: any) => p.name);
          if (names.length > 0) rawPath[names[pick % names.length]] = badPath;
          else rawQuery = `id=${badPath}`;
          kind = `path-id ${badPath.slice(0, 20)}${badPath.length > 20 ? `…(${badPath.length})` : ''}`;
          break;
        }
        case 'query': {
          const names = parameters(op.operation, 'query').map((p: any) => p.name);
          const name = names[pick % Math.max(1, names.length)] ?? 'page';
          rawQuery = `${encodeURIComponent(name)}=${badQuery}&${encodeURIComponent(name)}=1`;
          delete query[name];
          kind = `query ${name}=${badQuery.slice(0, 20)}`;
          break;
        }
        case 'auth':
          headers = pick % 3 === 0 ? {} : { authorization: pick % 3 === 1 ? 'Basic wrong-key-0000000000' : `Bearer ${context.key}` };
          break;
        case 'huge-body':
          payload = JSON.stringify({ ...(bodyRecord() ?? {}), padding: 'x'.repeat(1024 * 1024 + 16) });
          contentType = 'application/json';
          break;
        case 'multipart': {
          const variants = [
            () => multipartFrom(body, schema, 0),
            () => multipartFrom(body, schema, 40),
            () => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc`),
            () => Buffer.from('not multipart at all'),
            () => multipart([{ name: 'file', value: 'x@example.com', file: false }]),
          ];
          payload = variants[pick % variants.length]!();
          contentType = `multipart/form-data; boundary=${BOUNDARY}`;
          kind = `multipart variant ${pick % variants.length}`;
          break;
        }
        default:
          break;
      }

      if (payload === undefined && bodyMethod && body !== undefined) {
        if (parts.bodyType === 'multipart') {
          payload = multipartFrom(body, schema, 0);
          contentType = `multipart/form-data; boundary=${BOUNDARY}`;
        } else {
          payload = JSON.stringify(body);
          contentType = 'application/json';
        }
      }
      if (!bodyMethod) payload = undefined;
      if (payload !== undefined && contentType) headers['content-type'] = contentType;
      const queryText = [buildQuery(query), rawQuery].filter(Boolean).join('&');
      return { kind, method: op.method, url: buildUrl(op, path, rawPath, queryText), headers, payload };
    });
}
