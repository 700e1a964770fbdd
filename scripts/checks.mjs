// npm test's first step: the type-check and the lint at once (each is mostly one process, and the
// CI machine has two cores: about 25 s sooner than one after the other). Each one's output is
// printed whole when it ends; the step fails when either does.
import { spawn } from 'node:child_process';

const run = (script) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(output);
      resolve(code ?? 1);
    });
  });

const codes = await Promise.all([run('typecheck'), run('lint')]);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
