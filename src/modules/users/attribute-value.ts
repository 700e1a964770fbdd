import { formatDateTime, parseDateTime } from '../../lib/time.js';

// Checks one custom attribute value against its definition. Returns the typed value to store, or
// the rule it broke.

export interface AttributeDefinitionLike {
  field_type: string;
  data_type: string;
  options: Array<{ value: string }>;
}

export type ValueCheck = { ok: true; value: string | number } | { ok: false; rule: string };

export function validateAttributeValue(definition: AttributeDefinitionLike, raw: unknown): ValueCheck {
  const typed = toType(definition.data_type, raw);
  if (!typed.ok) return typed;
  if (definition.field_type === 'select' && !definition.options.some((o) => o.value === String(typed.value))) {
    const allowed = definition.options.map((o) => JSON.stringify(o.value)).join(', ');
    return { ok: false, rule: `must be one of the options ${allowed}` };
  }
  return typed;
}

function toType(dataType: string, raw: unknown): ValueCheck {
  switch (dataType) {
    case 'string':
      if (typeof raw === 'string') return { ok: true, value: raw };
      if (typeof raw === 'number' || typeof raw === 'boolean') return { ok: true, value: String(raw) };
      return { ok: false, rule: 'must be a string' };
    case 'integer': {
      const n = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
      return typeof n === 'number' && Number.isSafeInteger(n) ? { ok: true, value: n } : { ok: false, rule: 'must be an integer' };
    }
    case 'float': {
      const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      return typeof n === 'number' && Number.isFinite(n) ? { ok: true, value: n } : { ok: false, rule: 'must be a number' };
    }
    case 'timestamp': {
      const date = typeof raw === 'string' ? parseDateTime(raw.trim()) : null;
      return date
        ? { ok: true, value: formatDateTime(date) }
        : { ok: false, rule: 'must be a datetime (YYYY-MM-DD hh:mm:ss, or ISO 8601 with an offset)' };
    }
    default:
      return { ok: false, rule: `has an unknown data_type ${dataType}` };
  }
}
