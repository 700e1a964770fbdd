#!/usr/bin/env node
// The command-line tool. It runs the built dist/cli.js (the bundled server, written last by
// `npm run build`, which npm runs at install). In a development checkout with no build, or whose
// sources changed after the last build, it runs the sources through tsx instead, so it never runs
// stale code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiled = join(root, 'dist', 'cli.js');
const sources = join(root, 'src');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const built = existsSync(compiled);
const stale = built && existsSync(sources) && newestChange(sources) > statSync(compiled).mtimeMs;

if (built && !stale) {
  await import(compiled);
} else {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    console.error(`rapport: ${built ? 'dist/ is older than src/' : 'dist/ is missing'} and tsx is not installed: run npm run build`);
    process.exit(1);
  }
  register();
  await import('../src/cli.ts');
}
