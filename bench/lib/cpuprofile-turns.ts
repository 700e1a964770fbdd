// What held a server's event loop in its long busy stretches, from a V8 CPU profile:
//
//   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof --cpu-prof-interval 100" \
//     BENCH_PARTS=drain BENCH_DATABASES=sqlite npm run bench -- webhooks
//   SKIP_S=13 LONG_MS=10 npx tsx bench/lib/cpuprofile-turns.ts /tmp/prof/<server>.cpuprofile
//
// A busy stretch is a run of samples with no idle one between them: one or more turns of the loop
// back to back, during which a request that arrives waits. Prints how long the stretches were, then,
// over the stretches longer than LONG_MS, self time by function and by the path of our own frames
// (src/) that led to it. SKIP_S leaves out the start of the profile (start-up, an idle phase).
// Found with it: the webhook claim walking every message of the endpoint (docs/benchmarks.md).
import { readFileSync } from 'node:fs';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const profile = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Profile;
const skipUs = Number(process.env.SKIP_S ?? 0) * 1e6;
const longUs = Number(process.env.LONG_MS ?? 10) * 1000;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

function stackOf(id: number): ProfileNode[] {
  const stack: ProfileNode[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) stack.push(byId.get(at)!);
  return stack;
}

function label(frame: Frame): string {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  const where = dependency ? dependency[1] : frame.url.includes('/src/') ? frame.url.slice(frame.url.indexOf('/src/') + 5) : frame.url;
  return `${frame.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
}

const times: number[] = [];
let clock = profile.startTime;
for (const delta of profile.timeDeltas) times.push((clock += delta));

const stretches: Array<{ start: number; end: number; samples: number[] }> = [];
let open: (typeof stretches)[number] | undefined;
for (let i = 0; i < profile.samples.length; i += 1) {
  if (times[i]! < profile.startTime + skipUs) continue;
  if (byId.get(profile.samples[i]!)!.callFrame.functionName === '(idle)') {
    if (open) stretches.push(open);
    open = undefined;
    continue;
  }
  open ??= { start: times[i]!, end: times[i]!, samples: [] };
  open.end = times[i]!;
  open.samples.push(i);
}
if (open) stretches.push(open);

const lengths = stretches.map((s) => (s.end - s.start) / 1000).sort((a, b) => b - a);
const busy = lengths.reduce((a, b) => a + b, 0);
console.log(`${stretches.length} busy stretches, ${busy.toFixed(0)} ms busy of ${((profile.endTime - profile.startTime - skipUs) / 1000).toFixed(0)} ms`);
console.log(`longest (ms): ${lengths.slice(0, 15).map((x) => x.toFixed(1)).join(' ')}`);
for (const limit of [5, 10, 20]) {
  const over = lengths.filter((x) => x > limit);
  console.log(`over ${limit} ms: ${over.length}, ${over.reduce((a, b) => a + b, 0).toFixed(0)} ms in all`);
}

const self = new Map<string, number>();
const paths = new Map<string, number>();
let total = 0;
for (const stretch of stretches) {
  if (stretch.end - stretch.start < longUs) continue;
  for (const i of stretch.samples) {
    const us = (times[i + 1] ?? times[i]!) - times[i]!;
    const stack = stackOf(profile.samples[i]!);
    const top = label(stack[0]!.callFrame);
    const ours = stack.filter((node) => node.callFrame.url.includes('/src/')).map((node) => `${label(node.callFrame)}:${node.callFrame.columnNumber}`);
    const path = `${ours.slice(0, 4).reverse().join(' > ')} || ${top}`;
    self.set(top, (self.get(top) ?? 0) + us);
    paths.set(path, (paths.get(path) ?? 0) + us);
    total += us;
  }
}
const share = (us: number) => `${((100 * us) / Math.max(1, total)).toFixed(1).padStart(5)} %`;
console.log(`\nin the stretches over ${longUs / 1000} ms (${(total / 1000).toFixed(0)} ms), self time:`);
for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${share(us)}  ${name}`);
console.log('\nby the path of our frames that led there:');
for (const [name, us] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${share(us)}  ${name}`);
