// npm run bench              runs every bench script (bench/*.ts but this runner) in turn
// npm run bench -- <name>    runs bench/<name>.ts only (e.g. user-events, blacklist-upload)
// Benches listen on loopback only, keep their files under .bench/, and are never part of npm test.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts') && name !== 'index.ts')
  .map((name) => name.replace(/\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n##### bench: ${name} #####`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, `${name}.ts`)], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
