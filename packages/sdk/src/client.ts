import createClient, { defaultPathSerializer } from 'openapi-fetch';
import type { Call, CoreClient, HttpMethod, ItemOf, ListPath, Payload, Unwrap } from './calls.js';
import { RapportError, RapportTimeoutError, isRecord } from './errors.js';
import { type MailingFoldersApi, type MailingsApi, mailingFoldersApi, mailingsApi } from './mailings-client.js';
import { paginate } from './pagination.js';
import { type RetryOptions, type Sleep, defaultSleep, resolveRetry, withRetry } from './retry.js';
import type { paths } from './schema.js';
import { type SegmentsApi, segmentsApi } from './segments-client.js';
import { type UploadProgress, type UploadSource, blacklistMultipart, countingStream, sendWithXhr, xhrConstructor } from './upload.js';
import { type WebhooksApi, webhooksApi } from './webhooks-client.js';

export type { paths } from './schema.js';
export type { Call, CoreClient, HttpMethod, ItemOf, ListPath, PathsWith, Payload, RawClient, Unwrap } from './calls.js';

export type BackgroundRequest = Payload<'get', '/requests/{request_id}'>;
export type BlacklistUploadResult = Payload<'post', '/account/blacklist'>;

export interface RapportClientOptions {
  /** The server's address, e.g. `http://127.0.0.1:8080` (the `/apiv3` prefix is added unless present). */
  baseUrl: string;
  /**
   * Sent as `Authorization: Basic <apiKey>` (G2). Left out, no Authorization header is sent: in a
   * browser on the server's own origin the console's session cookie goes instead (T3), and a write
   * then needs `headers: { 'X-Rapport-Console': '1' }`.
   */
  apiKey?: string;
  /** Replaces globalThis.fetch (tests, proxies, instrumentation). */
  fetch?: (request: Request) => Promise<Response>;
  /** Retry on 429/503 honouring Retry-After (default: 4 attempts); `false` turns it off. */
  retry?: RetryOptions | false;
  /** The timer behind retry waits and polling, e.g. a fake in tests. */
  sleep?: Sleep;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
}

export interface BlacklistUploadOptions {
  /** A file path (Node.js), a Blob/File, a web ReadableStream, or an async iterable of bytes such as a Node.js Readable. */
  file: UploadSource;
  blacklist: 'email' | 'telephone';
  /** `create` adds entries; `delete-create` replaces the whole list, atomically. */
  type: 'create' | 'delete-create';
  /** Name sent for the file part (default: the path's base name, or `upload.csv`). */
  filename?: string;
  signal?: AbortSignal;
  /**
   * Called as the body goes out, e.g. for a progress bar. In a browser with a Blob/File the upload
   * then goes through XMLHttpRequest (fetch reports no upload progress there), not `options.fetch`.
   */
  onProgress?: (progress: UploadProgress) => void;
  /** O8: `dry_run=true`: the file is read and checked as for real, nothing changes; the answer says what would. */
  dryRun?: boolean;
}

export interface WaitOptions {
  /** Give up (RapportTimeoutError) after this long (default 60 s). */
  timeoutMs?: number;
  /** Pause between two reads (default 500 ms). */
  intervalMs?: number;
  /** Called with each state read, e.g. to show progress. */
  onProgress?: (request: BackgroundRequest) => void;
  signal?: AbortSignal;
}

export interface RapportClient extends CoreClient {
  /** L1: streams a CSV to `POST /account/blacklist`. */
  uploadBlacklist(upload: BlacklistUploadOptions): Promise<BlacklistUploadResult>;
  /** K3: reads `GET /requests/{id}` until the request is `done` or `failed`, and answers that state. */
  waitForRequest(requestId: string, options?: WaitOptions): Promise<BackgroundRequest>;
  /** SG1–SG6: segments with typed definitions, their members as an iterator, the export as a stream. */
  readonly segments: SegmentsApi;
  /** W1, W5: webhook endpoints, their secret and their delivery log (verifyWebhook checks what they receive). */
  readonly webhooks: WebhooksApi;
  /** M2–M7: mailings, their preview, test sends, sending and recipients. */
  readonly mailings: MailingsApi;
  /** M1: folders of mailings. */
  readonly mailingFolders: MailingFoldersApi;
}

const API_PREFIX = '/apiv3';

/** The body of a successful answer: the envelope's payload, or a bare body as it came. */
export function unwrapEnvelope<T>(data: T): Unwrap<T> {
  const envelope = isRecord(data) && 'payload' in data && typeof data.code === 'string' && typeof data.message === 'string' && typeof data.time === 'string';
  return (envelope ? (data as unknown as { payload: unknown }).payload : data) as Unwrap<T>;
}

