import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { startSmtpReceiver } from '../helpers/smtp.js';
import { runDocument, shellBlocks } from './examples.js';

// Docs that run: the shell examples of README.md and docs/*.md are run, each document in order in
// one bash process, against a real server on a fresh database (its own for each document), with
// `API` and `KEY` set as the README's quick start sets them. Conventions: docs/README.md.

const root = fileURLToPath(new URL('../../', import.meta.url));
const documents = ['README.md', ...(await readdir(join(root, 'docs'))).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)];

/**
 * The test helpers' app (a fresh database, SQLite or PostgreSQL) listening on the loopback, with
 * an SMTP server of its own that accepts every message (SMTP_URL: docs/mailings.md sends).
 */
async function startServer(): Promise<TestApp & { origin: string }> {
  const smtp = await startSmtpReceiver();
  // docs/webhooks.md sends messages to a receiver on this machine (W1: WEBHOOK_ALLOW_PRIVATE).
  const t = await buildTestApp({ autoClose: false, config: { webhookAllowPrivate: true, workerPollMs: 100, smtpUrl: smtp.url } });
  const closeApp = t.close;
  const close = async () => {
    await closeApp();
    await smtp.close();
  };
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await close();
    throw error;
  }
  const { port } = t.app.server.address() as AddressInfo;
  return Object.assign(t, { origin: `http://127.0.0.1:${port}`, close });
}

async function withServer<T>(fn: (server: TestApp & { origin: string }) => Promise<T>): Promise<T> {
  const server = await startServer();
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}

describe('the examples runner', () => {
  const doc = (...blocks: string[]) => blocks.join('\n\n');
  const cases: { name: string; markdown: string; failure: RegExp | null; curlLines?: number[] }[] = [
    {
      name: 'a curl answering 404 where 2xx is expected fails with the line, the command and the answer',
      markdown: doc('# Title', '```sh\ncurl -s "$API/nowhere" \\\n  -H "Authorization: Basic $KEY"\n```'),
      failure: /^doc\.md:4: curl -s .*\/apiv3\/nowhere .*\nanswered 404, expected 2xx: \{"payload":null,.*"code":"not_found"/s,
    },
    {
      name: '`# expect 404` before a curl accepts exactly that status',
      markdown: doc('```bash\n# expect 404 (unknown route)\ncurl -s "$API/nowhere" -H "Authorization: Basic $KEY"\ncurl -s "$API/users" -H "Authorization: Basic $KEY"\n```'),
      failure: null,
      curlLines: [3, 4],
    },
    {
      name: 'another status than the expected one fails',
      markdown: '```sh\n# expect 400\ncurl -s "$API/nowhere" -H "Authorization: Basic $KEY"\n```',
      failure: /^doc\.md:3: .*answered 404, expected 400/s,
    },
    {
      name: 'an expectation with no curl after it fails',
      markdown: '```sh\ncurl -s "$API/users" -H "Authorization: Basic $KEY"\n# expect 404\n```',
      failure: /^doc\.md:3: expect 404 is not followed by a curl command/,
    },
    {
      name: 'a failing command other than curl fails, and nothing after it runs',
      markdown: '```sh\ntrue\ngrep -q absent /dev/null\ncurl -s "$API/users" -H "Authorization: Basic $KEY"\n```',
      failure: /^doc\.md:3: exit status 1: grep -q absent \/dev\/null/,
    },
    {
      name: 'a curl failing inside a command substitution fails the document',
      markdown: '```sh\nID=$(curl -s -X POST "$API/events" -H "Authorization: Basic $KEY" -H "Content-Type: application/json" -d \'{"name":"bad name"}\' | cut -c1-5)\necho "$ID"\n```',
      failure: /^doc\.md:2: curl .*answered 400, expected 2xx/s,
    },
    {
      name: 'a curl that reaches no server fails with curl\'s error',
      markdown: '```sh\ncurl -s http://127.0.0.1:1/apiv3/users\n```',
      failure: /^doc\.md:2: curl .*\nanswered 000, expected 2xx: curl: \(7\)/s,
    },
    {
      name: 'norun blocks and other languages are not run; the address and the key placeholder are substituted; state carries across blocks',
      markdown: doc(
        '```sh norun\nfalse\n```',
        '```json\n{"x": false}\n```',
        '```sh\nexport BASE=http://127.0.0.1:8080/apiv3 K=rk_...\n```',
        '```\nfalse\n```',
        '```sh\ncurl -s "$BASE/users" -H "Authorization: Basic $K"\n```',
      ),
      failure: null,
      curlLines: [18],
    },
  ];
  // One server for these: they create nothing another case reads.
  let server: TestApp & { origin: string };
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());
  for (const c of cases) {
    test(c.name, async () => {
      const { origin, key } = server;
      const result = await runDocument({ name: 'doc.md', markdown: c.markdown, origin, key });
      if (c.failure === null) {
        assert.equal(result.failure, null, result.output);
      } else {
        assert.match(result.failure ?? '(no failure)', c.failure);
        assert.ok(!result.failure?.includes(key) && !result.failure?.includes(origin), 'the key and the address are shown as the reader writes them');
      }
      if (c.curlLines) assert.deepEqual(result.curlLines, c.curlLines);
    });
  }
});

describe('the documents run', { concurrency: 2 }, () => {
  for (const name of documents) {
    test(name, async (t) => {
      const markdown = await readFile(join(root, name), 'utf8');
      const all = shellBlocks(markdown);
      const blocks = all.filter((block) => block.run);
      if (blocks.length === 0) return t.skip(all.length === 0 ? 'no shell example' : `all ${all.length} shell examples are norun`);
      for (const block of blocks) {
        assert.doesNotMatch(block.lines.join('\n'), /\/\/localhost[:/]/, `${name}:${block.line}: use $API (or http://127.0.0.1:8080), not localhost`);
      }
      await withServer(async ({ origin, key }) => {
        const result = await runDocument({ name, markdown, origin, key });
        if (result.failure) assert.fail(result.failure);
        // Each block with a curl command ran one: none was skipped by the shell's logic.
        for (const block of blocks.filter((b) => b.lines.some((line) => /^\s*[^#]*\bcurl\s/.test(line)))) {
          const end = block.line + block.lines.length;
          assert.ok(
            result.curlLines.some((line) => line > block.line && line <= end),
            `${name}:${block.line}: no curl command of this block ran`,
          );
        }
      });
    });
  }
});
