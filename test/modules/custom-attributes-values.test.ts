import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  convertStoredValue,
  decodeAttributeValue,
  encodeAttributeValue,
  validateAttributeValue,
} from '../../src/lib/attribute-values.js';

// The pure helpers the users module imports (U2) and the data_type conversion (C8) relies on.

const text = (data_type: string) => ({ data_type, field_type: 'text', options: [] });

describe('validateAttributeValue', () => {
  it('takes values of the declared JSON type and returns them typed', () => {
    assert.deepEqual(validateAttributeValue(text('string'), 'abc'), { ok: true, value: 'abc' });
    assert.deepEqual(validateAttributeValue(text('string'), ''), { ok: true, value: '' });
    assert.deepEqual(validateAttributeValue(text('integer'), -12), { ok: true, value: -12 });
    assert.deepEqual(validateAttributeValue(text('float'), 12.5), { ok: true, value: 12.5 });
    assert.deepEqual(validateAttributeValue(text('float'), 3), { ok: true, value: 3 });
  });

  it('refuses other types with a rule naming the expected type (strict, G8)', () => {
    const cases: [string, unknown, RegExp][] = [
      ['string', 12, /^must be a string$/],
      ['string', null, /^must be a string$/],
      ['integer', '12', /^must be an integer$/],
      ['integer', 12.5, /^must be an integer$/],
      ['integer', 2 ** 53, /^must be an integer$/],
      ['float', '1.5', /^must be a number$/],
      ['float', true, /^must be a number$/],
      ['timestamp', 1767225600, /^must be a datetime/],
      ['timestamp', '2026-01-02', /^must be a datetime/],
      ['timestamp', '2026-02-30 00:00:00', /^must be a datetime/],
      ['timestamp', '02/01/2026', /^must be a datetime/],
      ['boolean', 'x', /^has an unknown data_type "boolean"$/],
    ];
    for (const [dataType, raw, rule] of cases) {
      const result = validateAttributeValue(text(dataType), raw);
      assert.equal(result.ok, false, `${dataType} ${JSON.stringify(raw)}`);
      if (!result.ok) assert.match(result.rule, rule);
    }
  });

  it('normalises timestamps given in G7 forms to UTC YYYY-MM-DD hh:mm:ss', () => {
    assert.deepEqual(validateAttributeValue(text('timestamp'), '2026-01-02 03:04:05'), { ok: true, value: '2026-01-02 03:04:05' });
    assert.deepEqual(validateAttributeValue(text('timestamp'), '2026-01-02T03:04:05Z'), { ok: true, value: '2026-01-02 03:04:05' });
    assert.deepEqual(validateAttributeValue(text('timestamp'), '2026-01-02T03:04:05-03:00'), { ok: true, value: '2026-01-02 06:04:05' });
  });

  it('requires a select value to be one of the option values', () => {
    const select = { data_type: 'string', field_type: 'select', options: [{ value: 'S', text: 'Small' }, { value: 'M', text: 'Medium' }] };
    assert.deepEqual(validateAttributeValue(select, 'M'), { ok: true, value: 'M' });
    const refused = validateAttributeValue(select, 'Medium');
    assert.deepEqual(refused, { ok: false, rule: 'must be one of the options "S", "M"' });
    const numeric = { data_type: 'integer', field_type: 'select', options: [{ value: '1', text: 'One' }] };
    assert.deepEqual(validateAttributeValue(numeric, 1), { ok: true, value: 1 });
    assert.equal(validateAttributeValue(numeric, 2).ok, false);
    assert.equal(validateAttributeValue(numeric, '1').ok, false);
    // Only select restricts values to its options.
    const checkbox = { data_type: 'string', field_type: 'checkbox', options: [{ value: 'yes', text: 'Yes' }] };
    assert.deepEqual(validateAttributeValue(checkbox, 'no'), { ok: true, value: 'no' });
  });
});

describe('stored value encoding and conversion', () => {
  it('round-trips values through their JSON text', () => {
    for (const value of ['abc', '12', 12, 12.5, '2026-01-02 03:04:05']) {
      assert.deepEqual(decodeAttributeValue(encodeAttributeValue(value)), value);
    }
    assert.equal(encodeAttributeValue('12'), '"12"');
    assert.equal(encodeAttributeValue(12), '12');
    assert.equal(decodeAttributeValue('not json'), undefined);
    assert.equal(decodeAttributeValue('true'), undefined);
    assert.equal(decodeAttributeValue('{"a":1}'), undefined);
  });

  it('converts exactly or answers null (drop)', () => {
    const cases: [string, string, string | null][] = [
      ['"12"', 'integer', '12'],
      ['" 12 "', 'integer', '12'],
      ['"12.5"', 'integer', null],
      ['"abc"', 'integer', null],
      ['"9007199254740993"', 'integer', null],
      ['12', 'string', '"12"'],
      ['12.5', 'string', '"12.5"'],
      ['12', 'integer', '12'],
      ['12.5', 'integer', null],
      ['"1e3"', 'float', '1000'],
      ['"Infinity"', 'float', null],
      ['"2026-01-02 03:04:05"', 'timestamp', '"2026-01-02 03:04:05"'],
      ['"2026-01-02T03:04:05+01:00"', 'timestamp', '"2026-01-02 02:04:05"'],
      ['"2026-01-02"', 'timestamp', null],
      ['12', 'timestamp', null],
      ['"2026-01-02 03:04:05"', 'string', '"2026-01-02 03:04:05"'],
      ['corrupt', 'string', null],
    ];
    for (const [stored, target, expected] of cases) {
      assert.equal(convertStoredValue(stored, target as 'string'), expected, `${stored} -> ${target}`);
    }
  });
});
