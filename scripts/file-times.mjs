// A test reporter for scripts/test.mjs: at the end of a pass, the test files whose tests took longest
// (their top-level tests summed; loading the file is not counted, as the runner reports no time for
// it), so a file that makes the suite slow is named in the output of every run, CI's included.
export default async function* fileTimes(source) {
  const times = new Map();
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      times.set(event.data.file, (times.get(event.data.file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
  }
  const slowest = [...times].sort((a, b) => b[1] - a[1]).slice(0, 15);
  yield '\nSlowest test files (seconds, their top-level tests summed):\n';
  for (const [file, ms] of slowest) yield `  ${(ms / 1000).toFixed(1).padStart(7)}  ${file.replace(/^.*\/\.test-build\/run-\d+\//, '').replace(process.cwd() + '/', '').replace(/\.js$/, '.ts')}\n`;
}
