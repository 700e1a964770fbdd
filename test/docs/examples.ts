import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Runs the shell examples of a Markdown document, in order, in one bash process, against a real
// server. The conventions (docs/README.md says them to writers):
// - a fenced block whose info string starts with sh, bash or shell is run; `norun` among the info
//   string's words opts it out (installing, starting a server, production backups);
// - every curl command must answer 2xx, unless the comment line just before it says
//   `# expect NNN ...`: then it must answer exactly NNN;
// - any other command that fails (set -e, pipefail) fails the document;
// - `http://127.0.0.1:8080` is the test server's address and `rk_...` its key; `API` and `KEY` are
//   set in the environment as the README's quick start sets them.

export interface ShellBlock {
  /** Line (1-based) of the opening fence. */
  line: number;
  info: string;
  run: boolean;
  lines: string[];
}

const SHELLS = new Set(['sh', 'bash', 'shell']);

export function shellBlocks(markdown: string): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^( {0,3})(`{3,}|~{3,})\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, info] = open as unknown as [string, string, string, string];
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(lines[j]!)) {
      body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!.trimStart());
      j += 1;
    }
    const words = info.trim().split(/\s+/);
    if (SHELLS.has(words[0]!)) blocks.push({ line: i + 1, info: info.trim(), run: !words.includes('norun'), lines: body });
    i = j;
  }
  return blocks;
}

const PRELUDE = readFileSync(fileURLToPath(new URL('./prelude.sh', import.meta.url)), 'utf8').trimEnd();

export interface Script {
  text: string;
  /** For each line of the script (0-based), the document's line, or null for the runner's own. */
  documentLine: (number | null)[];
}

export function buildScript(blocks: ShellBlock[], substitutions: Record<string, string>): Script {
  const out: string[] = PRELUDE.split('\n');
  const documentLine: (number | null)[] = out.map(() => null);
  const substitute = (line: string) => Object.entries(substitutions).reduce((text, [from, to]) => text.replaceAll(from, to), line);
  for (const block of blocks.filter((b) => b.run)) {
    out.push('__pending');
    documentLine.push(null);
    block.lines.forEach((line, index) => {
      const expect = /^(\s*)#\s*expect\s+(\d{3})\b/.exec(line);
      out.push(expect ? `${expect[1]}__expect ${expect[2]}` : substitute(line));
      documentLine.push(block.line + 1 + index);
    });
  }
  out.push('__pending');
  documentLine.push(null);
  return { text: `${out.join('\n')}\n`, documentLine };
}

export interface RunResult {
  /** `<document>:<line>: <what failed>`, or null when every command succeeded. */
  failure: string | null;
  /** Document lines of the curl commands that ran. */
  curlLines: number[];
  output: string;
}

export async function runDocument(options: {
  name: string;
  markdown: string;
  origin: string;
  key: string;
  timeoutMs?: number;
}): Promise<RunResult> {
  const blocks = shellBlocks(options.markdown);
  const script = buildScript(blocks, { 'http://127.0.0.1:8080': options.origin, 'rk_...': options.key });
  const dir = await mkdtemp(join(tmpdir(), 'rapport-docs-'));
  const state = join(dir, '.state');
  const work = join(dir, 'work');
  try {
    await Promise.all([mkdir(state), mkdir(work)]);
    const scriptFile = join(state, 'script.sh');
    await writeFile(scriptFile, script.text);
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn('bash', ['--noprofile', '--norc', scriptFile], {
        cwd: work,
        env: {
          PATH: process.env.PATH,
          HOME: work,
          LANG: 'C.UTF-8',
          API: `${options.origin}/apiv3`,
          KEY: options.key,
          __DOCS_DIR: state,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.length > 200_000) output = output.slice(-50_000);
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
      child.on('error', reject);
      child.on('close', (exitCode) => {
        clearTimeout(timer);
        resolve({ code: exitCode, output });
      });
    });
    const where = (scriptLine: string) => {
      const line = script.documentLine[Number(scriptLine) - 1];
      return line ? `${options.name}:${line}` : `${options.name} (after its last block)`;
    };
    const calls = await readFile(join(state, 'calls'), 'utf8').catch(() => '');
    const curlLines = calls
      .split('\n')
      .filter(Boolean)
      .map((line) => script.documentLine[Number(line) - 1] ?? 0);
    const recorded = await readFile(join(state, 'failure'), 'utf8').catch(() => null);
    let failure: string | null = null;
    if (recorded !== null) {
      const tab = recorded.indexOf('\t');
      failure = `${where(recorded.slice(0, tab))}: ${recorded.slice(tab + 1)}`;
    } else if (code !== 0) {
      failure = `${options.name}: bash exited with ${code ?? 'a signal (timeout?)'}; output:\n${output.slice(-2000)}`;
    }
    // Shown as the reader would see them.
    const readable = (text: string) => text.replaceAll(options.key, '$KEY').replaceAll(options.origin, 'http://127.0.0.1:8080');
    return { failure: failure && readable(failure), curlLines, output: readable(output) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
