// A test reporter for scripts/test.mjs: at the end of a pass, the test files that took longest (from
// the first to the last event the runner relays of each), so a file that makes the suite slow is
// named in the output of every run, CI's included.
export default async function* fileTimes(source) {
  const spans = new Map();
  for await (const event of source) {
    const file = event.data?.file;
    if (!file) continue;
    const now = Date.now();
    const span = spans.get(file);
    if (span) span.last = now;
    else spans.set(file, { first: now, last: now });
  }
  const slowest = [...spans].map(([file, s]) => [file, s.last - s.first]).sort((a, b) => b[1] - a[1]).slice(0, 15);
  yield '\nSlowest test files (seconds from the first to the last event):\n';
  for (const [file, ms] of slowest) yield `  ${(ms / 1000).toFixed(1).padStart(7)}  ${file.replace(process.cwd() + '/', '')}\n`;
}
