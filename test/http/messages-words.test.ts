import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

// Messages a person reads (errors the API answers, which the console shows as they are) say what is
// wrong in words, never by the id of a decision of API.md ("(U4)", "SG2"): those ids are for the
// code's readers. This reads every string of src/ that reaches an error's message.

const ROOT = new URL('../../src/', import.meta.url).pathname;
const DECISION = /\((?:G|U|C|B|L|E|S|P|K|D|W|M|O|SG|T)\d+\)/;
/** A call that makes an answered error, up to the end of its statement. */
const THROWN = /(?:invalidField|new (?:BadRequest|NotFound|Forbidden|PayloadTooLarge|Conflict|App)Error|badRequest|notFound|forbidden)\(([^;]*?)\);/gs;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('error messages', () => {
  it('name no decision ids', () => {
    const found: string[] = [];
    for (const file of files(ROOT)) {
      for (const match of readFileSync(file, 'utf8').matchAll(THROWN)) {
        if (DECISION.test(match[1]!)) found.push(`${file.slice(ROOT.length)}: ${match[0].slice(0, 160)}`);
      }
    }
    assert.deepEqual(found, []);
  });
});