function settle<T>(result: { data?: T; error?: unknown; response: Response }): Unwrap<T> {
  if (!result.response.ok) throw RapportError.fromResponse(result.response, result.error);
  return unwrapEnvelope(result.data as T);
}

async function readResponse(response: Response): Promise<{ data?: unknown; error?: unknown; response: Response }> {
  const text = await response.text();
  let body: unknown = text === '' ? undefined : text;
  try {
    if (text !== '') body = JSON.parse(text);
  } catch {
    // not JSON (a proxy's page): RapportError keeps the text as its message
  }
  return response.ok ? { data: body, response } : { error: body, response };
}

/**
 * A `{*}` path parameter is the rest of the path, sent as given (the platform's `PUT /branches/*`, P4). The
 * served document now describes that update as `PUT /branches/{id}` (the name's base64 as one segment),
 * so no generated path has `{*}` today; kept for a document that has one.
 */
function pathSerializer(pathname: string, params: Record<string, unknown>): string {
  const rest = params['*'];
  const filled = rest === undefined || rest === null ? pathname : pathname.replace('{*}', encodeURIComponent(String(rest)));
  return defaultPathSerializer(filled, params);
}

export function createRapportClient(options: RapportClientOptions): RapportClient {
  const root = options.baseUrl.replace(/\/+$/, '');
  const apiBase = root.endsWith(API_PREFIX) ? root : root + API_PREFIX;
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = options.sleep ?? defaultSleep;
  const retry = resolveRetry(options.retry, sleep);
  const headers: Record<string, string> = options.apiKey === undefined ? { ...options.headers } : { ...options.headers, Authorization: `Basic ${options.apiKey}` };

  // Each attempt sends a copy: a request body can be read once.
  const fetchWithRetry = (request: Request) => withRetry(() => baseFetch(request.clone()), retry, request.signal);
  const raw = createClient<paths>({ baseUrl: apiBase, headers, fetch: fetchWithRetry, pathSerializer });

  const call =
    <M extends HttpMethod>(method: Uppercase<M>): Call<M> =>
    async (path, ...init) =>
      settle(await (raw[method] as (path: string, init?: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>)(path, init[0])) as never;

  const client: RapportClient = {
    raw,
    GET: call<'get'>('GET'),
    POST: call<'post'>('POST'),
    PUT: call<'put'>('PUT'),
    DELETE: call<'delete'>('DELETE'),
    segments: segmentsApi(() => client),
    webhooks: webhooksApi(() => client),
    mailings: mailingsApi(() => client),
    mailingFolders: mailingFoldersApi(() => client),

    paginate(path, init, pageOptions) {
      const given = (init ?? {}) as { params?: { query?: Record<string, unknown> } };
      const readPage = (page: number, limit: number) =>
        client.GET(path as ListPath, { ...given, params: { ...given.params, query: { ...given.params?.query, page, limit } } } as never) as Promise<never[]>;
      return paginate<ItemOf<typeof path>>(readPage, pageOptions);
    },

    async uploadBlacklist(upload) {
      const { body, contentType, replayable } = await blacklistMultipart(upload.file, upload, upload.filename);
      const url = `${apiBase}/account/blacklist${upload.dryRun ? '?dry_run=true' : ''}`;
      const progress = upload.onProgress;
      const viaXhr = progress !== undefined && body instanceof Blob && xhrConstructor() !== undefined;
      const send = () =>
        viaXhr
          ? sendWithXhr(url, { ...headers, 'Content-Type': contentType }, body, progress, upload.signal)
          : baseFetch(
              new Request(url, {
                method: 'POST',
                headers: { ...headers, 'Content-Type': contentType },
                body: progress ? countingStream(body, progress) : body,
                duplex: 'half', // a stream body goes out as it is read
                signal: upload.signal,
              } as RequestInit),
            );
      // A stream can be read once: it is sent once; a file or Blob is retried like any request.
      const response = await withRetry(send, replayable ? retry : { ...retry, maxAttempts: 1 }, upload.signal);
      return settle(await readResponse(response)) as BlacklistUploadResult;
    },

    async waitForRequest(requestId, waitOptions = {}) {
      const timeoutMs = waitOptions.timeoutMs ?? 60_000;
      const intervalMs = waitOptions.intervalMs ?? 500;
      const deadline = Date.now() + timeoutMs;
      let last: string | null = null;
      for (;;) {
        const state = await client.GET('/requests/{request_id}', { params: { path: { request_id: requestId } }, signal: waitOptions.signal });
        last = state.status;
        waitOptions.onProgress?.(state);
        if (state.status === 'done' || state.status === 'failed') return state;
        const left = deadline - Date.now();
        if (left <= 0) throw new RapportTimeoutError(requestId, last, timeoutMs);
        await sleep(Math.min(intervalMs, left), waitOptions.signal);
      }
    },
  };
  return client;
}
