import http from 'node:http';
import https from 'node:https';
import { type Lookup, RefusedDestination, checkDestination, pinnedLookup } from './address-guard.js';
import { signatureHeader } from './signing.js';

export interface Attempt {
  url: string;
  /** The secrets that sign: the current one, and the previous one during a rotation. */
  secrets: readonly string[];
  messageId: string;
  body: string;
}

export interface AttemptOutcome {
  succeeded: boolean;
  responseStatus: number | null;
  /** The start of the answer's body, for the delivery log. */
  responseBody: string | null;
  durationMs: number;
  error: string | null;
}

export interface SenderOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  lookup?: Lookup;
}

const KEPT_RESPONSE_BYTES = 1000;
const LOOKUP_TIMED_OUT = Symbol('the lookup timed out');
const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 64 }), https: new https.Agent({ keepAlive: true, maxSockets: 64 }) };

/**
 * One delivery attempt (W3, W4): the destination is checked and resolved once, and the connection
 * goes to the address that was checked (W1); the answer must be 2xx within the timeout; redirects
 * are answers like any other (not followed).
 */
export async function attemptDelivery(attempt: Attempt, options: SenderOptions, now: Date): Promise<AttemptOutcome> {
  const started = performance.now();
  const outcome = (fields: Partial<AttemptOutcome>): AttemptOutcome => ({
    succeeded: false,
    responseStatus: null,
    responseBody: null,
    error: null,
    ...fields,
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(attempt.url);
  } catch {
    return outcome({ error: 'the URL does not parse' });
  }
  // The timeout covers the name's resolution too: a resolver that never answers must not hold a lane.
  let address;
  let lookupTimer: NodeJS.Timeout | undefined;
  try {
    const timedOut = new Promise<never>((_, reject) => {
      lookupTimer = setTimeout(() => reject(LOOKUP_TIMED_OUT), options.timeoutMs);
    });
    address = await Promise.race([checkDestination(url, { allowPrivate: options.allowPrivate, lookup: options.lookup }), timedOut]);
  } catch (error) {
    if (error === LOOKUP_TIMED_OUT) return outcome({ error: `no answer within ${options.timeoutMs} ms (the host name was not resolved)` });
    return outcome({ error: error instanceof RefusedDestination ? `refused: ${error.reason}` : `refused: ${String(error)}` });
  } finally {
    clearTimeout(lookupTimer);
  }
  // Whole milliseconds, rounded up: a timer of 799.6 ms fires at 799, before the timeout has passed.
  const remainingMs = Math.max(1, Math.ceil(options.timeoutMs - (performance.now() - started)));
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Rapport-Webhooks/1',
    'webhook-id': attempt.messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(attempt.secrets, attempt.messageId, timestamp, attempt.body),
  };
  const secure = url.protocol === 'https:';
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (result: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const request = (secure ? https : http).request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(attempt.body) },
      agent: secure ? agents.https : agents.http,
      lookup: pinnedLookup(address) as never,
    });
    const deadline = setTimeout(() => {
      request.destroy();
      finish(outcome({ error: `no answer within ${options.timeoutMs} ms` }));
    }, remainingMs);
    request.on('error', (error) => finish(outcome({ error: `connection failed: ${error.message}` })));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (kept < KEPT_RESPONSE_BYTES) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      response.on('error', (error) => finish(outcome({ responseStatus: response.statusCode ?? null, error: `answer cut: ${error.message}` })));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const body = Buffer.concat(chunks).toString('utf8').slice(0, KEPT_RESPONSE_BYTES);
        const succeeded = status >= 200 && status < 300;
        finish(outcome({ succeeded, responseStatus: status, responseBody: body, error: succeeded ? null : `answered ${status}` }));
      });
    });
    request.end(attempt.body);
  });
}
