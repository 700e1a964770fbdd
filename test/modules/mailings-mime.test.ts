import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { composable, compose, type MimeInput } from '../../src/modules/mailings/mime.js';

// M6: the message as the sender builds it (src/modules/mailings/mime.ts). Read back with decoders
// written here from RFC 2047 (encoded words) and RFC 2045 (quoted-printable), every header and
// part says what it was given, for any text; the wire rules hold (CRLF only, lines ≤ 998).

function decodeWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
  const joined = value.replace(/(\?=)\s+(=\?)/g, '$1$2');
  return joined.replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, text: string) => {
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '_') bytes.push(0x20);
      else if (text[i] === '=') {
        bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(text.charCodeAt(i));
    }
    return Buffer.from(bytes).toString('utf8');
  });
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=') {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(soft.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Spaces and tabs off both ends: what folding and unfolding may change about a header value. */
const blankEnds = (value: string) => value.replace(/^[ \t]+|[ \t]+$/g, '');

function read(raw: string) {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of head!.replace(/\r\n[ \t]/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), blankEnds(line.slice(colon + 1)));
  }
  const boundary = /boundary="([^"]+)"/.exec(headers.get('content-type')!)![1]!;
  const body = rest.join('\r\n\r\n');
  const parts = body.split(`--${boundary}`).slice(1, -1).map((part) => {
    const [partHead, ...partBody] = part.replace(/^\r\n/, '').split('\r\n\r\n');
    return { type: /Content-Type: ([^;]+)/.exec(partHead!)![1], body: decodeQuotedPrintable(partBody.join('\r\n\r\n').replace(/\r\n$/, '')) };
  });
  return { headers, parts, closed: body.trimEnd().endsWith(`--${boundary}--`) };
}

const base: MimeInput = {
  from: { name: 'Shop', address: 'news@shop.example.com' },
  to: 'ana@example.com',
  replyTo: null,
  subject: 'Hi',
  html: '<p>Hi</p>',
  text: 'Hi',
  messageId: '<id.1@shop.example.com>',
  headers: { 'List-Unsubscribe': '<https://mail.example.com/m/u/token>, <mailto:news@shop.example.com?subject=unsubscribe>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
};

describe('the MIME message of a mailing (M6)', () => {
  it('reads back as given: subject, sender name, both parts, the unsubscribe headers, for any text', () => {
    const line = fc.string({ unit: 'grapheme', maxLength: 120 });
    const text = fc.oneof(line, fc.array(fc.oneof(line, fc.constantFrom('', ' ', '.', '..', '=', 'é ', 'From x')), { maxLength: 6 }).map((lines) => lines.join('\n')));
    fc.assert(
      fc.property(text, fc.option(text, { nil: null }), text, text, (subject, name, html, plain) => {
        const message = { ...base, subject, from: { name, address: base.from.address }, html, text: plain };
        const raw = compose(message);
        assert.ok(!/[^\r]\n|\r[^\n]/.test(raw), 'CRLF line ends only');
        assert.ok(raw.split('\r\n').every((line) => line.length <= 998), 'no line over 998 characters');
        const { headers, parts, closed } = read(raw);
        assert.equal(decodeWords(headers.get('subject')!), blankEnds(subject.replace(/[\r\n]+/g, ' ')));
        const from = headers.get('from')!;
        const shown = (name ?? '').replace(/[\r\n]+/g, ' ').trim();
        if (shown) {
          assert.ok(from.endsWith(` <${base.from.address}>`), from);
          const written = from.slice(0, from.lastIndexOf('<')).trim();
          // A display name is a quoted string, encoded words, or atoms: nothing else parses (RFC 5322 §3.2.5).
          if (!written.startsWith('"') && !written.startsWith('=?')) assert.match(written, /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]+$/);
          const display = written.startsWith('"') ? written.slice(1, -1).replace(/\\(.)/g, '$1') : decodeWords(written);
          assert.equal(display, shown);
        } else assert.equal(from, base.from.address);
        assert.deepEqual(parts.map((p) => p.type), ['text/plain', 'text/html']);
        assert.equal(parts[0]!.body, plain.replace(/\r?\n/g, '\r\n'));
        assert.equal(parts[1]!.body, html.replace(/\r?\n/g, '\r\n'));
        assert.ok(closed, 'the multipart is closed');
        assert.equal(headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
        assert.equal(headers.get('list-unsubscribe'), base.headers['List-Unsubscribe']);
        assert.equal(headers.get('message-id'), base.messageId);
        assert.equal(headers.get('mime-version'), '1.0');
      }),
      { numRuns: 300 },
    );
  });

  it('a line break in a header value never starts another header', () => {
    const { headers } = read(compose({ ...base, subject: 'Hi\r\nBcc: victim@example.com' }));
    assert.equal(headers.get('bcc'), undefined);
    assert.equal(headers.get('subject'), 'Hi Bcc: victim@example.com');
  });

  it('an address that is not ASCII is left to nodemailer (composable false)', () => {
    assert.equal(composable(base), true);
    assert.equal(composable({ ...base, to: 'josé@example.com' }), false);
    assert.equal(composable({ ...base, replyTo: 'ventas@tienda.example.com' }), true);
    assert.equal(composable({ ...base, from: { name: null, address: 'ñ@example.com' } }), false);
  });
});
