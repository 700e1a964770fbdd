import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { invalidField } from '../lib/errors.js';

// G8: declared body fields are validated strictly (no "12" for an integer) and unknown ones are
// dropped (every body schema sets additionalProperties: false, which with removeAdditional means
// "remove", not "reject"). Query strings, path params and form bodies arrive as text, so they are
// validated with type coercion.

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

// validateSchema off: checking each route schema against JSON Schema's meta-schema meant compiling the
// meta-schema first, ~100 ms in one piece that, run in the warm-up after the start, the load shedding
// took for overload (cold start, docs/benchmarks.md). The schemas are TypeBox's; Ajv still rejects an
// unknown type or a malformed keyword when it compiles them.
const common = { removeAdditional: true, useDefaults: true, allErrors: false, strict: false, validateSchema: false } as const;
const strictAjv = addFormats(new Ajv({ ...common, coerceTypes: false }));
const coercingAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strictAjv : coercingAjv).compile(schema) as ReturnType<FastifySchemaCompiler<object>>;

const formCoercers = new WeakMap<object, ValidateFunction>();

function isForm(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

/**
 * preValidation: drops top-level `null` properties (G8: null means "not given") except those a
 * route declares nullable in `config.keepNull`, and coerces form bodies to the body schema's types
 * before the strict validator sees them. Synchronous: app.ts runs it as a callback hook.
 */
export function normaliseBody(request: FastifyRequest): void {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const record = body as Record<string, unknown>;
  const keepNull = (request.routeOptions.config as { keepNull?: string[] }).keepNull ?? [];
  for (const [key, value] of Object.entries(record)) {
    if (value === null && !keepNull.includes(key)) delete record[key];
  }
  const schema = (request.routeOptions.schema as FastifySchema | undefined)?.body;
  if (schema && isForm(request)) {
    let coerce = formCoercers.get(schema);
    if (!coerce) {
      coerce = coercingAjv.compile(schema);
      formCoercers.set(schema, coerce);
    }
    // Run for its in-place coercion only; the strict validator reports what is still wrong.
    coerce(record);
  }
}

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function fieldName(part: string | undefined, path: string, missing?: unknown): string {
  const segments = path
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (typeof missing === 'string') segments.push(missing);
  let name = '';
  for (const segment of segments) name += /^\d+$/.test(segment) ? `[${segment}]` : name ? `.${segment}` : segment;
  return name || (part === 'body' ? 'body' : (part ?? 'request'));
}

/** Turns an ajv issue into "field: rule", e.g. `limit: must be <= 100`, `name: is required`. */
export function describeValidationIssue(part: string | undefined, issue: AjvIssue): string {
  if (issue.keyword === 'required') return `${fieldName(part, issue.instancePath, issue.params.missingProperty)}: is required`;
  const field = fieldName(part, issue.instancePath);
  if (issue.keyword === 'enum') {
    const allowed = (issue.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
    return `${field}: must be one of ${allowed}`;
  }
  if (issue.keyword === 'format') return `${field}: must be a valid ${String(issue.params.format)}`;
  if (issue.keyword === 'type' && part === 'body' && issue.instancePath === '') return issue.params.type === 'array' ? 'body: must be a JSON array' : 'body: must be a JSON object';
  if (issue.keyword === 'type') {
    const types = String(issue.params.type).split(',');
    return `${field}: must be ${types.join(' or ')}`;
  }
  return `${field}: ${issue.message ?? 'is invalid'}`;
}

// O4: integer bounds for schemas: serial ids are 32-bit columns on PostgreSQL; counters kept as
// 64-bit integers or in JSON are limited to what a JavaScript number holds exactly. The same bound
// answers the same 400 on both databases.
export const MAX_ID = 2_147_483_647;
export const MAX_COUNT = Number.MAX_SAFE_INTEGER;

// O4: two limits every body, query and path parameter obeys whatever the route's schema says.

/** JSON bodies nested deeper than this are refused before they are parsed. */
export const MAX_JSON_DEPTH = 32;

const NUL_ESCAPE = '\\u0000';

/**
 * Scans raw JSON text without parsing it: true when arrays/objects nest deeper than `max`
 * (brackets inside strings do not count). Iterative, so no text can exhaust the stack; malformed
 * text is left to the parser.
 */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // skip the string: to its closing quote, escapes included
      for (i += 1; i < text.length; i += 1) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i += 1;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

const NUL_SEEN = Symbol('nulEscapeSeen');
type Marked = FastifyRequest & { [NUL_SEEN]?: boolean };

/**
 * The JSON body parser's checks on the raw text, before parsing: the nesting limit (an error to
 * answer), and whether a U+0000 escape is in it (remembered for rejectNulCharacters).
 */
export function checkJsonText(request: FastifyRequest, text: string): Error | null {
  if (jsonNestedDeeperThan(text, MAX_JSON_DEPTH)) return invalidField('body', `must not nest arrays and objects deeper than ${MAX_JSON_DEPTH} levels`);
  if (text.includes(NUL_ESCAPE)) (request as Marked)[NUL_SEEN] = true;
  return null;
}

/** The first path (in the `field: rule` naming) of a string or key holding U+0000, or null. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNul(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const field = path === '' ? key : `${path}.${key}`;
    // the key itself is named with the character escaped, so the message stays printable
    if (key.includes('\u0000')) return field.split('\u0000').join('\\u0000');
    const found = findNul(item, field);
    if (found !== null) return found;
  }
  return null;
}

function isJson(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().includes('json');
}

/**
 * preHandler (after validation, so only fields the route keeps are looked at): U+0000 in any
 * string of the path parameters, query or body is a 400 naming the field. PostgreSQL cannot store
 * it, and no field of this API has a use for it. A parsed JSON body can only hold it when its text
 * had the escape, so most JSON bodies are not walked at all. Throws the 400; synchronous (app.ts runs
 * it as a callback hook).
 */
export function rejectNulCharacters(request: FastifyRequest): void {
  // Path parameters and the query come from the URL, where U+0000 can only arrive percent-encoded
  // (Node's parser refuses a raw control character; app.inject may not): without either in it there
  // is nothing to walk.
  const url = request.url;
  const fromUrl = url.includes('%00') || url.includes('\u0000') ? (findNul(request.params, '') ?? findNul(request.query, '')) : null;
  const body = request.body;
  const field =
    fromUrl ??
    (body === undefined || body === null || (isJson(request) && !(request as Marked)[NUL_SEEN]) ? null : findNul(body, ''));
  if (field !== null) throw invalidField(field || 'body', 'must not contain the character U+0000');
}

