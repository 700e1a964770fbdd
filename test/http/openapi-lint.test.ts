import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildTestApp } from '../helpers/app.js';

// The served OpenAPI document, linted with Redocly's recommended rules (redocly.yaml at
// the root: `extends: recommended`, each rule turned off with its reason), has no problem at all:
// no error, no warning, nothing ignored. Through Redocly CLI itself (@redocly/cli bundles its
// linter; the @redocly/openapi-core in node_modules is an older one, openapi-typescript's).

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CONFIG = join(ROOT, 'redocly.yaml');
const CLI = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

const t = await buildTestApp();
const dir = mkdtempSync(join(tmpdir(), 'rapport-lint-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location?: Array<{ pointer?: string }>;
}

interface Report {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Problem[];
}

/** `redocly lint --format json`: exit 1 with errors, but the report is on stdout either way. */
function lint(file: string): Promise<Report> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CLI, 'lint', file, '--config', CONFIG, '--format', 'json'],
      // no usage telemetry, no update check: the test needs no network
      { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout) as Report);
        } catch {
          reject(new Error(`redocly lint printed no report (${error?.message ?? 'exit 0'}):\n${stderr}`));
        }
      },
    );
  });
}

describe('the OpenAPI document under Redocly lint (recommended rules)', () => {
  it('has 0 errors, 0 warnings and nothing ignored', async () => {
    const response = await t.get('/apiv3/openapi.json', { key: null });
    assert.equal(response.status, 200);
    const file = join(dir, 'openapi.json');
    writeFileSync(file, response.text);
    const report = await lint(file);
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location?.[0]?.pointer ?? '?'}: ${p.message}`);
    assert.deepEqual(problems, []);
    assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
  });

  it('the points a first lint found are fixed in the document, not silenced', async () => {
    const doc = (await t.get('/apiv3/openapi.json', { key: null })).body;
    assert.ok(Array.isArray(doc.servers) && doc.servers.length > 0, 'servers');
    assert.equal(typeof doc.info.license?.name, 'string', 'info.license');
    for (const path of Object.keys(doc.paths)) assert.doesNotMatch(path, /\{\*\}/, `${path}: a wildcard is no path parameter`);
    // the branch update shares /branches/{id} with the read, its parameter described for what it is
    const put = doc.paths['/apiv3/branches/{id}']?.put;
    assert.equal(put?.operationId, 'updateBranch');
    assert.equal(put.parameters.find((p: { name: string }) => p.name === 'id').schema.type, 'string');
    // every operation has a 2xx answer (the not-served IIN lookup is left out of the document)
    for (const [path, item] of Object.entries<Record<string, { responses?: object }>>(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        assert.ok(Object.keys(operation.responses ?? {}).some((status) => /^2/.test(status)), `${method} ${path} answers 2xx`);
      }
    }
    assert.equal(doc.paths['/apiv3/purchases/iin/{digits}'], undefined);
  });

  it('redocly.yaml turns a rule off only with a comment saying why', () => {
    const lines = readFileSync(CONFIG, 'utf8').split('\n');
    assert.ok(lines.some((line) => /^\s*-\s*recommended\s*$/.test(line)), 'extends the recommended ruleset');
    lines.forEach((line, i) => {
      if (!/^\s+[\w-]+:\s*off\s*$/.test(line)) return;
      assert.match(lines[i - 1] ?? '', /^\s*#/, `${line.trim()} has its reason in a comment just above`);
    });
  });
});
