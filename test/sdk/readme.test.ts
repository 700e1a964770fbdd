import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import ts from 'typescript';
import { usingPostgres } from '../helpers/app.js';
import { startSmtpReceiver } from '../helpers/smtp.js';
import { startSdkServer } from './server.js';

// The `ts` examples of the SDK's README and of docs/sdk.md are typechecked (strict, as the project)
// and run, in order, against a real server: what a reader copies works.

const root = fileURLToPath(new URL('../../', import.meta.url));
const sdkEntry = join(root, 'packages/sdk/src/index.js');
const documents = ['packages/sdk/README.md', 'docs/sdk.md'];

interface Example {
  name: string;
  file: string;
}

const dir = await mkdtemp(join(tmpdir(), 'rapport-sdk-examples-'));
after(() => rm(dir, { recursive: true, force: true }));

const examples: Example[] = [];
for (const document of documents) {
  const text = await readFile(join(root, document), 'utf8');
  const blocks = [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
  assert.ok(blocks.length > 0, `${document} has no ts example`);
  for (const [index, code] of blocks.entries()) {
    assert.match(code, /from '@rapport\/sdk'/, `${document} example ${index + 1} does not import the SDK`);
    const file = join(dir, `${document.replace(/[^a-z0-9]+/gi, '-')}-${index + 1}`);
    const source = code.replaceAll("from '@rapport/sdk'", `from ${JSON.stringify(sdkEntry)}`);
    // The .mts is type-checked; its JavaScript (as esbuild, tsx's transpiler, makes it) is run.
    await writeFile(`${file}.mts`, source);
    await writeFile(`${file}.mjs`, (await transform(source, { loader: 'ts', format: 'esm', target: 'node20' })).code);
    examples.push({ name: `${document} example ${index + 1}`, file });
  }
}

// Types do not depend on the database: checked once, in the SQLite pass (it takes a while).
test('the examples typecheck', { skip: usingPostgres() && 'checked in the SQLite pass' }, () => {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const program = ts.createProgram(
    examples.map((example) => `${example.file}.mts`),
    { ...options, noEmit: true },
  );
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  assert.deepEqual(problems, []);
});

test('the examples run against a real server', async (t) => {
  // The webhooks example registers a receiver on 127.0.0.1 (W1); the mailings example sends through
  // a real SMTP receiver (M5 needs SMTP_URL).
  const smtp = await startSmtpReceiver();
  t.after(() => smtp.close());
  const server = await startSdkServer({ config: { webhookAllowPrivate: true, smtpUrl: smtp.url, workerEnabled: true, workerPollMs: 50 } });
  process.env.RAPPORT_URL = server.baseUrl;
  process.env.RAPPORT_KEY = server.key;
  const cwd = process.cwd();
  process.chdir(dir); // examples write their files where they run
  const log = console.log;
  const printed: string[] = [];
  console.log = (...values: unknown[]) => void printed.push(values.map(String).join(' '));
  try {
    for (const example of examples) {
      await t.test(example.name, async () => {
        printed.length = 0;
        await import(pathToFileURL(`${example.file}.mjs`).href);
      });
    }
  } finally {
    console.log = log;
    process.chdir(cwd);
  }
});
