// L1: the blacklist upload is multipart/form-data with the `file` part first and the `blacklist`
// and `type` fields after it, as the platform's client sends it. The body is built around the
// file without reading it into memory: a Blob (a file opened with fs.openAsBlob, or a browser
// File) stays a reference to the file, and a stream is passed through chunk by chunk.

/** What can be uploaded: a file path (Node.js), a Blob or File, a web ReadableStream, or any async iterable of bytes (a Node.js Readable). */
export type UploadSource = string | URL | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/** Bytes of the request body sent so far; `total` is null when the size is not known (a stream). */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

export interface MultipartBody {
  body: Blob | ReadableStream<Uint8Array>;
  contentType: string;
  /** A Blob body can be sent again (retries); a stream can be read once only. */
  replayable: boolean;
}

const NODE_FS = 'node:fs'; // a variable, so bundlers for the browser leave the import alone

function boundary(): string {
  let text = '';
  while (text.length < 24) text += Math.random().toString(36).slice(2);
  return `----RapportSdk${text.slice(0, 24)}`;
}

/** A quoted-string of Content-Disposition, escaped as browsers escape file names. */
function quoted(value: string): string {
  return `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

function filenameOf(source: UploadSource, given: string | undefined): string {
  if (given) return given;
  if (typeof source === 'string' || source instanceof URL) {
    const path = typeof source === 'string' ? source : source.pathname;
    return path.split(/[\\/]/).pop() || 'upload.csv';
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob && 'name' in source && typeof source.name === 'string' && source.name) return source.name;
  return 'upload.csv';
}

/** What is used of node:fs, typed here so the SDK's sources compile without Node.js types (browser builds). */
interface NodeFs {
  promises: { access(path: string | URL, mode?: number): Promise<void> };
  constants: { R_OK: number };
  openAsBlob(path: string | URL, options?: { type?: string }): Promise<Blob>;
}

async function openFile(path: string | URL): Promise<Blob> {
  const fs = (await import(/* @vite-ignore */ NODE_FS)) as NodeFs;
  await fs.promises.access(path, fs.constants.R_OK); // ENOENT, EACCES named by the path
  return fs.openAsBlob(path, { type: 'text/csv' });
}

function streamOf(head: string, source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>, tail: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next: () => Promise<IteratorResult<Uint8Array | string>>;
  let stop: (reason: unknown) => Promise<unknown>;
  if (Symbol.asyncIterator in source) {
    const iterator = (source as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
    next = () => iterator.next();
    stop = async (reason) => iterator.return?.(reason);
  } else {
    const reader = (source as ReadableStream<Uint8Array>).getReader();
    next = () => reader.read() as Promise<IteratorResult<Uint8Array>>;
    stop = (reason) => reader.cancel(reason);
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    // One chunk per pull: the network's pace decides how much is read (backpressure).
    async pull(controller) {
      const { value, done } = await next();
      if (done) {
        controller.enqueue(encoder.encode(tail));
        controller.close();
      } else if (value.length > 0) {
        controller.enqueue(typeof value === 'string' ? encoder.encode(value) : value);
      }
    },
    async cancel(reason) {
      await stop(reason);
    },
  });
}

/** The multipart body of `POST /account/blacklist`: `file` first, then `blacklist` and `type`. */
export async function blacklistMultipart(
  source: UploadSource,
  fields: { blacklist: string; type: string },
  filename?: string,
): Promise<MultipartBody> {
  const mark = boundary();
  const head =
    `--${mark}\r\nContent-Disposition: form-data; name="file"; filename=${quoted(filenameOf(source, filename))}\r\n` +
    'Content-Type: text/csv\r\n\r\n';
  const tail =
    `\r\n--${mark}\r\nContent-Disposition: form-data; name="blacklist"\r\n\r\n${fields.blacklist}` +
    `\r\n--${mark}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${fields.type}\r\n--${mark}--\r\n`;
  const contentType = `multipart/form-data; boundary=${mark}`;
  const file = typeof source === 'string' || source instanceof URL ? await openFile(source) : source;
  if (typeof Blob !== 'undefined' && file instanceof Blob) {
    return { body: new Blob([head, file, tail], { type: contentType }), contentType, replayable: true };
  }
  return { body: streamOf(head, file as ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>, tail), contentType, replayable: false };
}

/**
 * The body as a stream that reports how much of it has been read, i.e. handed to the network
 * (fetch in Node.js reads a stream body as the socket takes it). A Blob gives a new stream each time.
 */
export function countingStream(body: Blob | ReadableStream<Uint8Array>, onProgress: (progress: UploadProgress) => void): ReadableStream<Uint8Array> {
  const total = typeof Blob !== 'undefined' && body instanceof Blob ? body.size : null;
  const source = total === null ? (body as ReadableStream<Uint8Array>) : (body as Blob).stream();
  let loaded = 0;
  return source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(chunk);
        loaded += chunk.byteLength;
        onProgress({ loaded, total });
      },
    }),
  );
}

// The part of XMLHttpRequest used here (the SDK compiles against Node.js types, which lack it).
interface Xhr {
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  readonly upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  onloadend: (() => void) | null;
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  getAllResponseHeaders(): string;
  send(body: Blob): void;
  abort(): void;
}

/** The browser's XMLHttpRequest, or undefined (Node.js). */
export const xhrConstructor = (): (new () => Xhr) | undefined => (globalThis as { XMLHttpRequest?: new () => Xhr }).XMLHttpRequest;

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * Browsers: fetch cannot report upload progress (nor stream a body over HTTP/1.1), XMLHttpRequest
 * can. Sends `body` with it and answers a Response like fetch would.
 */
export function sendWithXhr(
  url: string,
  headers: Record<string, string>,
  body: Blob,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<Response> {
  const XhrClass = xhrConstructor();
  if (!XhrClass) return Promise.reject(new TypeError('XMLHttpRequest is not available here'));
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const xhr = new XhrClass();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : body.size });
    xhr.onload = () => {
      const status = xhr.status;
      const empty = status === 204 || status === 205 || status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status, statusText: xhr.statusText, headers: headersOf(xhr.getAllResponseHeaders()) }));
    };
    xhr.onerror = () => reject(new TypeError('the upload failed: the server could not be reached or closed the connection'));
    const onAbort = () => xhr.abort();
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('The upload was aborted', 'AbortError'));
    xhr.onloadend = () => signal?.removeEventListener('abort', onAbort);
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}
