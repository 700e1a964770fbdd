// autocannon ships no types; only what the benches use is declared.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests (instead of after `duration`). */
    amount?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    /** Per-request setup (e.g. a different path each time). */
    requests?: Array<{ setupRequest?: (request: { path: string; [key: string]: unknown }) => { path: string; [key: string]: unknown } }>;
  }
  interface Histogram {
    average: number;
    /** requests: how many were answered in the run. */
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    non2xx: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
