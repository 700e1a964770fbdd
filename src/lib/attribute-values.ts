// Typed custom attribute values: validation of incoming values and conversion of stored ones.
//
// Storage (agreed across modules): `attribute_values.value` is the JSON text of the typed value:
//   string    -> JSON string             "abc"
//   integer   -> JSON integer            12
//   float     -> JSON number             12.5
//   timestamp -> JSON string, UTC        "2026-01-02 03:04:05"
//   array     -> JSON array of the above (P5: the connectors send lists, e.g. an order's promotions)
// Use `encodeAttributeValue` to write and `decodeAttributeValue` to read that text.
//
// For other modules (users, U2: a value must fit its definition's data_type):
//   validateAttributeValue(definition, rawValue)
//     definition: { data_type, field_type, options } as returned by the definitions API
//     rawValue:   the value exactly as it arrived in the JSON body
//     returns     { ok: true, value }  with the typed value to encode and store, or
//                 { ok: false, rule } with a rule to put after the key: `${key}: ${rule}`.
//   Types are strict (G8): a string attribute takes a JSON string, integer a JSON integer, float any
//   JSON number, timestamp a G7 datetime string (`YYYY-MM-DD hh:mm:ss`, or ISO 8601 with `T` and an
//   offset/Z; a bare date is refused) which is normalised to UTC. A `select` value must also be one of
//   the definition's option values (compared as text, so an integer select with option "12" takes 12).
//   `null` is not a value: decide what it means (e.g. "remove") before calling.
//
// convertStoredValue(storedJson, targetDataType) is used when a definition's data_type changes (C8):
// it returns the new JSON text, or null when the value cannot be converted exactly and must be dropped.

import { invalidField } from './errors.js';
import { NAME_PATTERN, normaliseName } from './names.js';
import { formatDateTime, parseDateTime } from './time.js';

export const FIELD_TYPES = ['text', 'select', 'datetime', 'checkbox'] as const;
export const DATA_TYPES = ['string', 'integer', 'float', 'timestamp'] as const;

export type FieldType = (typeof FIELD_TYPES)[number];
export type DataType = (typeof DATA_TYPES)[number];
export type AttributeValue = string | number;
export type StoredAttributeValue = AttributeValue | AttributeValue[];

export interface AttributeOption {
  value: string;
  text: string;
}

export interface ValueDefinition {
  data_type: DataType | string;
  field_type: FieldType | string;
  options?: ReadonlyArray<{ value: string }>;
}

export type ValidationResult = { ok: true; value: AttributeValue } | { ok: false; rule: string };
export type ValueValidationResult = { ok: true; value: StoredAttributeValue } | { ok: false; rule: string };

/** Most elements an array value may hold (P5). */
export const ARRAY_VALUE_MAX = 100;

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function encodeAttributeValue(value: StoredAttributeValue): string {
  return JSON.stringify(value);
}

function scalar(value: unknown): AttributeValue | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return undefined;
}

/** The typed value of stored JSON text (a scalar or an array of scalars), else undefined. */
export function decodeAttributeValue(stored: string): StoredAttributeValue | undefined {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (Array.isArray(value)) {
    const items = value.map(scalar);
    return items.every((item) => item !== undefined) ? (items as AttributeValue[]) : undefined;
  }
  return scalar(value);
}

