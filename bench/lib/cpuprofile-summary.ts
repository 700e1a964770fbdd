// Where a server's CPU went, from the V8 CPU profiles of a bench run:
//
//   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" BENCH_ROUTES=user BENCH_DATABASES=sqlite \
//     BENCH_ROUNDS=1 npm run bench -- reads
//   npx tsx bench/lib/cpuprofile-summary.ts /tmp/prof/*.cpuprofile
//
// Prints, per profile, self time by package (our files by folder, node: internals, native code)
// and the functions with the most self time, as shares of the time the process was not idle.
// LAST=<seconds> keeps only the end of each profile (the measured load, not the start-up).
// Profiles of module-loader threads (tsx) are left out.
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const HERE = new URL('../..', import.meta.url).href;

function where(node: Node): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName || '(native)';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1]!;
  if (url.startsWith('node:')) return url;
  return url.replace(HERE, '').split('/').slice(0, 3).join('/');
}

function label(node: Node): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(HERE, '')}:${lineNumber}`;
}

function top(totals: Map<string, number>, busy: number, count: number): string {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, time]) => `  ${((100 * time) / busy).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
}

const last = Number(process.env.LAST ?? 0) * 1e6;
for (const path of process.argv.slice(2)) {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const urls = profile.nodes.map((node) => node.callFrame.url).join(' ');
  const server = urls.includes('reads-baseline') ? 'baseline' : urls.includes('src/app.ts') ? 'rapport' : undefined;
  if (!server) continue;
  let time = profile.startTime;
  const stamps = profile.timeDeltas.map((delta) => (time += delta));
  const from = last > 0 ? time - last : -Infinity;
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    if (stamps[i]! < from) return;
    const node = nodes.get(id)!;
    if (node.callFrame.functionName === '(idle)') return;
    const delta = profile.timeDeltas[i] ?? 0;
    busy += delta;
    byPackage.set(where(node), (byPackage.get(where(node)) ?? 0) + delta);
    byFunction.set(label(node), (byFunction.get(label(node)) ?? 0) + delta);
  });
  console.log(`\n${path} (${server}): ${(busy / 1e6).toFixed(2)} s busy\n by package (self time):\n${top(byPackage, busy, 20)}`);
  console.log(` by function (self time):\n${top(byFunction, busy, 25)}`);
}
