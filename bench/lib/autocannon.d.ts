// autocannon ships no types; only what the benches use is declared.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests (instead of after `duration`). */
    amount?: number;
    /** Requests per second across all connections (a fixed-rate load instead of as fast as it can). */
    overallRate?: number;
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
    /** Answers with a 2xx status, and the run's length in seconds. */
    '2xx': number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  /** A run: awaited for its result; stop() ends it early; 'response' gives each latency in ms, unrounded. */
  interface Run extends Promise<Result> {
    stop(): void;
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): this;
  }
  export default function autocannon(options: Options): Run;
}
