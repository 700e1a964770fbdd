import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';

// G8: declared body fields are validated strictly (no "12" for an integer) and unknown ones are
// dropped (every body schema sets additionalProperties: false, which with removeAdditional means
// "remove", not "reject"). Query strings, path params and form bodies arrive as text, so they are
// validated with type coercion.

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const common = { removeAdditional: true, useDefaults: true, allErrors: false, strict: false } as const;
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
 * before the strict validator sees them.
 */
export async function normaliseBody(request: FastifyRequest): Promise<void> {
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
  if (issue.keyword === 'type' && part === 'body' && issue.instancePath === '') return 'body: must be a JSON object';
  if (issue.keyword === 'type') {
    const types = String(issue.params.type).split(',');
    return `${field}: must be ${types.join(' or ')}`;
  }
  return `${field}: ${issue.message ?? 'is invalid'}`;
}