function numberFromText(text: string): number | undefined {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Converts a typed value to another data type when that is exact; undefined when it is not
 * (`"12.5"` to integer, `"abc"` to integer, any number to timestamp).
 */
export function convertValue(value: AttributeValue, target: DataType): AttributeValue | undefined {
  switch (target) {
    case 'string':
      return typeof value === 'string' ? value : String(value);
    case 'integer': {
      const n = typeof value === 'number' ? value : numberFromText(value);
      return n !== undefined && Number.isSafeInteger(n) ? n : undefined;
    }
    case 'float':
      return typeof value === 'number' ? value : numberFromText(value);
    case 'timestamp': {
      if (typeof value !== 'string') return undefined;
      const date = parseDateTime(value.trim(), 'refuse');
      return date ? formatDateTime(date) : undefined;
    }
  }
}

/**
 * C8: the stored JSON text converted to `target`, or null when the value must be dropped. An array
 * converts only when every element does (a list that lost elements would say something else).
 */
export function convertStoredValue(stored: string, target: DataType): string | null {
  const value = decodeAttributeValue(stored);
  if (value === undefined) return null;
  if (Array.isArray(value)) {
    const converted = value.map((item) => convertValue(item, target));
    return converted.every((item) => item !== undefined) ? encodeAttributeValue(converted as AttributeValue[]) : null;
  }
  const converted = convertValue(value, target);
  return converted === undefined ? null : encodeAttributeValue(converted);
}

function typedValue(dataType: string, raw: unknown): ValidationResult {
  switch (dataType) {
    case 'string':
      return typeof raw === 'string' ? { ok: true, value: raw } : { ok: false, rule: 'must be a string' };
    case 'integer':
      return typeof raw === 'number' && Number.isSafeInteger(raw)
        ? { ok: true, value: raw }
        : { ok: false, rule: 'must be an integer' };
    case 'float':
      return typeof raw === 'number' && Number.isFinite(raw) ? { ok: true, value: raw } : { ok: false, rule: 'must be a number' };
    case 'timestamp': {
      const date = typeof raw === 'string' ? parseDateTime(raw, 'refuse') : null;
      return date
        ? { ok: true, value: formatDateTime(date) }
        : { ok: false, rule: 'must be a datetime YYYY-MM-DD hh:mm:ss or ISO 8601 with an offset' };
    }
    default:
      return { ok: false, rule: `has an unknown data_type ${JSON.stringify(dataType)}` };
  }
}

/** U2: checks an incoming value against its definition; see the top of this file. */
export function validateAttributeValue(definition: ValueDefinition, rawValue: unknown): ValidationResult {
  const result = typedValue(definition.data_type, rawValue);
  if (!result.ok || definition.field_type !== 'select') return result;
  const allowed = (definition.options ?? []).map((option) => option.value);
  if (allowed.includes(String(result.value))) return result;
  return { ok: false, rule: `must be one of the options ${allowed.map((v) => JSON.stringify(v)).join(', ')}` };
}

/** P5: a scalar as validateAttributeValue checks it, or an array of such scalars. */
export function validateAttributeInput(definition: ValueDefinition, rawValue: unknown): ValueValidationResult {
  if (!Array.isArray(rawValue)) return validateAttributeValue(definition, rawValue);
  if (rawValue.length > ARRAY_VALUE_MAX) return { ok: false, rule: `must have at most ${ARRAY_VALUE_MAX} elements` };
  const values: AttributeValue[] = [];
  for (const [index, item] of rawValue.entries()) {
    const result = validateAttributeValue(definition, item);
    if (!result.ok) return { ok: false, rule: `element [${index}] ${result.rule}` };
    values.push(result.value);
  }
  return { ok: true, value: values };
}

/** The four kinds of records that carry custom attribute values (one implementation for all, P5). */
export type AttributeKind = 'users' | 'products' | 'purchases' | 'purchase_items';

export interface ResolvedValue {
  definitionId: number;
  /** JSON text to store, or null to remove the stored value. */
  value: string | null;
}

export interface DefinitionForValues {
  id: number;
  name: string;
  field_type: string;
  data_type: string;
  options: Array<{ value: string }>;
}

/** The account's definitions of one kind, by name: load once, resolve many records against it. */
export type KindDefinitions = Map<string, DefinitionForValues>;

const KIND_LABEL: Record<AttributeKind, string> = {
  users: 'user',
  products: 'product',
  purchases: 'purchase',
  purchase_items: 'purchase item',
};

/**
 * Validates a `custom_attributes` object against the kind's definitions: keys are normalised (C2)
 * and must name a definition; values (or arrays of values, P5) must fit its data_type and, for a
 * select, its options. A null value means "remove the stored value". Throws 400 naming
 * `<field>.<key>`.
 */
export function resolveValues(
  definitions: KindDefinitions,
  kind: AttributeKind,
  input: Record<string, unknown>,
  field = 'custom_attributes',
): ResolvedValue[] {
  const resolved = new Map<number, string | null>();
  for (const [rawKey, rawValue] of Object.entries(input)) {
    const key = normaliseName(rawKey);
    const name = `${field}.${rawKey}`;
    if (!NAME_PATTERN.test(key)) throw invalidField(name, 'is not a valid attribute name');
    const definition = definitions.get(key);
    if (!definition) throw invalidField(name, `no ${KIND_LABEL[kind]} custom attribute named "${key}" is defined`);
    if (rawValue === null) {
      resolved.set(definition.id, null);
      continue;
    }
    const result = validateAttributeInput(definition, rawValue);
    if (!result.ok) throw invalidField(name, result.rule);
    resolved.set(definition.id, encodeAttributeValue(result.value));
  }
  return [...resolved].map(([definitionId, value]) => ({ definitionId, value }));
}
