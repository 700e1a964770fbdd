import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normaliseName } from '../../src/lib/names.js';
import { formatDateTime, parseDate, parseDateTime } from '../../src/lib/time.js';

describe('datetime rules (G7)', () => {
  const parsed = (text: string, bare: 'start' | 'end' | 'refuse' = 'refuse') => {
    const date = parseDateTime(text, bare);
    return date ? formatDateTime(date) : null;
  };

  it('accepts the plain form as UTC and ISO 8601 with an offset or Z, converted to UTC', () => {
    assert.equal(parsed('2026-02-03 04:05:06'), '2026-02-03 04:05:06');
    assert.equal(parsed('2026-02-03T04:05:06Z'), '2026-02-03 04:05:06');
    assert.equal(parsed('2026-02-03T04:05:06.789+02:00'), '2026-02-03 02:05:06');
    assert.equal(parsed('2026-02-03T23:30:00-0130'), '2026-02-04 01:00:00');
    assert.equal(parsed('2026-02-03T04:05Z'), '2026-02-03 04:05:00');
  });

  it('takes a bare date only where a range bound is meant', () => {
    assert.equal(parsed('2026-02-03'), null);
    assert.equal(parsed('2026-02-03', 'start'), '2026-02-03 00:00:00');
    assert.equal(parsed('2026-02-03', 'end'), '2026-02-03 23:59:59');
  });

  it('refuses everything else, including impossible dates', () => {
    for (const text of ['2026-02-30 00:00:00', '2026-13-01 00:00:00', '2026-02-03T04:05:06', '03/02/2026', '', '2026-02-03 24:00:00', 'now']) {
      assert.equal(parsed(text, 'start'), null, text);
    }
    assert.equal(parseDate('2024-02-29'), '2024-02-29');
    assert.equal(parseDate('2026-02-29'), null);
  });
});

describe('name normalisation (C2)', () => {
  it('trims, strips accents, lowercases, and turns spaces and dashes into underscores', () => {
    assert.equal(normaliseName('  Código Postal-Nuevo '), 'codigo_postal_nuevo');
    assert.equal(normaliseName('ÑANDÚ'), 'nandu');
  });
});
