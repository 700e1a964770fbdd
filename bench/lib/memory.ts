import { readFileSync } from 'node:fs';

/** A process's resident set size in kB, from /proc (Linux). */
export function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

/** Samples a process's RSS every `everyMs`; the returned function stops and answers the peak in kB. */
export function sampleRss(pid: number, everyMs = 20): () => number {
  let peak = rssKb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssKb(pid));
    } catch {
      // process gone
    }
  }, everyMs);
  return () => {
    clearInterval(timer);
    try {
      return Math.max(peak, rssKb(pid));
    } catch {
      return peak;
    }
  };
}
