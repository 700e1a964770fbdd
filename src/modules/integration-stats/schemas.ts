import { type Static, type TSchema, Type } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { MAX_COUNT } from '../../http/validation.js';

// I1: the spec's shape, validated strictly. Every property is optional except `element` on a
// failure item and `filename` / `line` where the spec marks them required. Unknown properties are
// dropped at every level (additionalProperties: false + removeAdditional), except inside the
// free-form `element` and `additional_details` objects, which are stored as sent. On input an
// optional property may also be null, which means "not given" (G8) and is not stored.

type Mode = 'input' | 'output';

const FreeObject = (description: string) => Type.Object({}, { additionalProperties: true, description });

function optional(mode: Mode, schema: Record<string, unknown> & { type: string }) {
  return Type.Optional(
    mode === 'input' ? Type.Unsafe({ ...schema, type: [schema.type, 'null'] }) : Type.Unsafe({ ...schema }),
  );
}

const count = (mode: Mode, description: string) => optional(mode, { type: 'integer', minimum: 0, maximum: MAX_COUNT, description });
const amount = (mode: Mode, description: string) => optional(mode, { type: 'number', description });
const text = (mode: Mode, description: string) => optional(mode, { type: 'string', maxLength: 65535, description });
const list = (mode: Mode, items: TSchema, description: string) => optional(mode, { type: 'array', items, description });

function failureItem(mode: Mode) {
  return Type.Object(
    {
      element: FreeObject('The record that failed, as the client sent it (required)'),
      message: text(mode, 'Why it failed'),
    },
    { additionalProperties: false },
  );
}

function entityStats(mode: Mode, extra: Record<string, TSchema> = {}) {
  return Type.Object(
    {
      created: count(mode, 'Records created'),
      updated: count(mode, 'Records updated'),
      ...extra,
      failed: list(mode, failureItem(mode), 'Records that failed'),
    },
    { additionalProperties: false },
  );
}

function purchaseStats(mode: Mode) {
  return entityStats(mode, {
    duplicated: count(mode, 'Duplicated purchases'),
    revenue: amount(mode, 'Revenue'),
    units: count(mode, 'Units'),
  });
}

function invalidLine(mode: Mode) {
  return Type.Object(
    {
      line: Type.Integer({ minimum: 0, maximum: MAX_COUNT, description: 'Line number in the file (required)' }),
      message: text(mode, 'Why the line is invalid'),
      additional_details: optional(mode, { type: 'object', additionalProperties: true, description: 'Free-form details' }),
    },
    { additionalProperties: false },
  );
}

function fileStats(mode: Mode) {
  return Type.Object(
    {
      filename: Type.String({ minLength: 1, maxLength: 1024, description: 'File name (required)' }),
      read_lines: count(mode, 'Lines read'),
      valid_lines: count(mode, 'Valid lines'),
      unique_registers: count(mode, 'Unique records'),
      invalid_lines: list(mode, invalidLine(mode), 'Invalid lines'),
      revenue: amount(mode, 'Revenue'),
      units: count(mode, 'Units'),
      orders_customers: count(mode, 'Customers with orders'),
    },
    { additionalProperties: false },
  );
}

function section(mode: Mode, schema: TSchema, description: string) {
  return mode === 'input'
    ? Type.Optional(Type.Unsafe({ ...schema, type: ['object', 'null'], description }))
    : Type.Union([schema, Type.Null()], { description });
}

export const IntegrationStatsBody = Type.Object(
  {
    customers: section('input', entityStats('input'), 'Customer synchronisation'),
    products: section('input', entityStats('input'), 'Product synchronisation'),
    branches: section('input', entityStats('input'), 'Branch synchronisation'),
    purchases: section('input', purchaseStats('input'), 'Purchase synchronisation'),
    createtime: Type.Optional(
      Type.String({ maxLength: 40, description: "When the integration ran: 'YYYY-MM-DD hh:mm:ss' (UTC) or ISO 8601 with an offset; defaults to now" }),
    ),
    files_stats: Type.Optional(
      Type.Unsafe({ type: ['array', 'null'], items: fileStats('input'), description: 'One item per file processed' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        customers: { created: 120, updated: 30, failed: [{ element: { email: 'bad@' }, message: 'invalid email' }] },
        files_stats: [{ filename: 'customers.csv', read_lines: 151, valid_lines: 150 }],
      },
    ],
  },
);

export const IntegrationStatsRecord = Type.Object({
  id: Type.Integer(),
  createtime: Type.String({ description: "'YYYY-MM-DD hh:mm:ss' UTC" }),
  customers: section('output', entityStats('output'), 'null when not sent'),
  products: section('output', entityStats('output'), 'null when not sent'),
  branches: section('output', entityStats('output'), 'null when not sent'),
  purchases: section('output', purchaseStats('output'), 'null when not sent'),
  files_stats: Type.Union([Type.Array(fileStats('output')), Type.Null()], { description: 'null when not sent' }),
});

export const IntegrationStatsQuery = Type.Object(
  {
    ...PageQuery.properties,
    from: Type.Optional(Type.String({ maxLength: 40, description: 'Earliest createtime (inclusive); a bare date means 00:00:00' })),
    to: Type.Optional(Type.String({ maxLength: 40, description: 'Latest createtime (inclusive); a bare date means 23:59:59' })),
  },
  { additionalProperties: false },
);
export type IntegrationStatsQuery = Static<typeof IntegrationStatsQuery>;

type Json = Record<string, unknown>;

/** The validated body as the service sees it (nested shapes are checked by the schema). */
export interface IntegrationStatsInput {
  customers?: Json | null;
  products?: Json | null;
  branches?: Json | null;
  purchases?: Json | null;
  createtime?: string;
  files_stats?: Json[] | null;
}

export interface IntegrationStatsRecord {
  id: number;
  createtime: string;
  customers: Json | null;
  products: Json | null;
  branches: Json | null;
  purchases: Json | null;
  files_stats: FileStatsJson[] | null;
}

export type FileStatsJson = Json & { filename: string };
