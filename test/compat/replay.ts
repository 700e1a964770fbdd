import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type { Response, TestApp } from '../helpers/app.js';

// The compatibility fixtures: each `.http` file is one request as a client puts it on the wire
// (request line, headers, a blank line, the body with nothing after it), replayed through app.inject
// with only `{{NAME}}` placeholders of the request line and headers filled in (docs/compatibility.md).

export interface Fixture {
  method: string;
  target: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The names (without `.http`) of the fixtures in `dir`, sorted; subdirectories are other clients'. */
export function fixtureNames(dir: URL): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.http'))
    .sort()
    .map((name) => name.slice(0, -'.http'.length));
}

export function loadFixture(dir: URL, name: string): Fixture {
  const text = readFileSync(new URL(`${name}.http`, dir), 'utf8');
  const split = text.indexOf('\n\n');
  assert.ok(split > 0, `${name}: no blank line after the headers`);
  const [requestLine, ...headerLines] = text.slice(0, split).split('\n');
  const match = /^(GET|POST|PUT|DELETE) (\/apiv3\/\S*) HTTP\/1\.1$/.exec(requestLine ?? '');
  assert.ok(match, `${name}: bad request line ${requestLine}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(': ');
    assert.ok(colon > 0, `${name}: bad header line ${line}`);
    headers[line.slice(0, colon)] = line.slice(colon + 2);
  }
  const body = text.slice(split + 2);
  return { method: match[1]!, target: match[2]!, headers, body: body === '' ? undefined : body };
}

export function fillPlaceholders(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = vars[name];
    assert.ok(value !== undefined, `no value for {{${name}}} yet`);
    return value;
  });
}

/**
 * Sends a fixture's bytes as they are (placeholders filled in; `headers` replaces some, e.g. to
 * show what another Authorization scheme gets) and parses the answer.
 */
export async function replayFixture(
  t: TestApp,
  dir: URL,
  name: string,
  vars: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const fixture = loadFixture(dir, name);
  const filled = Object.fromEntries(Object.entries({ ...fixture.headers, ...headers }).map(([key, value]) => [key, fillPlaceholders(value, vars)]));
  const response = await t.app.inject({
    method: fixture.method as 'GET',
    url: fillPlaceholders(fixture.target, vars),
    headers: filled,
    payload: fixture.body === undefined ? undefined : Buffer.from(fixture.body, 'utf8'),
  });
  let body: any;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, headers: response.headers, body, text: response.body };
}
